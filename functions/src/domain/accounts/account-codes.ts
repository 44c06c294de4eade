import { createHash, randomInt, randomBytes, timingSafeEqual } from 'node:crypto';
import { ACCOUNT_CODE_LENGTH } from '../../../../shared/schemas/account.js';

/**
 * The 6-digit codes we e-mail to verify an address or reset a password (issue 23: our mailer, not
 * Cognito's). One pending code per (purpose, address): issuing a new one replaces the old. Only a
 * salted SHA-256 of the code is stored; it works for 15 minutes and for 5 tries, then is gone.
 */
export type CodePurpose = 'verify' | 'reset';

export const ACCOUNT_CODE_RULES = { validMinutes: 15, maxAttempts: 5 } as const;

export interface PendingCode {
  purpose: CodePurpose;
  email: string;
  salt: string;
  codeHash: string;
  /** Epoch seconds after which the code no longer works. */
  validUntil: number;
  /** Tries made so far. */
  attempts: number;
  /** What the code completes (the new account's id and sign-up details). */
  data: Record<string, string>;
}

/** Port: pattern 61 (adapters/dynamodb/account-codes-repo.ts). */
export interface AccountCodeStore {
  /** Stores the code, replacing any pending one for the same purpose and address. */
  put(code: PendingCode): Promise<void>;
  get(purpose: CodePurpose, email: string): Promise<PendingCode | null>;
  /**
   * Counts one try and returns the code, atomically: null when there is none, it has expired, or
   * its tries are used up (so parallel guesses cannot exceed the limit).
   */
  takeAttempt(purpose: CodePurpose, email: string, nowSeconds: number, maxAttempts: number): Promise<PendingCode | null>;
  /** Deletes the code if it is still this one (same hash); true when this call deleted it. */
  remove(purpose: CodePurpose, email: string, codeHash: string): Promise<boolean>;
}

const hashCode = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');

/** A new random code for the address; returns the plain code (for the e-mail), storing only its hash. */
export async function issueCode(
  store: AccountCodeStore,
  p: { purpose: CodePurpose; email: string; data: Record<string, string>; now: Date },
  newCode: () => string = () => String(randomInt(0, 10 ** ACCOUNT_CODE_LENGTH)).padStart(ACCOUNT_CODE_LENGTH, '0'),
): Promise<string> {
  const code = newCode();
  const salt = randomBytes(16).toString('hex');
  await store.put({
    purpose: p.purpose,
    email: p.email,
    salt,
    codeHash: hashCode(salt, code),
    validUntil: Math.floor(p.now.getTime() / 1000) + ACCOUNT_CODE_RULES.validMinutes * 60,
    attempts: 0,
    data: p.data,
  });
  return code;
}

/**
 * Checks a typed code. The right code, in time and within its tries, is used up and its data
 * returned; anything else is null (and costs one of the 5 tries).
 */
export async function consumeCode(
  store: AccountCodeStore,
  p: { purpose: CodePurpose; email: string; code: string; now: Date },
): Promise<Record<string, string> | null> {
  const pending = await store.takeAttempt(p.purpose, p.email, Math.floor(p.now.getTime() / 1000), ACCOUNT_CODE_RULES.maxAttempts);
  if (!pending) return null;
  const typed = Buffer.from(hashCode(pending.salt, p.code.trim()), 'hex');
  const stored = Buffer.from(pending.codeHash, 'hex');
  if (typed.length !== stored.length || !timingSafeEqual(typed, stored)) return null;
  // Single use: of two requests with the right code, only the one that deletes it goes on.
  if (!(await store.remove(p.purpose, p.email, pending.codeHash))) return null;
  return pending.data;
}
