/**
 * Media URLs (issue 24 §4 "Media in use"). The admin lists media at site-relative URLs
 * (`/media/<bucket>/<path>`), but "Copy URL" copies the absolute form, which staff then paste into
 * promotions and content. One stored form, and one compared form, keep the in-use check honest.
 */

/** The origin (`https://host[:port]`) of a site URL; null for anything that is not http(s). */
export function originOf(siteUrl: string): string | null {
  try {
    const u = new URL(siteUrl);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The stored form of a URL staff typed: an absolute URL on our own site becomes site-relative
 * (`https://site/media/x.png` → `/media/x.png`); anything else is kept as typed.
 */
export function siteRelativeUrl(url: string, siteOrigin: string | null): string {
  if (!siteOrigin) return url;
  const origin = new RegExp(`^${escapeRegExp(siteOrigin)}(?=/|$)`, 'i');
  return origin.test(url) ? url.replace(origin, '') || '/' : url;
}

/** Every absolute URL on our own site inside free text (content sections) made site-relative. */
export function siteRelativeUrlsIn(textValue: string, siteOrigin: string | null): string {
  if (!siteOrigin) return textValue;
  return textValue.replace(new RegExp(`${escapeRegExp(siteOrigin)}(?=/)`, 'gi'), '');
}

/**
 * For comparing only (never stored): a media path under `/media/` with whatever origin it was
 * written with removed, so a promotion or section that uses an asset through any host still
 * counts as using it. Errs towards "in use": a false match only keeps a file.
 */
export function comparableMediaText(textValue: string): string {
  return textValue.replace(/https?:\/\/[^/\s"'()<>]+(?=\/media\/)/gi, '');
}
