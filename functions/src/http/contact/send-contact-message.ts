import { ulid } from 'ulid';
import { contactMessageSchema } from '../../../../shared/schemas/contact.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { contactMessageStore } from '../../adapters/dynamodb/contact-messages-repo.js';
import { createRateLimiter } from '../../adapters/dynamodb/rate-limit.js';
import { getMailer } from '../../adapters/mail/mailer.js';
import { config } from '../../config.js';
import { type ContactDeps, sendContactMessage } from '../../domain/contact/send-contact-message.js';
import { CONTACT_REPLY_HOURS } from '../../domain/mail/templates.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';

/** The answer to every accepted message, honeypot hits included, so a bot cannot tell them apart. */
export const CONTACT_RECEIVED = {
  status: 'received',
  message: `Thanks for your message. We'll reply within ${CONTACT_REPLY_HOURS} hours.`,
} as const;

// Cheap wrappers around the module-scope clients, read per call because the local API server
// and the tests switch TABLE_NAME within one process.
const deps = (): ContactDeps => ({
  store: contactMessageStore(ddb, config.tableName),
  mailer: getMailer(),
  rateLimit: createRateLimiter(ddb, config.tableName),
  now: () => new Date(),
  newId: ulid,
  supportInbox: config.supportInbox,
  mail: { siteUrl: config.siteUrl },
});

/** POST /api/contact — a contact-form message (spec §2 Contact): 202 when accepted, 400 per field, 429 when rate-limited. */
export const handler = httpHandler('public', async ({ event, requestId }) => {
  const input = parseWith(contactMessageSchema, jsonBody(event));
  const result = await sendContactMessage(input, { sourceIp: event.requestContext.http.sourceIp }, deps());
  if (result.outcome === 'accepted') {
    for (const { email, error } of result.emailFailures) {
      console.error(
        JSON.stringify({
          level: 'error',
          requestId,
          message: `Contact message ${result.id} stored but the ${email} e-mail failed`,
          error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
        }),
      );
    }
  }
  return json(202, CONTACT_RECEIVED);
});
