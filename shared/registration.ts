/**
 * UK registration marks (issue 27 §1): stored upper case without spaces ("AB12CDE"), checked
 * against the four formats the DVLA has issued in Great Britain and Northern Ireland:
 * - current (2001 on): two letters, two digits, three letters — AB12CDE;
 * - prefix (1983–2001): a letter, one to three digits, three letters — A123BCD;
 * - suffix (1963–1983): three letters, one to three digits, a letter — ABC123D;
 * - dateless (before 1963, and Northern Ireland's): one to three letters then one to four digits,
 *   or one to four digits then one to three letters — ABC1234, 1234AB.
 * Every mark is at most 7 characters.
 */
const REGISTRATION_FORMATS = {
  current: /^[A-Z]{2}[0-9]{2}[A-Z]{3}$/,
  prefix: /^[A-Z][0-9]{1,3}[A-Z]{3}$/,
  suffix: /^[A-Z]{3}[0-9]{1,3}[A-Z]$/,
  dateless: /^(?:[A-Z]{1,3}[0-9]{1,4}|[0-9]{1,4}[A-Z]{1,3})$/,
} as const;
export type RegistrationFormat = keyof typeof REGISTRATION_FORMATS;

export const REGISTRATION_TEXTS = {
  invalid: 'Enter a UK registration, e.g. AB12 CDE',
  label: 'Registration',
  showFull: 'Show full registration',
  showFullHint: 'Otherwise visitors who are not signed in see only the first 4 characters.',
} as const;

/** "ab12 cde" → "AB12CDE": upper case, spaces (and the dashes some plates print) removed. */
export function normaliseRegistration(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '');
}

/** Which UK format a normalised mark has, or null when it is none of them. */
export function registrationFormat(normalised: string): RegistrationFormat | null {
  if (normalised.length < 2 || normalised.length > 7) return null;
  for (const [format, pattern] of Object.entries(REGISTRATION_FORMATS)) if (pattern.test(normalised)) return format as RegistrationFormat;
  return null;
}

/** What anonymous visitors see of a mark the seller did not choose to show: "AB12 •••". */
const REGISTRATION_MASK = '•••';
export function maskRegistration(registration: string): string {
  return `${registration.slice(0, 4)} ${REGISTRATION_MASK}`;
}

/**
 * A mark as printed on a plate: current marks as "AB12 CDE", prefix as "A123 BCD", suffix as
 * "ABC 123D"; dateless marks between their letters and digits. A masked mark is shown as it is.
 */
export function formatRegistration(registration: string): string {
  if (registration.includes(REGISTRATION_MASK)) return registration;
  const format = registrationFormat(registration);
  if (format === 'current') return `${registration.slice(0, 4)} ${registration.slice(4)}`;
  if (format === 'prefix') return `${registration.slice(0, -3)} ${registration.slice(-3)}`;
  if (format === 'suffix') return `${registration.slice(0, 3)} ${registration.slice(3)}`;
  if (format === 'dateless')
    return registration.replace(/^([A-Z]+)([0-9]+)$|^([0-9]+)([A-Z]+)$/, (_m, a, b, c, d) => (a ? `${a} ${b}` : `${c} ${d}`));
  return registration;
}
