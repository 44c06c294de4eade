/**
 * Sellers often type their number or e-mail into a listing's description. Contact details reach
 * buyers only through the limited "reveal contact" call (functions/src/domain/listings/mask.ts), so
 * anything in the free text that reads as a UK phone number or an e-mail address is replaced with
 * this notice for everyone but the listing's owner.
 */
const HIDDEN_CONTACT_TEXT = '[contact details hidden: use Contact Seller]';

/** An e-mail address (local part, @, a domain with a dot); `at`/`dot` spellings are left alone. */
const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)+/gi;
/**
 * A UK phone number: +44 or 0, then 9 or 10 more digits, allowing spaces, hyphens, dots and
 * brackets between them ('0113 496 0417', '+44 (0)113-496-0417', '07700900417'). Shorter runs of
 * digits (years, mileages, prices, stock numbers without a leading 0) do not match.
 */
const UK_PHONE = /(?:\+\s?44[\s.-]?(?:\(0\)[\s.-]?)?|\b0)(?:\d[\s.()-]{0,2}){8,9}\d\b/g;

/** `text` with every phone number and e-mail address replaced by HIDDEN_CONTACT_TEXT. */
export function hideContactDetails(text: string): string {
  return text.replace(EMAIL, HIDDEN_CONTACT_TEXT).replace(UK_PHONE, HIDDEN_CONTACT_TEXT);
}
