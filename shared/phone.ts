/**
 * Phone numbers: stored in one form (E.164, '+441134960000'), shown the way people in the UK
 * write them ('0113 496 0000'). Hand-written for UK numbering (Ofcom's area-code lengths), because
 * a full numbering library would weigh more than the whole home page; numbers from other countries
 * are kept in E.164 and shown as such.
 */

export const PHONE_TEXTS = { invalid: 'Please enter a valid phone number' } as const;

/** What people type: digits, spaces, brackets, dots, dashes, an optional leading + ("(0161) 496-0123"). */
const TYPED = /^\+?[\d\s().-]+$/;
/** Longest input worth parsing (a formatted international number fits easily). */
export const PHONE_MAX_LENGTH = 30;

/** A UK national significant number (after +44 / 0): 10 digits, or 9 for some geographic and 0800 numbers. */
const UK_NSN = /^(?:[1-3]\d{8,9}|5\d{9}|7\d{9}|8\d{8,9}|9\d{9})$/;

/**
 * A number as typed → E.164, or null when it cannot be a phone number. UK numbers may be written
 * nationally ('07700 900123'), with +44 or 0044, with a (0) ('+44 (0)113 496 0000') or as
 * '447700900123'; other countries need their + or 00 prefix.
 */
export function parsePhone(raw: string | null | undefined): string | null {
  const text = raw?.trim() ?? '';
  if (!text || text.length > PHONE_MAX_LENGTH || !TYPED.test(text)) return null;
  // '+44 (0)113…': the (0) is a national trunk prefix written for UK callers.
  const withoutTrunk = text.replace(/^(\+|00)\s*44\s*\(0\)/, '+44');
  const digits = withoutTrunk.replace(/\D/g, '');
  let international: string;
  if (withoutTrunk.startsWith('+')) international = digits;
  else if (digits.startsWith('00')) international = digits.slice(2);
  else if (digits.startsWith('0')) international = `44${digits.slice(1)}`;
  else if (digits.startsWith('44') && digits.length >= 11) international = digits;
  else return null;
  if (international.startsWith('44')) return UK_NSN.test(international.slice(2)) ? `+${international}` : null;
  return /^[1-9]\d{7,14}$/.test(international) ? `+${international}` : null;
}

/** Geographic area codes with five digits after the 0 (Ofcom's "mixed" areas), e.g. 015394 Hawkshead. */
const SIX_DIGIT_AREA_CODES = new Set([
  '013397',
  '013398',
  '013873',
  '015242',
  '015394',
  '015395',
  '015396',
  '016973',
  '016974',
  '016977',
  '017683',
  '017684',
  '017687',
  '019467',
  '019755',
  '019756',
]);

/** National UK digits ('01134960000') grouped as UK callers write them. */
function groupUkNational(n: string): string {
  const split = (...sizes: number[]) => {
    const parts: string[] = [];
    let at = 0;
    for (const size of sizes) {
      parts.push(n.slice(at, at + size));
      at += size;
    }
    if (at < n.length) parts[parts.length - 1] += n.slice(at);
    return parts.filter(Boolean).join(' ');
  };
  if (n.startsWith('02')) return split(3, 4, 4); // 020 7946 0321
  if (n.startsWith('01')) {
    if (n[2] === '1' || n[3] === '1') return split(4, 3, 4); // 0113 496 0000, 0161 496 0123
    if (SIX_DIGIT_AREA_CODES.has(n.slice(0, 6))) return split(6, 5); // 015394 12345
    return split(5, 6); // 01632 960114
  }
  if (n.startsWith('07') || n.startsWith('05')) return split(5, 6); // 07700 900123
  if (n.length === 10) return split(4, 6); // 0800 123456
  return split(4, 3, 4); // 0300 123 4567, 0800 123 4567
}

/**
 * How a stored number is shown: UK numbers in the national format ('0113 496 0000'), others in
 * E.164. Text that is not a number (a scraped 'Contact via website', a mask) is shown unchanged.
 */
export function formatPhone(stored: string | null | undefined): string {
  if (!stored) return '';
  const e164 = parsePhone(stored);
  if (!e164) return stored;
  return e164.startsWith('+44') ? groupUkNational(`0${e164.slice(3)}`) : e164;
}

/** For tel: links: E.164, or null when the text is not a number. */
export const dialablePhone = (stored: string | null | undefined): string | null => parsePhone(stored);
