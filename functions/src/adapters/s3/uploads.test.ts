import { describe, expect, it } from 'vitest';
import { S3Client } from '@aws-sdk/client-s3';
import { presignFilePost, withPublicOrigin } from './uploads.js';

describe('withPublicOrigin', () => {
  it('points a presigned POST at the origin the browser can reach, keeping the bucket path', () => {
    expect(withPublicOrigin('http://127.0.0.1:4569/truck-images', 'http://localhost:4569')).toBe('http://localhost:4569/truck-images');
  });

  it('leaves the URL alone when no public endpoint is configured (AWS)', () => {
    const url = 'https://truck-images.s3.eu-west-2.amazonaws.com/';
    expect(withPublicOrigin(url, null)).toBe(url);
  });
});

describe('presignFilePost', () => {
  it('pins the key, the size range and the exact type in the signed policy', async () => {
    // Prepare
    const s3 = new S3Client({ region: 'eu-west-2', credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' } });
    // Act
    const post = await presignFilePost(s3, {
      bucket: 'private-uploads',
      key: 'imports/sub-1/01ARZ3NDEKTSV4RRFFQ69G5FAV.csv',
      contentType: 'text/csv',
      maxBytes: 4 * 1024 * 1024,
      expiresSeconds: 600,
    });
    // Assess
    const policy = JSON.parse(Buffer.from(post.fields.Policy, 'base64').toString('utf8')) as { conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        { key: 'imports/sub-1/01ARZ3NDEKTSV4RRFFQ69G5FAV.csv' },
        ['content-length-range', 1, 4 * 1024 * 1024],
        ['eq', '$Content-Type', 'text/csv'],
      ]),
    );
    expect(post.fields).toMatchObject({ key: 'imports/sub-1/01ARZ3NDEKTSV4RRFFQ69G5FAV.csv', 'Content-Type': 'text/csv' });
    s3.destroy();
  });
});
