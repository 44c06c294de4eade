/**
 * The search snapshot (issue 8 §2): the search index itself, as columns, so a new search
 * environment starts from one S3 object instead of reading the table, and does next to no work
 * to load it — no listing is parsed or analysed, no order sorted, no posting list grown:
 *   gzip( u32 header bytes | header JSON | sections, each 8-byte aligned )
 * The header holds the time the snapshot is as of, ids, versions, the vocabulary, the place
 * table and suggestion counts; the sections hold the typed-array columns, the presorted orders,
 * the postings (vocabulary index × 64 + field mask) and each result card as UTF-8 JSON, parsed
 * only when the card is shown.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { SearchSuggestion } from '../../../../shared/schemas/listing.js';

/** 5: the reduced column and order (issue 26's "Recently reduced" filter and sort), the owner column and owner table (issue 26's dealer filter); 4: the mileageOk column (issue 27's "Mileage consistent" filter). */
export const SNAPSHOT_FORMAT = 5;

/** The index of n listings as columns (slot i = listing i). */
export interface IndexImage {
  count: number;
  ids: string[];
  versions: number[];
  locationTexts: string[];
  vocab: string[];
  placeLat: number[];
  placeLon: number[];
  suggestions: Array<[SearchSuggestion['kind'], string, number]>;
  price: Float64Array;
  mileage: Float64Array;
  created: Float64Array;
  year: Int32Array;
  placeId: Int32Array;
  hasMileage: Uint8Array;
  locState: Uint8Array;
  make: Int8Array;
  category: Int8Array;
  fuel: Int8Array;
  transmission: Int8Array;
  /** Clean-air zones listing i enters without a charge (noChargeZoneMask bits). */
  noCharge: Int32Array;
  /** 1 when listing i's mileage is consistent with its annual tests. */
  mileageOk: Uint8Array;
  /** When listing i's price was last cut (ms; 0: never). */
  reduced: Float64Array;
  /** Listing i's seller as an index into `ownerIds` (0: none). */
  owner: Int32Array;
  /** The sellers' account ids by owner code ('' first). */
  ownerIds: string[];
  /** Card i is cardBytes[cardStart[i] .. cardStart[i + 1]) (UTF-8 JSON of the card). */
  cardStart: Int32Array;
  cardBytes: Uint8Array;
  /** Listing i's terms are termIds/termMasks[termStart[i] .. termStart[i + 1]) (ids into `vocab`). */
  termStart: Int32Array;
  termIds: Int32Array;
  termMasks: Uint8Array;
  /** Presorted orders by sort key, as listing indexes. */
  orders: Record<string, Int32Array>;
}

type TypedArray = Float64Array | Int32Array | Uint8Array | Int8Array;
const SECTIONS = [
  'price',
  'mileage',
  'created',
  'year',
  'placeId',
  'hasMileage',
  'locState',
  'make',
  'category',
  'fuel',
  'transmission',
  'noCharge',
  'mileageOk',
  'reduced',
  'owner',
  'cardStart',
  'cardBytes',
  'termStart',
  'termIds',
  'termMasks',
] as const;
type SectionName = (typeof SECTIONS)[number];
const KIND: Record<SectionName, 'f64' | 'i32' | 'u8' | 'i8'> = {
  price: 'f64',
  mileage: 'f64',
  created: 'f64',
  year: 'i32',
  placeId: 'i32',
  hasMileage: 'u8',
  locState: 'u8',
  make: 'i8',
  category: 'i8',
  fuel: 'i8',
  transmission: 'i8',
  noCharge: 'i32',
  mileageOk: 'u8',
  reduced: 'f64',
  owner: 'i32',
  cardStart: 'i32',
  cardBytes: 'u8',
  termStart: 'i32',
  termIds: 'i32',
  termMasks: 'u8',
};

interface Header {
  format: number;
  asOfMs: number;
  count: number;
  ids: string[];
  versions: number[];
  locationTexts: string[];
  vocab: string[];
  placeLat: number[];
  placeLon: number[];
  suggestions: IndexImage['suggestions'];
  ownerIds: string[];
  /** name → [byte offset after the header, element count, kind] */
  sections: Record<string, [number, number, string]>;
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;

export function encodeSnapshot(asOfMs: number, image: IndexImage): Buffer {
  const arrays: Array<[string, TypedArray, string]> = SECTIONS.map((name) => [name, image[name], KIND[name]]);
  for (const [key, order] of Object.entries(image.orders)) arrays.push([`order:${key}`, order, 'i32']);
  const sections: Header['sections'] = {};
  let offset = 0;
  for (const [name, arr, kind] of arrays) {
    sections[name] = [offset, arr.length, kind];
    offset = align8(offset + arr.byteLength);
  }
  const { count, ids, versions, locationTexts, vocab, placeLat, placeLon, suggestions, ownerIds } = image;
  const header: Header = {
    format: SNAPSHOT_FORMAT,
    asOfMs,
    count,
    ids,
    versions,
    locationTexts,
    vocab,
    placeLat,
    placeLon,
    suggestions,
    ownerIds,
    sections,
  };
  const json = Buffer.from(JSON.stringify(header));
  const start = align8(4 + json.length);
  const out = Buffer.alloc(start + offset);
  out.writeUInt32LE(json.length, 0);
  json.copy(out, 4);
  for (const [name, arr] of arrays) {
    Buffer.from(arr.buffer, arr.byteOffset, arr.byteLength).copy(out, start + sections[name][0]);
  }
  return gzipSync(out, { level: 6 });
}

/**
 * gunzip into one buffer of the right size: gzip's trailer holds the uncompressed length (mod
 * 2^32), so with that as the chunk size zlib writes a single chunk instead of thousands of 16 KB
 * ones copied together at the end — a search environment's cold start skips a copy of the whole
 * snapshot, and its peak memory one snapshot's worth.
 */
function gunzipWhole(gz: Uint8Array): Buffer {
  const size = gz.length >= 18 ? Buffer.from(gz.buffer, gz.byteOffset, gz.byteLength).readUInt32LE(gz.byteLength - 4) : 0;
  return size > 0 ? gunzipSync(gz, { chunkSize: Math.max(64 * 1024, size + 1) }) : gunzipSync(gz);
}

export function decodeSnapshot(gz: Uint8Array): { asOfMs: number; image: IndexImage } {
  let raw = gunzipWhole(gz);
  if (raw.byteOffset % 8 !== 0) raw = Buffer.from(raw);
  const jsonLength = raw.readUInt32LE(0);
  const header = JSON.parse(raw.toString('utf8', 4, 4 + jsonLength)) as Header;
  if (header.format !== SNAPSHOT_FORMAT) throw new Error(`search snapshot format ${header.format}, expected ${SNAPSHOT_FORMAT}`);
  const start = align8(4 + jsonLength);
  // gunzip's result starts at offset 0 of its own ArrayBuffer, so every 8-aligned section is aligned.
  const base = raw.byteOffset + start;
  const view = (name: string): TypedArray => {
    const [offset, length, kind] = header.sections[name];
    const at = base + offset;
    if (kind === 'f64') return new Float64Array(raw.buffer, at, length);
    if (kind === 'i32') return new Int32Array(raw.buffer, at, length);
    if (kind === 'i8') return new Int8Array(raw.buffer, at, length);
    return new Uint8Array(raw.buffer, at, length);
  };
  const orders: Record<string, Int32Array> = {};
  for (const name of Object.keys(header.sections)) {
    if (name.startsWith('order:')) orders[name.slice('order:'.length)] = view(name) as Int32Array;
  }
  const image = {
    count: header.count,
    ids: header.ids,
    versions: header.versions,
    locationTexts: header.locationTexts,
    vocab: header.vocab,
    placeLat: header.placeLat,
    placeLon: header.placeLon,
    suggestions: header.suggestions,
    ownerIds: header.ownerIds,
    orders,
  } as Partial<IndexImage> as IndexImage;
  for (const name of SECTIONS) (image as unknown as Record<string, TypedArray>)[name] = view(name);
  return { asOfMs: header.asOfMs, image };
}
