import type { SignUpRequest } from '../../../../shared/schemas/account.js';
import type { ChallengeGate } from '../challenge/challenge.js';
import type { MailContext } from '../mail/layout.js';
import type { Mailer } from '../mail/mailer.js';
import type { RateLimiter } from '../rate-limit.js';
import type { AccountCodeStore } from './account-codes.js';
import type { Profile } from '../../../../shared/schemas/profile.js';
import type { ProfileStore } from './profiles.js';

/** A sign-in account as the user pool holds it. */
export interface DirectoryAccount {
  userId: string;
  emailVerified: boolean;
  enabled: boolean;
  attributes: Record<string, string>;
}

/**
 * Port: the user pool with admin rights (adapters/cognito/account-directory.ts). Self-service
 * sign-up is closed on the pool (AllowAdminCreateUserOnly), so accounts are made here.
 */
export interface AccountDirectory {
  /**
   * Creates the account with its password, without any Cognito e-mail, its address not yet
   * verified (sign-in refuses it until it is). 'exists' when the address already has an account.
   */
  createAccount(input: SignUpRequest): Promise<{ outcome: 'created'; userId: string } | { outcome: 'exists' }>;
  findByEmail(email: string): Promise<DirectoryAccount | null>;
  markEmailVerified(email: string): Promise<void>;
  /** Sets a permanent password (password reset). */
  setPassword(email: string, password: string): Promise<void>;
}

/** Everything the account flows (sign-up, verification, password reset) need. */
export interface AccountDeps {
  directory: AccountDirectory;
  codes: AccountCodeStore;
  profiles: ProfileStore;
  /** After a confirmed address made (or found) the profile: a dealer's storefront is made then (issue 26 §1). */
  profileConfirmed: (profile: Profile) => Promise<void>;
  challenge: ChallengeGate;
  mailer: Mailer;
  rateLimit: RateLimiter;
  mail: MailContext;
  now: () => Date;
  /** One structured log line (JSON) for CloudWatch: errors and the metric lines alarms watch. */
  log: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;
}
