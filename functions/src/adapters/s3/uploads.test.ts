import { describe, expect, it } from 'vitest';
import { withPublicOrigin } from './uploads.js';

describe('withPublicOrigin', () => {
  it('points a presigned POST at the origin the browser can reach, keeping the bucket path', () => {
    expect(withPublicOrigin('http://127.0.0.1:4569/truck-images', 'http://localhost:4569')).toBe('http://localhost:4569/truck-images');
  });

  it('leaves the URL alone when no public endpoint is configured (AWS)', () => {
    const url = 'https://truck-images.s3.eu-west-2.amazonaws.com/';
    expect(withPublicOrigin(url, null)).toBe(url);
  });
});
