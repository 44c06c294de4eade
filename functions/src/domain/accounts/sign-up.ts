import { ACCOUNT_TEXTS, type SignUpAnswer, type SignUpRequest } from '../../../../shared/schemas/account.js';
import { requireSolvedChallenge } from '../challenge/challenge.js';
import { rateLimitKeyForIp } from '../client-address.js';
import { DomainError } from '../errors.js';
import { existingAccountNotice, verificationCodeEmail } from '../mail/account-templates.js';
import { ACCOUNT_CODE_RULES, issueCode } from './account-codes.js';
import type { AccountDeps } from './account-ports.js';

/** Three notices per address per hour: enough for someone who forgot they signed up. */
const EXISTING_ACCOUNT_NOTICE_LIMIT = { scope: 'signup-existing', limit: 3, windowSeconds: 3600 } as const;
/** Sign-ups per client address (an IPv6 /64 counts as one) per hour. */
const SIGN_UP_ADDRESS_LIMIT = { scope: 'signup-ip', limit: 5, windowSeconds: 3600 } as const;
/** Sign-ups per hour from everyone together: beyond this something is wrong, and an alarm says so. */
const SIGN_UP_OVERALL_LIMIT = { scope: 'signup-all', key: 'all', limit: 500, windowSeconds: 3600 } as const;
/**
 * The log line's `metric` when the overall limit refuses a sign-up; a CloudWatch metric filter
 * counts these lines and an alarm fires on the first (infra/lib/constructs/operations.ts).
 */
export const SIGN_UP_LIMIT_METRIC = 'SignUpOverallLimitReached';

const SIGN_UP_TEXTS = {
  addressLimited: 'Too many accounts created from your network. Please try again later.',
  overallLimited: 'We are receiving an unusual number of sign-ups. Please try again in a little while.',
} as const;

const SIGN_UP_ANSWER: SignUpAnswer = { status: 'check-inbox', message: ACCOUNT_TEXTS.checkInbox };

/** What the verification code completes: the account and the sign-up details the profile needs. */
function signUpCodeData(userId: string, input: SignUpRequest): Record<string, string> {
  return {
    userId,
    accountType: input.accountType,
    fullName: input.name,
    ...(input.companyName ? { companyName: input.companyName } : {}),
    ...(input.phone ? { phone: input.phone } : {}),
  };
}

/**
 * Create Account and dealer registration (issue 9 §4, issue 23). The caller must have solved an
 * ALTCHA challenge; then at most 5 sign-ups per client address and 500 overall per hour. A new
 * address gets an account (created with admin rights: the pool refuses Cognito's own SignUp) and
 * our verification code by e-mail; an existing one an e-mail saying it already has an account.
 * The caller gets the same answer either way, so the form tells no one who has an account.
 */
export async function signUpAccount(deps: AccountDeps, input: SignUpRequest, client: { sourceIp: string }): Promise<SignUpAnswer> {
  await requireSolvedChallenge(deps.challenge, input.altcha);

  const byAddress = await deps.rateLimit({ ...SIGN_UP_ADDRESS_LIMIT, key: rateLimitKeyForIp(client.sourceIp) });
  if (!byAddress.allowed) {
    throw new DomainError('RATE_LIMITED', SIGN_UP_TEXTS.addressLimited, { retryAfterSeconds: byAddress.retryAfterSeconds });
  }
  const overall = await deps.rateLimit(SIGN_UP_OVERALL_LIMIT);
  if (!overall.allowed) {
    deps.log('warn', 'Sign-up refused: the overall hourly limit is reached', {
      metric: SIGN_UP_LIMIT_METRIC,
      limit: SIGN_UP_OVERALL_LIMIT.limit,
      windowSeconds: SIGN_UP_OVERALL_LIMIT.windowSeconds,
    });
    throw new DomainError('RATE_LIMITED', SIGN_UP_TEXTS.overallLimited, { retryAfterSeconds: overall.retryAfterSeconds });
  }

  const created = await deps.directory.createAccount(input);
  if (created.outcome === 'created') {
    const code = await issueCode(deps.codes, {
      purpose: 'verify',
      email: input.email,
      data: signUpCodeData(created.userId, input),
      now: deps.now(),
    });
    // A failed send is retried by the outbox; the person can also ask for a new code.
    await deps.mailer.send({
      to: input.email,
      ...verificationCodeEmail({ code, validMinutes: ACCOUNT_CODE_RULES.validMinutes }, deps.mail),
    });
    return SIGN_UP_ANSWER;
  }
  try {
    const limit = await deps.rateLimit({ ...EXISTING_ACCOUNT_NOTICE_LIMIT, key: input.email });
    if (limit.allowed) await deps.mailer.send({ to: input.email, ...existingAccountNotice({ name: input.name }, deps.mail) });
  } catch (err) {
    // The caller must not learn anything from a failure here either.
    deps.log('error', 'Sending the existing-account notice failed', { error: String(err) });
  }
  return SIGN_UP_ANSWER;
}
