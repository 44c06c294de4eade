/**
 * Stripe's request encoding (application/x-www-form-urlencoded with bracketed keys, as the SDK
 * writes it: `line_items[0][price]=price_1&metadata[userId]=u1`) back into nested objects.
 * Numeric segments become arrays.
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  if (!body) return root;
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
    const value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    const first = rawKey.indexOf('[');
    const segments =
      first < 0 ? [rawKey] : [rawKey.slice(0, first), ...[...rawKey.slice(first).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1])];
    let node: FormObject | FormValue[] = root;
    segments.forEach((seg, i) => {
      const last = i === segments.length - 1;
      const key = seg === '' && Array.isArray(node) ? String(node.length) : seg;
      const container = node as unknown as Record<string, FormValue>;
      if (last) {
        container[key] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(segments[i + 1]);
      if (container[key] === undefined || typeof container[key] === 'string') container[key] = nextIsIndex ? [] : {};
      node = container[key] as FormObject | FormValue[];
    });
  }
  return root;
}

/** A string field, or undefined. */
export const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
export const obj = (v: FormValue | undefined): FormObject => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
export const list = (v: FormValue | undefined): FormValue[] =>
  Array.isArray(v)
    ? v
    : v && typeof v === 'object'
      ? Object.keys(v)
          .sort((a, b) => Number(a) - Number(b))
          .map((k) => (v as FormObject)[k])
      : [];
export const bool = (v: FormValue | undefined): boolean | undefined => (v === 'true' ? true : v === 'false' ? false : undefined);
