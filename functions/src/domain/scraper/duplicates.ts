import { normaliseMake } from '../../../../shared/listing-options.js';

/** What the duplicate rule compares (a seller's own listing or a scraped one). */
export interface MatchFields {
  make: string | null;
  model: string | null;
  year: number | null;
  price: number | null;
  mileage: number | null;
  registration?: string | null;
}

/** "Close" price and mileage: within 5 % (or £500 / 2,000 miles, whichever is larger). */
const PRICE_TOLERANCE = { ratio: 0.05, absolute: 500 };
const MILEAGE_TOLERANCE = { ratio: 0.05, absolute: 2000 };

const close = (a: number | null, b: number | null, tol: { ratio: number; absolute: number }) =>
  a !== null && b !== null && Math.abs(a - b) <= Math.max(tol.absolute, tol.ratio * Math.max(a, b));

const modelKey = (m: string | null) => m?.toLowerCase().replace(/[^a-z0-9]/g, '') || null;
const regKey = (r: string | null | undefined) => r?.toUpperCase().replace(/[^A-Z0-9]/g, '') || null;
const makeKey = (m: string | null) => (m ? (normaliseMake(m) ?? m.trim().toLowerCase()) : null);

/**
 * Whether a scraped listing is the same truck as a seller's own listing (issue 12): the same
 * registration when both know it, or the same make, model and year with a close price and mileage.
 */
function isSameTruck(scraped: MatchFields, own: MatchFields): boolean {
  const ra = regKey(scraped.registration);
  const rb = regKey(own.registration);
  if (ra && rb) return ra === rb;
  const make = makeKey(scraped.make);
  const model = modelKey(scraped.model);
  return (
    make !== null &&
    model !== null &&
    scraped.year !== null &&
    make === makeKey(own.make) &&
    model === modelKey(own.model) &&
    scraped.year === own.year &&
    close(scraped.price, own.price, PRICE_TOLERANCE) &&
    close(scraped.mileage, own.mileage, MILEAGE_TOLERANCE)
  );
}

/** Sellers' active listings, indexed for matching many scraped listings. */
export class OwnListingMatcher {
  private readonly byKey = new Map<string, Array<MatchFields & { id: string }>>();
  private readonly byReg = new Map<string, string>();

  constructor(own: ReadonlyArray<MatchFields & { id: string }>) {
    for (const l of own) {
      const reg = regKey(l.registration);
      if (reg) this.byReg.set(reg, l.id);
      const key = `${makeKey(l.make)}|${modelKey(l.model)}|${l.year}`;
      const list = this.byKey.get(key) ?? [];
      list.push(l);
      this.byKey.set(key, list);
    }
  }

  /** The id of the seller's listing this scraped one duplicates, or null. */
  match(scraped: MatchFields): string | null {
    const reg = regKey(scraped.registration);
    if (reg && this.byReg.has(reg)) return this.byReg.get(reg) ?? null;
    const candidates = this.byKey.get(`${makeKey(scraped.make)}|${modelKey(scraped.model)}|${scraped.year}`) ?? [];
    return candidates.find((own) => isSameTruck(scraped, own))?.id ?? null;
  }
}
