import { ACCOUNT_TEXTS, type AccountMessageAnswer } from '../../../../shared/schemas/account.js';
import { DomainError } from '../errors.js';
import { verificationCodeEmail } from '../mail/account-templates.js';
import { ACCOUNT_CODE_RULES, consumeCode, issueCode } from './account-codes.js';
import type { AccountDeps, DirectoryAccount } from './account-ports.js';
import { createProfileOnConfirm } from './profiles.js';

/** New verification codes per address per hour (each brings 5 more tries). */
const RESEND_CODE_LIMIT = { scope: 'verify-resend', limit: 3, windowSeconds: 3600 } as const;

/**
 * Marks the address verified (sign-in then works) and creates the profile from what sign-up sent,
 * as the post-confirmation trigger does for Cognito's own sign-up, then hands it on
 * (`profileConfirmed`: a dealer's storefront). Safe to repeat.
 */
export async function completeVerification(
  deps: Pick<AccountDeps, 'directory' | 'profiles' | 'profileConfirmed' | 'now'>,
  email: string,
  account: Pick<DirectoryAccount, 'userId' | 'attributes'>,
  signUp: Record<string, string>,
): Promise<void> {
  await deps.directory.markEmailVerified(email);
  const profile = await createProfileOnConfirm(
    deps.profiles,
    { userId: signUp.userId ?? account.userId, attributes: { ...account.attributes, email }, clientMetadata: signUp },
    deps.now(),
  );
  await deps.profileConfirmed(profile);
}

/** POST /api/accounts/verify-email: the code from the e-mail. A wrong, used or expired code (or an unknown address) is a 400. */
export async function verifyEmail(deps: AccountDeps, input: { email: string; code: string }): Promise<AccountMessageAnswer> {
  const signUp = await consumeCode(deps.codes, { purpose: 'verify', email: input.email, code: input.code, now: deps.now() });
  if (!signUp) throw new DomainError('VALIDATION', ACCOUNT_TEXTS.codeInvalid);
  const account = await deps.directory.findByEmail(input.email);
  if (!account) throw new DomainError('VALIDATION', ACCOUNT_TEXTS.codeInvalid);
  await completeVerification(deps, input.email, account, signUp);
  return { message: ACCOUNT_TEXTS.verified };
}

/**
 * POST /api/accounts/verify-email/resend: a new code for an account whose address is not verified
 * yet, at most 3 an hour. The answer is the same for every address.
 */
export async function resendVerificationCode(deps: AccountDeps, input: { email: string }): Promise<AccountMessageAnswer> {
  const answer = { message: ACCOUNT_TEXTS.codeResent(input.email) };
  const account = await deps.directory.findByEmail(input.email);
  if (!account || account.emailVerified || !account.enabled) return answer;
  const limit = await deps.rateLimit({ ...RESEND_CODE_LIMIT, key: input.email });
  if (!limit.allowed) return answer;
  // Keep what sign-up sent (account type, company) when the earlier code is still on record.
  const pending = await deps.codes.get('verify', input.email);
  const data = pending?.data ?? { userId: account.userId };
  const code = await issueCode(deps.codes, { purpose: 'verify', email: input.email, data, now: deps.now() });
  await deps.mailer.send({ to: input.email, ...verificationCodeEmail({ code, validMinutes: ACCOUNT_CODE_RULES.validMinutes }, deps.mail) });
  return answer;
}
