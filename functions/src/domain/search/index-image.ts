/**
 * The search index as columns and back (the snapshot's IndexImage; snapshot.ts writes and reads
 * its bytes): live listings newest first, listing i taking slot i on load, with the cards and
 * terms left in the image's buffers.
 */
import { comboOf } from './index-facets.js';
import type { IndexParts } from './query-planner.js';
import type { IndexImage } from './snapshot.js';
import { PRESORTED } from './sorted-orders.js';

/** Every term the index knows, by id (the snapshot's vocabulary). */
export function vocabularyOf(p: IndexParts): string[] {
  return Array.from({ length: p.terms.termCount }, (_, i) => p.terms.termText(i));
}

/** The index as columns, live listings newest first (the snapshot writer). */
export function exportImage(p: IndexParts, versionOf: (id: string) => number): IndexImage {
  const { cols, cards, orders, places } = p;
  const slots = orders.order('relevance');
  const n = slots.length;
  const indexOf = new Int32Array(cols.highWater).fill(-1);
  slots.forEach((slot, i) => {
    indexOf[slot] = i;
  });
  const pick = <T extends Float64Array | Int32Array | Uint8Array | Int8Array>(col: T, make: (n: number) => T): T => {
    const out = make(n);
    for (let i = 0; i < n; i++) out[i] = col[slots[i]];
    return out;
  };
  const encoder = new TextEncoder();
  const cardChunks: Uint8Array[] = [];
  const cardStart = new Int32Array(n + 1);
  const termStart = new Int32Array(n + 1);
  const termIds: number[] = [];
  const termMasks: number[] = [];
  for (let i = 0; i < n; i++) {
    const bytes = encoder.encode(cards.json(slots[i]));
    cardChunks.push(bytes);
    cardStart[i + 1] = cardStart[i] + bytes.length;
    const t = cards.termsOf(slots[i]);
    for (let k = 0; k < t.termIds.length; k++) {
      termIds.push(t.termIds[k]);
      termMasks.push(t.masks[k]);
    }
    termStart[i + 1] = termIds.length;
  }
  const cardBytes = new Uint8Array(cardStart[n]);
  for (let i = 0; i < n; i++) cardBytes.set(cardChunks[i], cardStart[i]);
  const imageOrders: Record<string, Int32Array> = {};
  for (const key of PRESORTED) imageOrders[key] = Int32Array.from(orders.order(key), (slot) => indexOf[slot]);
  const ids = slots.map((slot) => cols.ids[slot]);
  return {
    count: n,
    ids,
    versions: ids.map(versionOf),
    locationTexts: slots.map((slot) => cols.locationText[slot]),
    vocab: vocabularyOf(p),
    placeLat: [...places.lat],
    placeLon: [...places.lon],
    suggestions: p.suggestions.export(),
    price: pick(cols.price, (k) => new Float64Array(k)),
    mileage: pick(cols.mileage, (k) => new Float64Array(k)),
    created: pick(cols.created, (k) => new Float64Array(k)),
    year: pick(cols.year, (k) => new Int32Array(k)),
    placeId: pick(cols.placeId, (k) => new Int32Array(k)),
    hasMileage: pick(cols.hasMileage, (k) => new Uint8Array(k)),
    locState: pick(cols.locState, (k) => new Uint8Array(k)),
    make: pick(cols.make, (k) => new Int8Array(k)),
    category: pick(cols.category, (k) => new Int8Array(k)),
    fuel: pick(cols.fuel, (k) => new Int8Array(k)),
    transmission: pick(cols.transmission, (k) => new Int8Array(k)),
    noCharge: pick(cols.noCharge, (k) => new Int32Array(k)),
    mileageOk: pick(cols.mileageOk, (k) => new Uint8Array(k)),
    reduced: pick(cols.reduced, (k) => new Float64Array(k)),
    owner: pick(cols.owner, (k) => new Int32Array(k)),
    ownerIds: cols.ownerIds.slice(),
    cardStart,
    cardBytes,
    termStart,
    termIds: Int32Array.from(termIds),
    termMasks: Uint8Array.from(termMasks),
    orders: imageOrders,
  };
}

/**
 * Loads an empty index from columns (a snapshot): listing i takes slot i; cards and terms stay in
 * the image's buffers. The caller has grown the index to hold `image.count` slots; ratings are
 * the caller's (not in the image).
 */
export function importImage(p: IndexParts, image: IndexImage): void {
  const { cols } = p;
  const n = image.count;
  cols.price.set(image.price);
  cols.mileage.set(image.mileage);
  cols.created.set(image.created);
  cols.year.set(image.year);
  cols.hasMileage.set(image.hasMileage);
  cols.locState.set(image.locState);
  cols.make.set(image.make);
  cols.category.set(image.category);
  cols.fuel.set(image.fuel);
  cols.transmission.set(image.transmission);
  cols.noCharge.set(image.noCharge);
  cols.mileageOk.set(image.mileageOk);
  cols.reduced.set(image.reduced);
  // The image's owner table becomes this index's (slot owner codes point into it).
  cols.ownerIds = image.ownerIds.slice();
  cols.ownerCodes = new Map(cols.ownerIds.map((id, code) => [id, code]));
  cols.owner.set(image.owner);
  for (let i = 0; i < n; i++) cols.combo[i] = comboOf(image.make[i], image.category[i], image.fuel[i], image.transmission[i]);
  // The image's place table becomes this index's (slot place ids point into it).
  p.places.load(image.placeLat, image.placeLon);
  cols.placeId.set(image.placeId);
  cols.alive.fill(1, 0, n);
  cols.ids = image.ids.slice();
  cols.locationText = image.locationTexts.slice();
  for (let i = 0; i < n; i++) p.slotById.set(image.ids[i], i);
  cols.highWater = n;
  const termIds = new Int32Array(image.termIds);
  const mapped = new Int32Array(image.vocab.length);
  for (let i = 0; i < mapped.length; i++) mapped[i] = p.terms.intern(image.vocab[i]);
  for (let i = 0; i < termIds.length; i++) termIds[i] = mapped[termIds[i]];
  p.terms.addBulk(0, image.termStart, termIds, image.termMasks);
  p.cards.loadSnapshot(
    { cardBytes: image.cardBytes, cardStart: image.cardStart, termStart: image.termStart, termIds, termMasks: image.termMasks },
    n,
  );
  p.suggestions.import(image.suggestions);
  for (const key of PRESORTED) {
    const order = image.orders[key];
    if (order) p.orders.load(key, Array.from(order));
  }
}
