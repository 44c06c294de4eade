import { ulid } from 'ulid';
import { contactMessageSchema } from '../../../../shared/schemas/contact.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { contactMessageStore } from '../../adapters/dynamodb/contact-messages-repo.js';
import { createRateLimiter } from '../../adapters/dynamodb/rate-limit.js';
import { getMailer } from '../../adapters/mail/mailer.js';
import { config } from '../../config.js';
import { type ContactDeps, sendContactMessage } from '../../domain/contact/send-contact-message.js';
import { isPaid } from '../../domain/alerts/schedule.js';
import { CONTACT_REPLY_HOURS, PRIORITY_REPLY_HOURS } from '../../domain/mail/templates.js';
import { alertsStore$ } from '../alerts/deps.js';
import { challengeGate$ } from '../challenge/deps.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { viewerIp } from '../viewer-ip.js';
import { logEmailFailures } from '../log-email-failures.js';

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
  challenge: challengeGate$(),
  now: () => new Date(),
  newId: ulid,
  supportInbox: config.supportInbox,
  mail: { siteUrl: config.siteUrl },
});

/**
 * POST /api/contact — a contact-form message (spec §2 Contact): 202 when accepted, 400 per field,
 * 429 when rate-limited. A signed-in platinum subscriber's message is priority support.
 */
export const handler = httpHandler('optional', async ({ event, caller, requestId }) => {
  const input = parseWith(contactMessageSchema, jsonBody(event));
  const sub = caller.kind === 'user' ? await alertsStore$().getSubscription(caller.userId) : null;
  const priority = isPaid(sub) && sub.tier === 'platinum';
  const result = await sendContactMessage(input, { sourceIp: await viewerIp(event), priority }, deps());
  if (result.outcome === 'accepted') logEmailFailures(requestId, `Contact message ${result.id}`, result.emailFailures);
  return json(
    202,
    priority && result.outcome === 'accepted'
      ? {
          ...CONTACT_RECEIVED,
          message: `Thanks for your message. As a Platinum member you'll hear from us within ${PRIORITY_REPLY_HOURS} hours.`,
        }
      : CONTACT_RECEIVED,
  );
});
