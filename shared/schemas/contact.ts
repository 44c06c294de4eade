import { z } from 'zod';
import { text } from './text.js';
import { challengePayloadSchema } from './challenge.js';
import { optionalPhoneSchema } from './phone.js';

/** Lengths for the contact form; the API rejects anything longer with the same messages. */
export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  phoneMax: 30,
  subjectMax: 150,
  messageMin: 10,
  messageMax: 5000,
} as const;

const requiredText = (label: string, max: number) =>
  text({ label, error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be ${max} characters or fewer`);

/** The form's fields, as the browser checks them. */
export const contactFormSchema = z.object({
  firstName: requiredText('First name', CONTACT_LIMITS.nameMax),
  lastName: requiredText('Last name', CONTACT_LIMITS.nameMax),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(CONTACT_LIMITS.emailMax, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
  /** Optional; blank becomes undefined. */
  phone: optionalPhoneSchema,
  subject: requiredText('Subject', CONTACT_LIMITS.subjectMax),
  message: text({ label: 'Message', multiline: true, error: 'Message is required' })
    .trim()
    .min(1, { message: 'Message is required', abort: true })
    .min(CONTACT_LIMITS.messageMin, `Message must be at least ${CONTACT_LIMITS.messageMin} characters`)
    .max(CONTACT_LIMITS.messageMax, `Message must be ${CONTACT_LIMITS.messageMax} characters or fewer`),
  /**
   * Honeypot: hidden from people, so only bots fill it. It is accepted here so a bot gets the
   * same answer as a person; the API must drop a message whose honeypot is not empty
   * (see `isHoneypotFilled`).
   */
  website: z.string().max(500).optional(),
});

/** POST /api/contact: the form's fields and the solved ALTCHA challenge (schemas/challenge.ts). */
export const contactMessageSchema = contactFormSchema.extend({ altcha: challengePayloadSchema });

/** What the form holds (all text). */
export type ContactMessageInput = z.input<typeof contactFormSchema>;
/** What the form gives once valid (sent with the challenge's payload). */
export type ContactForm = z.output<typeof contactFormSchema>;
/** What POST /api/contact receives after parsing. */
export type ContactMessage = z.output<typeof contactMessageSchema>;

/** True when the hidden honeypot field was filled in — treat the message as spam and send nothing. */
export const isHoneypotFilled = (value: { website?: string }) => (value.website ?? '').trim() !== '';
