/**
 * Where to go after signing in: a same-site path from the `returnTo` query parameter, or the
 * fallback. Anything that could leave the site (`//evil.example`, `/\evil`, `https:`…) or loop back
 * to a sign-in page is refused.
 */
export function safeReturnTo(raw: string | null | undefined, fallback = '/'): string {
  if (!raw) return fallback;
  const value = raw.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  const path = value.split(/[?#]/)[0];
  if (path === '/auth' || path === '/dealer-login' || path === '/dealer-signup' || path === '/reset-password') return fallback;
  return value;
}

/** The sign-in page, asking to come back to `path` afterwards. */
export const signInPath = (returnTo?: string) =>
  returnTo && returnTo !== '/' ? `/auth?returnTo=${encodeURIComponent(returnTo)}` : '/auth';

/**
 * A phone number as Cognito's `phone_number` wants it (E.164). UK numbers typed the usual way
 * ('07700 900123', '(0161) 496 0123', '0044 7700 900123', '447700900123') become '+44…';
 * numbers already in international form keep their country code. Null when it can't be one.
 */
export function toE164(raw: string, defaultCountryCode = '44'): string | null {
  const trimmed = raw.trim();
  if (!trimmed || !/^[+\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  let e164: string;
  if (trimmed.startsWith('+')) e164 = `+${digits}`;
  else if (digits.startsWith('00')) e164 = `+${digits.slice(2)}`;
  else if (digits.startsWith('0')) e164 = `+${defaultCountryCode}${digits.slice(1)}`;
  else if (digits.startsWith(defaultCountryCode) && digits.length >= 11) e164 = `+${digits}`;
  else return null;
  // UK numbers have 9 or 10 digits after +44; other countries 7..14 digits in all.
  if (e164.startsWith('+44')) return /^\+44[1-9]\d{8,9}$/.test(e164) ? e164 : null;
  return /^\+[1-9]\d{6,14}$/.test(e164) ? e164 : null;
}
