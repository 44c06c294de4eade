import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { passwordResetConfirmSchema, signUpSchema } from './account.js';

/**
 * The rule for a new password (sign-up, reset, change; issue 23 "Old M3"): at least 12 characters
 * and not guessable — zxcvbn's estimate, with its common-password and English dictionaries, must
 * score at least 3 of 4. The dictionaries are about 1.5 MB, so this module is separate from
 * account.ts: the web loads it only when a new password is submitted, and the API checks with the
 * same schema, so both give the same message. Signing in never checks a password's length, so
 * existing shorter passwords keep working until changed.
 */
const PASSWORD_TEXTS = {
  tooShort: `Password must be at least ${LIMITS.minPasswordLength} characters long.`,
  tooLong: 'Password must be 256 characters or fewer',
  tooWeak: 'This password is too easy to guess. Avoid common passwords, names and patterns: try a few unrelated words.',
} as const;

/** zxcvbn's scale is 0-4; 3 means "safely unguessable: moderate protection from offline attacks". */
const MIN_PASSWORD_SCORE = 3;

/** Words anyone attacking this site would try first (zxcvbn's "user inputs"). */
const SITE_WORDS = ['truckyard', 'truck', 'yard', 'lorry', 'haulage', 'hgv'] as const;

let factory: ZxcvbnFactory | undefined;
const estimator = () => {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary, userInputs: [...SITE_WORDS] },
    graphs: adjacencyGraphs,
    translations,
  });
  return factory;
};

/** zxcvbn's score (0-4) for a password; zxcvbn reads only the first 256 characters. */
const passwordScore = (password: string): number => estimator().check(password.slice(0, 256)).score;

const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(LIMITS.minPasswordLength, { message: PASSWORD_TEXTS.tooShort, abort: true })
  .max(256, { message: PASSWORD_TEXTS.tooLong, abort: true })
  .refine((p) => passwordScore(p) >= MIN_PASSWORD_SCORE, PASSWORD_TEXTS.tooWeak);

/** The first problem with a new password, or null: what the web forms show before they send it. */
export function newPasswordProblem(password: string): string | null {
  const result = newPasswordSchema.safeParse(password);
  return result.success ? null : (result.error.issues[0]?.message ?? PASSWORD_TEXTS.tooWeak);
}

/** POST /api/accounts/sign-up as the API checks it: the form's fields with the new-password rule. */
export const signUpRequestSchema = signUpSchema.extend({ password: newPasswordSchema });

/** POST /api/accounts/password-reset/confirm as the API checks it. */
export const passwordResetConfirmRequestSchema = passwordResetConfirmSchema.extend({ newPassword: newPasswordSchema });
