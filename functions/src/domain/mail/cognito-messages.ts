import type { MailContext } from './layout.js';
import type { RenderedEmail } from './mailer.js';
import { passwordReset, verificationCode } from './templates.js';

/** How long Cognito's codes last: sign-up codes 24 hours, password-reset codes 1 hour. */
const SIGN_UP_CODE_MINUTES = 24 * 60;
const RESET_CODE_MINUTES = 60;

/**
 * The branded e-mail for a Cognito message, or null to leave Cognito's default. `code` is the
 * placeholder Cognito substitutes ({####}), so it must appear in the HTML exactly once.
 */
export function cognitoEmailFor(
  triggerSource: string,
  d: { code: string; name?: string; email?: string },
  ctx: MailContext,
): RenderedEmail | null {
  switch (triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode':
    case 'CustomMessage_VerifyUserAttribute':
    case 'CustomMessage_UpdateUserAttribute':
      return verificationCode({ code: d.code, name: d.name, expiresInMinutes: SIGN_UP_CODE_MINUTES }, ctx);
    case 'CustomMessage_ForgotPassword': {
      const url = new URL('/reset-password', ctx.siteUrl);
      if (d.email) url.searchParams.set('email', d.email);
      return passwordReset({ resetUrl: url.toString(), code: d.code, name: d.name, expiresInMinutes: RESET_CODE_MINUTES }, ctx);
    }
    default:
      return null;
  }
}
