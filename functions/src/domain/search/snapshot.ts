/**
 * The search snapshot (issue 8 §2): every active listing's search projection in one object, so
 * a new search environment starts from S3 instead of reading the table. Layout, gzipped:
 *   u32 header bytes | header JSON (padded to 4 bytes) | i32 term offsets (n + 1) | i32 postings
 * The header holds the time the snapshot is as of, the vocabulary, and each card as a tuple of
 * CARD_FIELDS (images as key/width/height: URLs are rebuilt with the reader's base URL). Postings
 * are vocabulary index × 64 + field mask, so the reader interns each word once, not per listing.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Listing } from '../../../../shared/schemas/listing.js';
import { toListingImage } from '../listings/to-listing.js';
import { FIELD_BITS } from './text.js';

export const SNAPSHOT_FORMAT = 1;
const SLOT_FACTOR = 1 << FIELD_BITS;

const CARD_FIELDS = [
  'id',
  'source',
  'userId',
  'title',
  'make',
  'model',
  'year',
  'category',
  'fuelType',
  'transmission',
  'mileage',
  'price',
  'vatStatus',
  'axleConfig',
  'gvwTonnes',
  'euroStandard',
  'cabType',
  'description',
  'contactName',
  'companyName',
  'location',
  'postcode',
  'status',
  'createdAt',
  'updatedAt',
  'sourceWebsite',
  'sourceUrl',
] as const satisfies ReadonlyArray<keyof Listing>;

/** One listing as the snapshot writer sees it: its card, version, terms and their field masks. */
export interface SnapshotEntry {
  card: Listing;
  version: number;
  termIds: ArrayLike<number>;
  masks: ArrayLike<number>;
}

export interface SnapshotHeader {
  format: number;
  /** The index is complete up to this time: readers follow the change feed from (a little before) it. */
  asOfMs: number;
  vocab: string[];
  cards: unknown[][];
  versions: number[];
}

export function encodeSnapshot(asOfMs: number, vocab: readonly string[], entries: Iterable<SnapshotEntry>): Buffer {
  const cards: unknown[][] = [];
  const versions: number[] = [];
  const offsets: number[] = [0];
  const postings: number[] = [];
  for (const e of entries) {
    const c = e.card as unknown as Record<string, unknown>;
    const row: unknown[] = CARD_FIELDS.map((f) => c[f] ?? null);
    row.push(e.card.images.map((i) => [i.key, i.width, i.height]));
    cards.push(row);
    versions.push(e.version);
    for (let i = 0; i < e.termIds.length; i++) postings.push(e.termIds[i] * SLOT_FACTOR + e.masks[i]);
    offsets.push(postings.length);
  }
  const header: SnapshotHeader = { format: SNAPSHOT_FORMAT, asOfMs, vocab: [...vocab], cards, versions };
  const json = Buffer.from(JSON.stringify(header));
  const padded = Math.ceil(json.length / 4) * 4;
  const out = Buffer.alloc(4 + padded + 4 * (offsets.length + postings.length), 0x20);
  out.writeUInt32LE(padded, 0);
  json.copy(out, 4);
  const ints = new Int32Array(out.buffer, out.byteOffset + 4 + padded, offsets.length + postings.length);
  ints.set(offsets, 0);
  ints.set(postings, offsets.length);
  return gzipSync(out, { level: 6 });
}

export interface DecodedSnapshot {
  asOfMs: number;
  vocab: string[];
  count: number;
  /** The i-th listing's card (image URLs under `imagesBaseUrl`), version and postings range. */
  card(i: number): Listing;
  version(i: number): number;
  /** Postings of the i-th listing: vocabulary index × 64 + field mask. */
  postings(i: number): Int32Array;
}

export function decodeSnapshot(gz: Uint8Array, imagesBaseUrl: string): DecodedSnapshot {
  const raw = gunzipSync(gz);
  const padded = raw.readUInt32LE(0);
  const header = JSON.parse(raw.subarray(4, 4 + padded).toString('utf8')) as SnapshotHeader;
  if (header.format !== SNAPSHOT_FORMAT) throw new Error(`search snapshot format ${header.format}, expected ${SNAPSHOT_FORMAT}`);
  const n = header.cards.length;
  // Copied so the Int32Array is aligned whatever the Buffer pool's offset.
  const ints = new Int32Array(raw.buffer.slice(raw.byteOffset + 4 + padded, raw.byteOffset + raw.length));
  const offsets = ints.subarray(0, n + 1);
  const postings = ints.subarray(n + 1);
  return {
    asOfMs: header.asOfMs,
    vocab: header.vocab,
    count: n,
    card(i) {
      const row = header.cards[i];
      const card: Record<string, unknown> = {};
      CARD_FIELDS.forEach((f, k) => {
        card[f] = row[k];
      });
      const images = row[CARD_FIELDS.length] as Array<[string, number, number]>;
      card.images = images.map(([key, width, height]) => toListingImage({ key, width, height }, imagesBaseUrl));
      card.features = null;
      card.engineSize = null;
      card.phone = null;
      card.email = null;
      return card as unknown as Listing;
    },
    version: (i) => header.versions[i],
    postings: (i) => postings.subarray(offsets[i], offsets[i + 1]),
  };
}

export { SLOT_FACTOR as SNAPSHOT_MASK_FACTOR };
