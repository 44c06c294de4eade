import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeImageVariants } from './variants.js';

/** A JPEG as a phone writes it: landscape pixels, Orientation 6 (rotate 90°), camera make and GPS position. */
async function phoneJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .jpeg()
    .toBuffer();
}

const isWebp = (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP';

describe('makeImageVariants', () => {
  it('strips EXIF (GPS included) from the original and every variant', async () => {
    // Prepare
    const input = await phoneJpeg(2000, 1200);
    expect((await sharp(input).metadata()).exif?.toString('latin1')).toContain('TestCam');

    // Act
    const out = await makeImageVariants(input);

    // Assess
    for (const body of [out.original, ...out.variants.map((v) => v.body)]) {
      const meta = await sharp(body).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(body.includes(Buffer.from('TestCam'))).toBe(false);
    }
  });

  it('applies the EXIF orientation before measuring and resizing', async () => {
    const out = await makeImageVariants(await phoneJpeg(2000, 1200));

    expect({ width: out.width, height: out.height }).toEqual({ width: 1200, height: 2000 });
    const meta = await sharp(out.original).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: 1200, height: 2000 });
  });

  it('produces WebP variants at 400, 800 and 1600 px wide', async () => {
    const input = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#2c3e50' } })
      .jpeg()
      .toBuffer();

    const out = await makeImageVariants(input);

    expect(out.variants.map((v) => v.width)).toEqual([400, 800, 1600]);
    for (const v of out.variants) {
      expect(isWebp(v.body)).toBe(true);
      const meta = await sharp(v.body).metadata();
      expect(meta.width).toBe(v.width);
      expect(meta.height).toBe((v.width * 3) / 4);
    }
  });

  it('never upscales: variants wider than the original keep its width but still exist', async () => {
    const input = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#27ae60' } })
      .png()
      .toBuffer();

    const out = await makeImageVariants(input);

    const widths = await Promise.all(out.variants.map(async (v) => (await sharp(v.body).metadata()).width));
    expect(out.variants.map((v) => v.width)).toEqual([400, 800, 1600]);
    expect(widths).toEqual([400, 640, 640]);
    expect(out.original.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('scales very large originals down to 4096 px on the longest edge', async () => {
    const input = await sharp({ create: { width: 6000, height: 1500, channels: 3, background: '#8e44ad' } })
      .jpeg()
      .toBuffer();

    const out = await makeImageVariants(input);

    expect({ width: out.width, height: out.height }).toEqual({ width: 4096, height: 1024 });
    expect((await sharp(out.original).metadata()).width).toBe(4096);
  });

  it('rejects input that is not an image', async () => {
    await expect(makeImageVariants(Buffer.from('not an image at all'))).rejects.toThrow();
  });
});
