import { z } from 'zod';

/**
 * The ALTCHA proof-of-work check (issue 23) on the forms strangers can use to make us send mail:
 * sign-up, password reset, contact and valuation. The browser's `altcha` widget fetches a signed
 * challenge from GET /api/challenge, solves it, and the form sends the solution (base64 JSON) as
 * `altcha`; the API checks the signature, the solution and the expiry, and accepts each solution once.
 */
export const CHALLENGE_TEXTS = {
  required: 'Please complete the "I\'m not a robot" check.',
  failed: 'The "I\'m not a robot" check failed or has expired. Please try again.',
} as const;

/** The challenge's shape and difficulty, in one place for the issuing route and the tests. */
export const CHALLENGE_SETTINGS = {
  /** PBKDF2 runs in the browser's WebCrypto and in Node's crypto alike. */
  algorithm: 'PBKDF2/SHA-256',
  /** PBKDF2 iterations per attempt. */
  cost: 5_000,
  /** The derived key must start with this (hex): 1 in 256 attempts succeeds, about 0.3-1 s in a phone's browser. */
  keyPrefix: '00',
  /** A challenge must be solved and used within this long. */
  ttlSeconds: 10 * 60,
} as const;

/** The widget's payload: base64 of `{ challenge, solution }`, a few hundred bytes. */
export const challengePayloadSchema = z
  .string({ error: CHALLENGE_TEXTS.required })
  .trim()
  .min(1, CHALLENGE_TEXTS.required)
  .max(4096, CHALLENGE_TEXTS.failed);
