/**
 * The search index's columns: one typed array per numeric or coded field, indexed by slot, plus
 * each slot's id and location text. Slots up to `highWater` have been used; `alive` marks those
 * holding a live listing.
 */
import { noChargeZoneMask } from '../../../../shared/compliance/compliance.js';
import type { Listing } from '../../../../shared/schemas/listing.js';
import { CATEGORY_CODE, FUEL_CODE, MAKE_CODE, TRANSMISSION_CODE, code, comboOf } from './index-facets.js';

const hasKnownPrice = (price: number | null | undefined) => typeof price === 'number' && Number.isFinite(price) && price > 0;

type Column = Float64Array | Int32Array | Int8Array | Uint8Array | Uint16Array;

export class IndexColumns {
  capacity = 0;
  highWater = 0;
  ids: string[] = [];
  /** Each slot's location and postcode, lower case, one per line (matched as text when a location is not a place). */
  locationText: string[] = [];
  alive = new Uint8Array(0);
  price = new Float64Array(0);
  year = new Int32Array(0);
  mileage = new Float64Array(0);
  hasMileage = new Uint8Array(0);
  created = new Float64Array(0);
  make = new Int8Array(0);
  category = new Int8Array(0);
  fuel = new Int8Array(0);
  transmission = new Int8Array(0);
  /**
   * Fair-price band rank (−1: none) and price ÷ typical price per slot, from the index's rater:
   * not in the snapshot (the model changes apart from it).
   */
  band = new Int8Array(0);
  ratio = new Float64Array(0);
  /** The clean-air zones each slot enters without a charge (noChargeZoneMask bits), in the snapshot too. */
  noCharge = new Int32Array(0);
  /** 1 when the listing's annual-test readings bear its mileage out (issue 27's "Mileage consistent"), in the snapshot too. */
  mileageOk = new Uint8Array(0);
  /** When the listing's price was last cut (ms; 0: never), for "Recently reduced" and its sort (issue 26 §4), in the snapshot too. */
  reduced = new Float64Array(0);
  /** The four facet codes as one (comboOf). */
  combo = new Uint16Array(0);
  /** 0 no location given, 1 placed (lat/lon valid), 2 given but not placeable. */
  locState = new Uint8Array(0);
  /** Index into the place table: listings share the ~2,800 district centroids, so a query measures each once. */
  placeId = new Int32Array(0);
  /** The seller's account per slot, as a code into `ownerIds` (0: none, e.g. scraped), for the dealer filter (issue 26). */
  owner = new Int32Array(0);
  /** Owner codes' account ids (code 0: none), and back; codes are never reused while the index lives. */
  ownerIds: string[] = [''];
  ownerCodes = new Map<string, number>([['', 0]]);

  /** The code of an owner's account id, assigned on first sight. */
  ownerCode(userId: string | null | undefined): number {
    const id = userId ?? '';
    let code = this.ownerCodes.get(id);
    if (code === undefined) {
      code = this.ownerIds.length;
      this.ownerIds.push(id);
      this.ownerCodes.set(id, code);
    }
    return code;
  }

  grow(capacity: number): void {
    const copy = <T extends Column>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.price = copy(this.price, (n) => new Float64Array(n));
    this.year = copy(this.year, (n) => new Int32Array(n));
    this.mileage = copy(this.mileage, (n) => new Float64Array(n));
    this.hasMileage = copy(this.hasMileage, (n) => new Uint8Array(n));
    this.created = copy(this.created, (n) => new Float64Array(n));
    this.make = copy(this.make, (n) => new Int8Array(n));
    this.category = copy(this.category, (n) => new Int8Array(n));
    this.fuel = copy(this.fuel, (n) => new Int8Array(n));
    this.transmission = copy(this.transmission, (n) => new Int8Array(n));
    this.band = copy(this.band, (n) => new Int8Array(n));
    this.ratio = copy(this.ratio, (n) => new Float64Array(n));
    this.noCharge = copy(this.noCharge, (n) => new Int32Array(n));
    this.mileageOk = copy(this.mileageOk, (n) => new Uint8Array(n));
    this.reduced = copy(this.reduced, (n) => new Float64Array(n));
    this.combo = copy(this.combo, (n) => new Uint16Array(n));
    this.locState = copy(this.locState, (n) => new Uint8Array(n));
    this.placeId = copy(this.placeId, (n) => new Int32Array(n));
    this.owner = copy(this.owner, (n) => new Int32Array(n));
    this.alive = copy(this.alive, (n) => new Uint8Array(n));
    this.capacity = capacity;
  }

  /** A live listing's fields into its slot (not its rating, place or terms). */
  write(slot: number, l: Listing): void {
    this.ids[slot] = l.id;
    this.alive[slot] = 1;
    this.price[slot] = hasKnownPrice(l.price) ? l.price : 0;
    this.year[slot] = l.year ?? 0;
    this.hasMileage[slot] = l.mileage == null ? 0 : 1;
    this.mileage[slot] = l.mileage ?? 0;
    this.created[slot] = Date.parse(l.createdAt) || 0;
    this.make[slot] = code(MAKE_CODE, l.make);
    this.category[slot] = code(CATEGORY_CODE, l.category);
    this.fuel[slot] = code(FUEL_CODE, l.fuelType);
    this.transmission[slot] = code(TRANSMISSION_CODE, l.transmission);
    this.noCharge[slot] = noChargeZoneMask({
      euroStandard: l.euroStandard,
      fuelType: l.fuelType,
      gvwTonnes: l.gvwTonnes,
      dvsStars: l.dvsStars,
    });
    this.mileageOk[slot] = l.mileageConsistent ? 1 : 0;
    this.reduced[slot] = (l.lastPriceCut && Date.parse(l.lastPriceCut.at)) || 0;
    this.owner[slot] = l.source === 'user' ? this.ownerCode(l.userId) : 0;
    this.combo[slot] = comboOf(this.make[slot], this.category[slot], this.fuel[slot], this.transmission[slot]);
    this.locationText[slot] = [l.location, l.postcode].filter(Boolean).join('\n').toLowerCase();
  }

  /** A slot whose listing was removed. */
  clear(slot: number): void {
    this.alive[slot] = 0;
    this.ids[slot] = '';
    this.locationText[slot] = '';
  }
}
