import { ACCOUNT_TEXTS, type SignUpAnswer, type SignUpRequest } from '../../../../shared/schemas/account.js';
import type { MailContext } from '../mail/layout.js';
import type { Mailer } from '../mail/mailer.js';
import { existingAccountNotice } from '../mail/account-templates.js';
import type { RateLimiter } from '../rate-limit.js';

/** Port: the user pool's self-service sign-up (Cognito SignUp), implemented in adapters/cognito. */
export interface AccountDirectory {
  /**
   * Creates an unconfirmed account and has the pool e-mail its verification code. 'exists' when
   * the address already has an account (confirmed or not); bad passwords and the like throw
   * VALIDATION domain errors.
   */
  signUp(input: SignUpRequest): Promise<'created' | 'exists'>;
}

export interface SignUpDeps {
  directory: AccountDirectory;
  mailer: Mailer;
  /** Limits "you already have an account" e-mails per address, so the form cannot be used to flood an inbox. */
  rateLimit: RateLimiter;
  mail: MailContext;
  logError: (message: string, err: unknown) => void;
}

/** Three notices per address per hour: enough for someone who forgot they signed up. */
export const EXISTING_ACCOUNT_NOTICE_LIMIT = { scope: 'signup-existing', limit: 3, windowSeconds: 3600 } as const;

export const SIGN_UP_ANSWER: SignUpAnswer = { status: 'check-inbox', message: ACCOUNT_TEXTS.checkInbox };

/**
 * Sign-up without account enumeration (issue 9 §4): a new address gets its verification code, an
 * existing one an e-mail saying it already has an account (with sign-in and reset links), and the
 * caller gets the same answer either way. Cognito's own SignUp says UsernameExistsException even
 * with PreventUserExistenceErrors, and a PreSignUp trigger cannot both refuse and send mail
 * quietly, hence this server-side step.
 */
export async function signUpAccount(deps: SignUpDeps, input: SignUpRequest): Promise<SignUpAnswer> {
  const outcome = await deps.directory.signUp(input);
  if (outcome === 'exists') {
    try {
      const limit = await deps.rateLimit({ ...EXISTING_ACCOUNT_NOTICE_LIMIT, key: input.email });
      if (limit.allowed) await deps.mailer.send({ to: input.email, ...existingAccountNotice({ name: input.name }, deps.mail) });
    } catch (err) {
      // The caller must not learn anything from a failure here either.
      deps.logError('Sending the existing-account notice failed', err);
    }
  }
  return SIGN_UP_ANSWER;
}
