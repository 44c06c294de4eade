import { describe, expect, it } from 'vitest';
import { moveItem, s3ErrorMessage, selectListingImages, summariseUploadFailures, uploadFailureReason } from './listing-image-rules';

const MB = 1024 * 1024;
const limits = { maxImages: 10, maxBytes: 5 * MB };
const img = (name: string, size = MB, type = 'image/jpeg') => ({ name, size, type });

describe('selectListingImages', () => {
  it('adds images within the limits', () => {
    const r = selectListingImages(0, [img('a.jpg'), img('b.png', MB, 'image/png')], limits);
    expect(r.accepted.map((f) => f.name)).toEqual(['a.jpg', 'b.png']);
    expect(r.problem).toBeNull();
  });

  it('adds none and says how many more fit when the choice would pass 10', () => {
    const r = selectListingImages(8, [img('a.jpg'), img('b.jpg'), img('c.jpg')], limits);
    expect(r.accepted).toEqual([]);
    expect(r.problem).toEqual({ title: 'Too many images', description: 'You can only upload 2 more image(s). Maximum 10 images allowed.' });
  });

  it('allows exactly up to 10', () => {
    expect(selectListingImages(8, [img('a.jpg'), img('b.jpg')], limits).accepted).toHaveLength(2);
    expect(selectListingImages(10, [img('a.jpg')], limits).problem?.description).toBe(
      'You can only upload 0 more image(s). Maximum 10 images allowed.',
    );
  });

  it('skips non-images and files over 5MB, keeping the rest and naming the first problem', () => {
    const r = selectListingImages(0, [img('doc.pdf', MB, 'application/pdf'), img('big.jpg', 5 * MB + 1), img('ok.jpg', 5 * MB)], limits);
    expect(r.accepted.map((f) => f.name)).toEqual(['ok.jpg']);
    expect(r.problem).toEqual({ title: 'Invalid file type', description: 'doc.pdf is not a valid image file.' });
    expect(selectListingImages(0, [img('big.jpg', 6 * MB)], limits).problem).toEqual({
      title: 'File too large',
      description: 'big.jpg is larger than 5MB.',
    });
  });
});

describe('summariseUploadFailures', () => {
  it('uses the spec text for one file', () => {
    expect(summariseUploadFailures([{ name: 'a.jpg', message: 'Network error' }])).toBe('Failed to upload a.jpg: Network error');
  });

  it('names every failed file in one message, grouping the same reason', () => {
    expect(
      summariseUploadFailures([
        { name: 'a.jpg', message: 'Network error' },
        { name: 'b.jpg', message: 'b.jpg is not a valid image file.' },
        { name: 'c.jpg', message: 'Network error' },
      ]),
    ).toBe('Failed to upload a.jpg, c.jpg: Network error; b.jpg: b.jpg is not a valid image file.');
  });

  it('is null when nothing failed', () => {
    expect(summariseUploadFailures([])).toBeNull();
  });
});

describe('moveItem', () => {
  it('moves left and right and clamps at the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 1, 0)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 2)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});

describe('s3ErrorMessage', () => {
  it('reads the XML message', () => {
    expect(
      s3ErrorMessage(
        400,
        '<Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>',
      ),
    ).toBe('Your proposed upload exceeds the maximum allowed size');
    expect(s3ErrorMessage(500, '')).toBe('Upload failed (500)');
  });
});

describe('uploadFailureReason', () => {
  it('words the API refusals without its internal key names', () => {
    expect(uploadFailureReason('UNSUPPORTED_MEDIA_TYPE', '01M82FTD is not a valid image file.')).toBe('not a valid image file');
    expect(uploadFailureReason('PAYLOAD_TOO_LARGE', '01M82FTD is larger than 5MB.')).toBe('larger than 5MB');
  });

  it('keeps other messages, without a trailing full stop', () => {
    expect(uploadFailureReason(null, 'Network error.')).toBe('Network error');
    expect(uploadFailureReason('ERROR', '')).toBe('Upload failed');
  });
});
