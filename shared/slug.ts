/**
 * Storefront slugs (issue 26 §1): the company name in lower case, letters and digits kept,
 * everything else one hyphen; accents folded ("Hauliers & Sons Ltd" → "hauliers-sons-ltd").
 * A clash takes "-2", "-3", … (slugCandidate).
 */
export const SLUG_MAX = 80;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function slugOf(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return base || 'dealer';
}

/** The n-th slug to try for a name: the slug itself, then "-2", "-3", … */
export const slugCandidate = (base: string, n: number) => (n <= 1 ? base : `${base}-${n}`);
