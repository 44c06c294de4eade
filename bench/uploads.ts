/**
 * `npx tsx bench/uploads.ts`: the selling write path (issue 3).
 *
 * - create listing: createOwnerListing with the real DynamoDB adapters (profile read, listing
 *   put, pending-image check) against an in-memory DynamoDB Local, p50/p99 over many creates;
 * - one 5 MB 4000×3000 JPEG through what /complete does to it: magic-byte check, then decode,
 *   EXIF rotation and re-encode into the original + three WebP variants (makeImageVariants).
 * Prints PASS/MISS against the targets.
 */
import os from 'node:os';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { ulid } from 'ulid';
import { makeDynamoClient } from '../dev/stand-ins/dynamodb-local.js';
import { ownerListingStore, pendingUploadStore } from '../functions/src/adapters/dynamodb/owner-listings-repo.js';
import { profileStore } from '../functions/src/adapters/dynamodb/profiles-repo.js';
import { makeImageVariants } from '../functions/src/adapters/images/variants.js';
import type { Caller } from '../functions/src/domain/caller.js';
import { createOwnerListing } from '../functions/src/domain/listings/manage-create.js';
import type { ManageListingDeps } from '../functions/src/domain/listings/manage-ports.js';
import { detectImageKind } from '../functions/src/domain/uploads/verify-upload.js';
import { LIMITS } from '../shared/constants.js';
import { sellListingSchema } from '../shared/schemas/sell.js';
import { createBenchTable, startBenchDynamo } from './dynamo-local.js';

const TARGETS = { createP99Ms: 50, imageMs: 3000 };
const CREATES = 400;
/** DynamoDB Local (a JVM) and the SDK warm up over the first requests; those are not timed. */
const WARMUP_CREATES = 60;
const IMAGE_RUNS = 5;

const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function benchCreate(): Promise<boolean> {
  const dynamo = await startBenchDynamo();
  try {
    const tableName = 'bench-uploads';
    await createBenchTable(dynamo.endpoint, tableName);
    const ddb = DynamoDBDocumentClient.from(makeDynamoClient(dynamo.endpoint), { marshallOptions: { removeUndefinedValues: true } });
    const pending = pendingUploadStore(ddb, tableName);
    const deps: ManageListingDeps = {
      listings: ownerListingStore(ddb, tableName),
      profiles: profileStore(ddb, tableName),
      pendingImages: pending,
      imageFiles: { deleteImages: async () => undefined },
      events: { publish: async () => undefined },
      now: () => new Date(),
      newId: () => ulid(),
      logError: (m) => console.error(m),
    };
    const sellers: Caller[] = Array.from({ length: 20 }, (_, i) => ({
      kind: 'user',
      userId: `bench-seller-${i}`,
      username: `bench-seller-${i}`,
      groups: [],
      isAdmin: false,
      isSuperAdmin: false,
    }));
    const timings: number[] = [];
    for (let i = 0; i < WARMUP_CREATES + CREATES; i++) {
      const caller = sellers[i % sellers.length];
      if (caller.kind !== 'user') continue;
      // Every create attaches three verified images, as a typical seller does.
      const imageKeys = [0, 1, 2].map(() => `listings/${ulid()}`);
      await pending.remember(
        caller.userId,
        imageKeys.map((key) => ({ key, width: 1600, height: 1200 })),
      );
      const input = sellListingSchema.parse({
        make: 'volvo',
        model: `FH ${i}`,
        year: 2018 + (i % 6),
        category: 'articulated',
        price: 30000 + i,
        contactName: 'Bench Seller',
        phone: '07700 900000',
        images: imageKeys,
      });
      const t0 = performance.now();
      await createOwnerListing(deps, caller, input);
      if (i >= WARMUP_CREATES) timings.push(performance.now() - t0);
    }
    timings.sort((a, b) => a - b);
    const p50 = percentile(timings, 50);
    const p99 = percentile(timings, 99);
    const ok = p99 <= TARGETS.createP99Ms;
    console.log(
      `create listing (${CREATES}, DynamoDB Local, 3 images each): p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms — target p99 ≤ ${TARGETS.createP99Ms} ms ${verdict(ok)}`,
    );
    ddb.destroy();
    return ok;
  } finally {
    await dynamo.stop();
  }
}

/** A 4000×3000 JPEG of noise (which compresses badly, like a detailed photo) just under 5 MB. */
async function fiveMegabytePhoto(): Promise<Buffer> {
  const raw = sharp({
    create: { width: 4000, height: 3000, channels: 3, background: '#6b8', noise: { type: 'gaussian', mean: 128, sigma: 24 } },
  });
  const pixels = await raw.png({ compressionLevel: 0 }).toBuffer();
  let best: Buffer | null = null;
  for (let quality = 95; quality >= 20; quality -= 5) {
    const jpeg = await sharp(pixels).jpeg({ quality }).toBuffer();
    if (jpeg.length <= LIMITS.maxImageBytes) {
      best = jpeg;
      break;
    }
  }
  if (!best) throw new Error('could not make a JPEG under 5 MB');
  return best;
}

async function benchImage(): Promise<boolean> {
  const photo = await fiveMegabytePhoto();
  const timings: number[] = [];
  let rssPeak = 0;
  for (let i = 0; i < IMAGE_RUNS; i++) {
    const t0 = performance.now();
    if (!detectImageKind(photo)) throw new Error('bench photo not recognised');
    const v = await makeImageVariants(photo);
    timings.push(performance.now() - t0);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    if (v.width !== 4000 || v.height !== 3000) throw new Error(`unexpected size ${v.width}×${v.height}`);
  }
  timings.sort((a, b) => a - b);
  const worst = timings[timings.length - 1];
  const median = percentile(timings, 50);
  const ok = median <= TARGETS.imageMs;
  console.log(
    `5 MB 4000×3000 JPEG (${(photo.length / 1024 / 1024).toFixed(2)} MB) → check + original + 3 WebP: median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms, RSS peak ${(rssPeak / 1024 / 1024).toFixed(0)} MB — target median ≤ ${TARGETS.imageMs} ms ${verdict(ok)}`,
  );
  return ok;
}

console.log(
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${os.cpus().length} CPUs (timings are only comparable on a quiet machine)`,
);
const results = [await benchCreate(), await benchImage()];
process.exit(results.every(Boolean) ? 0 : 1);
