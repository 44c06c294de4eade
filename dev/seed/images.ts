/**
 * Pictures for the demo listings. Each is drawn as SVG (truck-art.ts) and run through the same
 * re-encode as an upload (makeImageVariants). Seeding must stay fast, so:
 *  - views that do not show the individual truck (rear, cab front, dashboard) are drawn once per
 *    make, body and dealer and shared by every listing that matches;
 *  - identical drawings are encoded once per run;
 *  - encoded variants are kept in node_modules/.cache, so a reseed after `npm run reset` only uploads.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ImageVariants,
  VARIANT_WIDTHS,
  type VariantOptions,
  makeImageVariants,
} from '../../functions/src/adapters/images/variants.js';
import { type DemoListing, demoUser, hash32 } from './data.js';
import { type ArtView, type TruckArtSpec, colourwayFor, truckSvg, viewForIndex } from './truck-art.js';

/** Bump when the drawing or encoding changes in a way the SVG text does not capture. */
const PIPELINE_VERSION = 'v1';
/** WebP effort 0 encodes about three times as fast as the default 4 for ~40 % larger files: fine for demo pictures. */
const SEED_ENCODING: VariantOptions = { jpegQuality: 80, webpQuality: 76, webpEffort: 0 };
const CACHE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/.cache/truckyard-seed');

export interface ImageJob {
  key: string;
  spec: TruckArtSpec;
  view: ArtView;
}

/** What to draw for each of a listing's image keys, in gallery order. */
export function imageJobsFor(listing: DemoListing, imageKeys: string[]): ImageJob[] {
  const seller = demoUser(listing.seller);
  const colourway = colourwayFor(listing.artSeed);
  const base: TruckArtSpec = {
    category: listing.category,
    make: listing.make,
    model: listing.model,
    axleConfig: listing.axleConfig,
    cabType: listing.cabType,
    gvwTonnes: listing.gvwTonnes,
    livery: listing.livery,
    plate: seller.plate,
    seed: listing.artSeed,
    colourway,
    electric: listing.fuelType === 'electric',
    crane: listing.features.some((f) => /crane|hiab|palfinger|brick grab/i.test(f)),
  };
  return imageKeys.map((key, n) => {
    const view = viewForIndex(n);
    const sharedSeed = (...parts: unknown[]) =>
      hash32([view, listing.make, listing.category, listing.gvwTonnes, listing.axleConfig, colourway, ...parts].join('|'));
    if (view === 'three-quarter') return { key, view, spec: base };
    if (view === 'side' || view === 'side-right') {
      // A plain truck (no operator livery) looks like any other of its model: draw it once.
      return { key, view, spec: listing.livery ? base : { ...base, seed: sharedSeed(listing.model, listing.cabType) } };
    }
    if (view === 'interior') return { key, view, spec: { ...base, livery: null, model: '', seed: sharedSeed() } };
    // Rear and cab front show the seller's plate but no livery.
    return { key, view, spec: { ...base, livery: null, seed: sharedSeed(listing.cabType, listing.seller) } };
  });
}

async function readCached(dir: string): Promise<ImageVariants | null> {
  try {
    const meta = JSON.parse(await readFile(path.join(dir, 'meta.json'), 'utf8')) as { width: number; height: number };
    const [original, ...bodies] = await Promise.all([
      readFile(path.join(dir, 'original.jpg')),
      ...VARIANT_WIDTHS.map((w) => readFile(path.join(dir, `w${w}.webp`))),
    ]);
    return { ...meta, original, variants: VARIANT_WIDTHS.map((width, i) => ({ width, body: bodies[i] })) };
  } catch {
    return null;
  }
}

async function writeCached(dir: string, v: ImageVariants): Promise<void> {
  // Written to a temporary folder and renamed, so a crash never leaves half an entry.
  const tmp = `${dir}.${process.pid}.tmp`;
  await mkdir(tmp, { recursive: true });
  await Promise.all([
    writeFile(path.join(tmp, 'original.jpg'), v.original),
    ...v.variants.map((x) => writeFile(path.join(tmp, `w${x.width}.webp`), x.body)),
  ]);
  await writeFile(path.join(tmp, 'meta.json'), JSON.stringify({ width: v.width, height: v.height }));
  await rename(tmp, dir).catch(() => undefined);
}

/** SEED_IMAGE_CACHE=off draws every picture again (to measure); any other value is the cache folder. */
function cacheDirFromEnv(): string | null {
  const v = process.env.SEED_IMAGE_CACHE;
  if (v === 'off') return null;
  return v ? path.resolve(v) : CACHE_DIR;
}

export function createImageRenderer(opts: { cacheDir?: string | null } = {}) {
  const cacheDir = opts.cacheDir === undefined ? cacheDirFromEnv() : opts.cacheDir;
  const inFlight = new Map<string, Promise<ImageVariants>>();
  let rendered = 0;
  let fromCache = 0;

  async function produce(svg: string, id: string): Promise<ImageVariants> {
    const dir = cacheDir ? path.join(cacheDir, id) : null;
    if (dir) {
      const cached = await readCached(dir);
      if (cached) {
        fromCache++;
        return cached;
      }
    }
    // sharp rasterises the SVG as it decodes it: no intermediate JPEG.
    const v = await makeImageVariants(Buffer.from(svg), SEED_ENCODING);
    rendered++;
    if (dir) await writeCached(dir, v).catch(() => undefined);
    return v;
  }

  return {
    /** Parallel jobs worth running: sharp works on libuv's pool, one image per core plus I/O overlap. */
    concurrency: Math.max(2, Math.min(6, os.availableParallelism() + 1)),
    variantsFor(job: ImageJob): Promise<ImageVariants> {
      const svg = truckSvg(job.spec, job.view);
      const id = createHash('sha256').update(PIPELINE_VERSION).update(JSON.stringify(SEED_ENCODING)).update(svg).digest('hex').slice(0, 32);
      let p = inFlight.get(id);
      if (!p) {
        p = produce(svg, id);
        inFlight.set(id, p);
      }
      return p;
    },
    stats: () => ({ rendered, fromCache, unique: inFlight.size }),
  };
}
