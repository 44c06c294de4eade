/**
 * The one title builder for scraped listings (spec §3), used by the listing mapping
 * (to-listing.ts) and the scraper (domain/scraper). Year, make and model as the source spells
 * them; 'Used Truck' when neither make nor model is known, because a bare year ("2019") tells a
 * buyer nothing about the truck.
 */
export const UNKNOWN_SCRAPED_TITLE = 'Used Truck';

const clean = (s: string | null | undefined) => {
  const t = s?.trim();
  return t ? t : null;
};

export function scrapedListingTitle(fields: {
  year: number | null | undefined;
  make: string | null | undefined;
  model: string | null | undefined;
}): string {
  const make = clean(fields.make);
  const model = clean(fields.model);
  if (!make && !model) return UNKNOWN_SCRAPED_TITLE;
  return [fields.year ?? null, make, model].filter((p) => p !== null).join(' ');
}
