import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CATEGORY_VALUES } from '../../shared/values.js';
import { type TruckArtSpec, truckSvg } from './truck-art.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const VIEW_ORDER = ['three-quarter', 'side', 'rear', 'cab', 'interior', 'side-right'] as const;
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const ART_HEIGHT = 1200;
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const ART_WIDTH = 1600;

const spec = (over: Partial<TruckArtSpec> = {}): TruckArtSpec => ({
  category: 'curtainsider',
  make: 'scania',
  model: 'R450',
  axleConfig: '6x2',
  cabType: 'sleeper',
  gvwTonnes: 26,
  livery: 'Pennine & Sons <Haulage>',
  plate: 'PENNINE',
  seed: 42,
  ...over,
});

describe('truck art', () => {
  it('draws valid SVG for every category and view', async () => {
    for (const category of CATEGORY_VALUES) {
      for (const view of VIEW_ORDER) {
        const meta = await sharp(Buffer.from(truckSvg(spec({ category }), view))).metadata();
        expect({ category, view, format: meta.format, width: meta.width, height: meta.height }).toEqual({
          category,
          view,
          format: 'svg',
          width: ART_WIDTH,
          height: ART_HEIGHT,
        });
      }
    }
  });

  it('is deterministic for a spec and differs between seeds', () => {
    expect(truckSvg(spec(), 'three-quarter')).toBe(truckSvg(spec(), 'three-quarter'));
    expect(truckSvg(spec({ seed: 43 }), 'three-quarter')).not.toBe(truckSvg(spec(), 'three-quarter'));
  });

  it('escapes livery text and uses no group opacity (which makes librsvg ~3x slower)', () => {
    const svg = truckSvg(spec(), 'side');
    expect(svg).toContain('Pennine &amp; Sons &lt;Haulage&gt;');
    expect(svg).not.toMatch(/ opacity="/);
  });

  it('rasterises to a 1600×1200 JPEG', async () => {
    const svg = truckSvg(spec({ category: 'tipper', make: 'volvo', axleConfig: '8x4', gvwTonnes: 32 }), 'three-quarter');
    const jpeg = await sharp(Buffer.from(svg)).jpeg().toBuffer();
    const meta = await sharp(jpeg).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: 1600, height: 1200 });
  });
});
