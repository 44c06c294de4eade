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
