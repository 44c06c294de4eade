import { config } from '../../config.js';
import type { Mailer } from '../../domain/mail/mailer.js';
import { createSesMailer } from './ses-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

let mailer: Mailer | undefined;

/**
 * The mailer for this execution environment, chosen once by MAIL_TRANSPORT (ses | smtp) and
 * reused across warm invocations.
 */
export function getMailer(): Mailer {
  mailer ??=
    config.mailTransport === 'smtp'
      ? createSmtpMailer({ from: config.mailFrom, ...config.smtp })
      : createSesMailer({ from: config.mailFrom });
  return mailer;
}
