import { z } from 'zod';
import { PHONE_TEXTS, parsePhone } from '../phone.js';

// The phone fields' schemas live apart from shared/phone.ts so that showing a number (formatPhone,
// on every listing page) does not bring zod into a page's first JavaScript.

/**
 * A required phone number field: text as typed in, E.164 out, one message for every form and
 * the API. Use `.optional()`-style wrappers (`optionalPhoneSchema`) for optional ones.
 */
export const phoneSchema = z
  .string({ error: PHONE_TEXTS.invalid })
  .trim()
  .transform((s, ctx) => {
    const e164 = parsePhone(s);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: PHONE_TEXTS.invalid });
      return z.NEVER;
    }
    return e164;
  });

/** An optional phone number: blank or absent is undefined, anything else must parse. */
export const optionalPhoneSchema = z
  .string()
  .optional()
  .transform((s) => (s?.trim() ? s.trim() : undefined))
  .pipe(phoneSchema.optional());
