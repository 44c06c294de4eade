import { ACCOUNT_TEXTS, type AccountMessageAnswer } from '../../../../shared/schemas/account.js';
import { requireSolvedChallenge } from '../challenge/challenge.js';
import { rateLimitKeyForIp } from '../client-address.js';
import { DomainError } from '../errors.js';
import { passwordResetCodeEmail } from '../mail/account-templates.js';
import { ACCOUNT_CODE_RULES, consumeCode, issueCode } from './account-codes.js';
import type { AccountDeps } from './account-ports.js';
import { completeVerification } from './verify-email.js';

/** Reset requests per client address per hour. */
const RESET_ADDRESS_LIMIT = { scope: 'reset-ip', limit: 10, windowSeconds: 3600 } as const;
/** Reset e-mails per account address per hour (beyond it requests are answered, and nothing is sent). */
const RESET_MAIL_LIMIT = { scope: 'reset-mail', limit: 3, windowSeconds: 3600 } as const;
const RESET_LIMITED_MESSAGE = 'Too many reset requests from your network. Please try again later.';

/**
 * POST /api/accounts/password-reset: after the ALTCHA check and the per-client limit, e-mails a
 * reset code when the address has an account that is not suspended. The answer is the same
 * whether or not it has one.
 */
export async function requestPasswordReset(
  deps: AccountDeps,
  input: { email: string; altcha: string },
  client: { sourceIp: string },
): Promise<AccountMessageAnswer> {
  await requireSolvedChallenge(deps.challenge, input.altcha);
  const byClient = await deps.rateLimit({ ...RESET_ADDRESS_LIMIT, key: rateLimitKeyForIp(client.sourceIp) });
  if (!byClient.allowed) throw new DomainError('RATE_LIMITED', RESET_LIMITED_MESSAGE, { retryAfterSeconds: byClient.retryAfterSeconds });

  const answer = { message: ACCOUNT_TEXTS.resetSent(input.email) };
  const account = await deps.directory.findByEmail(input.email);
  if (!account?.enabled) return answer;
  const limit = await deps.rateLimit({ ...RESET_MAIL_LIMIT, key: input.email });
  if (!limit.allowed) return answer;
  const code = await issueCode(deps.codes, { purpose: 'reset', email: input.email, data: { userId: account.userId }, now: deps.now() });
  await deps.mailer.send({
    to: input.email,
    ...passwordResetCodeEmail({ code, validMinutes: ACCOUNT_CODE_RULES.validMinutes }, deps.mail),
  });
  return answer;
}

/**
 * POST /api/accounts/password-reset/confirm: the code and the new password. The code proves the
 * address, so an account that was never verified is verified now too.
 */
export async function confirmPasswordReset(
  deps: AccountDeps,
  input: { email: string; code: string; newPassword: string },
): Promise<AccountMessageAnswer> {
  const reset = await consumeCode(deps.codes, { purpose: 'reset', email: input.email, code: input.code, now: deps.now() });
  if (!reset) throw new DomainError('VALIDATION', ACCOUNT_TEXTS.codeInvalid);
  const account = await deps.directory.findByEmail(input.email);
  if (!account) throw new DomainError('VALIDATION', ACCOUNT_TEXTS.codeInvalid);
  await deps.directory.setPassword(input.email, input.newPassword);
  if (!account.emailVerified) {
    const pending = await deps.codes.get('verify', input.email);
    await completeVerification(deps, input.email, account, pending?.data ?? { userId: account.userId });
  }
  return { message: ACCOUNT_TEXTS.passwordChanged };
}
