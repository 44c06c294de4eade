import { ulid } from 'ulid';
import { config } from '../../config.js';
import type { Mailer } from '../../domain/mail/mailer.js';
import { type OutboxDeps, createOutboxMailer } from '../../domain/mail/outbox.js';
import { ddb } from '../dynamodb/client.js';
import { emailOutboxStore } from '../dynamodb/email-outbox-repo.js';
import { suppressionList } from '../dynamodb/suppression-repo.js';
import { createSesMailer } from './ses-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

let transport: Mailer | undefined;
let mailer: Mailer | undefined;

/** How e-mail leaves, chosen once by MAIL_TRANSPORT (ses | smtp). Only the outbox calls it directly. */
function getMailTransport(): Mailer {
  transport ??=
    config.mailTransport === 'smtp'
      ? createSmtpMailer({ from: config.mailFrom, ...config.smtp })
      : createSesMailer({ from: config.mailFrom });
  return transport;
}

const log: OutboxDeps['log'] = (level, message, fields = {}) => {
  const line = JSON.stringify({ level, message, ...fields });
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
};

/** The outbox around the transport, in the configured table (read per call: the local server switches tables in tests). */
export const outboxDeps = (): OutboxDeps => ({
  store: emailOutboxStore(ddb, config.tableName),
  transport: getMailTransport(),
  suppression: suppressionList(ddb, config.tableName),
  now: () => new Date(),
  newId: ulid,
  log,
});

/**
 * The mailer for this execution environment: every e-mail goes through the outbox (stored, sent,
 * retried by the RetryEmails job, never to a suppressed address). Functions using it need table
 * read-write access besides mail.
 */
export function getMailer(): Mailer {
  mailer ??= createOutboxMailer(outboxDeps);
  return mailer;
}
