import { z } from 'zod';
import { REGISTRATION_TEXTS, normaliseRegistration, registrationFormat } from '../registration.js';

/**
 * The registration mark's schemas (issue 27). The rules they apply are ../registration.ts's, which
 * has no zod, so pages that only show a mark carry no schema code.
 */

/** Required mark (the "Find my truck" look-up): normalised, or the message. */
export const registrationSchema = z
  .string({ error: REGISTRATION_TEXTS.invalid })
  .max(20, REGISTRATION_TEXTS.invalid)
  .transform(normaliseRegistration)
  .refine((v) => registrationFormat(v) !== null, REGISTRATION_TEXTS.invalid);

/** The listing field: blank or absent is null (no checks shown), anything else a valid mark. */
export const optionalRegistrationSchema = z
  .union([z.string(), z.null()], { error: REGISTRATION_TEXTS.invalid })
  .optional()
  .transform((v) => (v == null || v.trim() === '' ? null : v))
  .pipe(registrationSchema.nullable());
