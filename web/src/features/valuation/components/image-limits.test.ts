import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FileLike, selectListingImages } from '@/lib/listing-image-rules';
import { VALUATION_IMAGE_LIMITS as IMAGE_LIMITS } from './image-limits';

const MB = 1024 * 1024;
// The valuation form's limits are the shared LIMITS (spec §9): 10 images, 5 MB each.
const selectImages = (current: number, incoming: FileLike[]) => selectListingImages(current, incoming, IMAGE_LIMITS);
const jpg = (name: string, size = 2 * MB): FileLike => ({ name, type: 'image/jpeg', size });

describe('the valuation form’s image rules', () => {
  it('accepts images up to the limit of 10', () => {
    const files = Array.from({ length: 4 }, (_, i) => jpg(`cab-${i}.jpg`));
    expect(selectImages(6, files)).toEqual({ accepted: files, problem: null });
  });

  it('adds nothing when the total would pass 10', () => {
    const files = [jpg('a.jpg'), jpg('b.jpg')];
    expect(selectImages(9, files)).toEqual({
      accepted: [],
      problem: { title: 'Too many images', description: 'You can upload a maximum of 10 images.' },
    });
    expect(
      selectImages(
        0,
        Array.from({ length: 11 }, (_, i) => jpg(`${i}.jpg`)),
      ).accepted,
    ).toEqual([]);
  });

  it('leaves out a file that is not an image and keeps the rest', () => {
    const result = selectImages(0, [jpg('front.jpg'), { name: 'logbook.pdf', type: 'application/pdf', size: 1000 }]);
    expect(result.accepted.map((f) => f.name)).toEqual(['front.jpg']);
    expect(result.problem).toEqual({ title: 'Invalid file type', description: 'logbook.pdf is not a valid image file.' });
  });

  it('leaves out a file over 5 MB, but accepts exactly 5 MB', () => {
    const result = selectImages(0, [jpg('huge.jpg', 5 * MB + 1), jpg('ok.jpg', 5 * MB)]);
    expect(result.accepted.map((f) => f.name)).toEqual(['ok.jpg']);
    expect(result.problem).toEqual({ title: 'File too large', description: 'huge.jpg is larger than 5MB.' });
  });

  it('reports the first problem when several files are refused', () => {
    const result = selectImages(0, [{ name: 'notes.txt', type: 'text/plain', size: 10 }, jpg('huge.jpg', 6 * MB)]);
    expect(result.problem?.title).toBe('Invalid file type');
    expect(result.accepted).toEqual([]);
  });

  it('never lets the total pass 10 and only accepts small images', () => {
    const file = fc.record({
      name: fc.string({ minLength: 1, maxLength: 12 }),
      type: fc.constantFrom('image/jpeg', 'image/png', 'image/webp', 'application/pdf', 'video/mp4', ''),
      size: fc.integer({ min: 0, max: 8 * MB }),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.array(file, { maxLength: 14 }), (current, incoming) => {
        const { accepted, problem } = selectImages(current, incoming);
        expect(current + accepted.length).toBeLessThanOrEqual(IMAGE_LIMITS.maxImages);
        for (const f of accepted) {
          expect(f.type.startsWith('image/')).toBe(true);
          expect(f.size).toBeLessThanOrEqual(IMAGE_LIMITS.maxBytes);
        }
        if (accepted.length < incoming.length) expect(problem).not.toBeNull();
      }),
    );
  });
});
