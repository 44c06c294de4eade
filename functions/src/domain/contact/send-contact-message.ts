import { type ContactMessage, isHoneypotFilled } from '../../../../shared/schemas/contact.js';
import { type ChallengeGate, requireSolvedChallenge } from '../challenge/challenge.js';
import { DomainError } from '../errors.js';
import { mayAcknowledge } from '../mail/acknowledgement-limit.js';
import type { MailContext } from '../mail/layout.js';
import type { Mailer } from '../mail/mailer.js';
import { contactAcknowledgement, contactMessageToStaff } from '../mail/templates.js';
import type { RateLimiter } from '../rate-limit.js';
import { rateLimitKeyForIp } from '../client-address.js';

/** Five messages per client address per ten minutes: plenty for a person, little for a script. */
const CONTACT_RATE_LIMIT = { scope: 'contact', limit: 5, windowSeconds: 600 } as const;
const CONTACT_RATE_LIMITED_MESSAGE = 'Too many messages. Please try again later.';

export interface ContactMessageRecord {
  id: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  subject: string;
  message: string;
  /** Staff workflow state; new messages start unanswered. */
  status: 'new';
  /** From a platinum subscriber (priority support): listed first for staff, a shorter reply promised. */
  priority?: boolean;
}

export interface ContactMessageStore {
  save(record: ContactMessageRecord): Promise<void>;
}

export interface ContactDeps {
  store: ContactMessageStore;
  mailer: Mailer;
  rateLimit: RateLimiter;
  /** The ALTCHA check (issue 23). */
  challenge: ChallengeGate;
  now: () => Date;
  newId: () => string;
  /** Where staff read contact messages (SUPPORT_INBOX). */
  supportInbox: string;
  mail: MailContext;
}

export type SendContactResult =
  /** The honeypot was filled: a bot. Nothing stored, nothing sent, and it is told nothing different. */
  | { outcome: 'discarded' }
  /** Stored. E-mails that failed are reported for logging: the message itself is safe in the table. */
  | { outcome: 'accepted'; id: string; emailFailures: Array<{ email: 'staff' | 'acknowledgement'; error: unknown }> };

export { rateLimitKeyForIp } from '../client-address.js';

/**
 * A message from the contact form (spec §2 Contact): stored for staff (pattern 25), e-mailed to
 * the support inbox with Reply-To the sender, and acknowledged to the sender (at most 3 a day per
 * address). Needs a solved ALTCHA challenge; rate-limited per client address; a filled honeypot is
 * silently dropped.
 */
export async function sendContactMessage(
  input: ContactMessage,
  client: { sourceIp: string; priority?: boolean },
  deps: ContactDeps,
): Promise<SendContactResult> {
  if (isHoneypotFilled(input)) return { outcome: 'discarded' };
  await requireSolvedChallenge(deps.challenge, input.altcha);

  const limit = await deps.rateLimit({ ...CONTACT_RATE_LIMIT, key: rateLimitKeyForIp(client.sourceIp) });
  if (!limit.allowed) {
    throw new DomainError('RATE_LIMITED', CONTACT_RATE_LIMITED_MESSAGE, { retryAfterSeconds: limit.retryAfterSeconds });
  }

  const record: ContactMessageRecord = {
    id: deps.newId(),
    createdAt: deps.now().toISOString(),
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    ...(input.phone ? { phone: input.phone } : {}),
    subject: input.subject,
    message: input.message,
    status: 'new',
    ...(client.priority ? { priority: true } : {}),
  };
  await deps.store.save(record);

  const sender = { name: `${record.firstName} ${record.lastName}`, address: record.email };
  const [staff, acknowledgement] = await Promise.allSettled([
    deps.mailer.send({
      to: deps.supportInbox,
      replyTo: sender,
      ...contactMessageToStaff({ ...record, receivedAt: record.createdAt }, deps.mail),
    }),
    mayAcknowledge(deps.rateLimit, record.email).then((allowed) =>
      allowed ? deps.mailer.send({ to: sender, ...contactAcknowledgement(record, deps.mail) }) : undefined,
    ),
  ]);
  const emailFailures: Array<{ email: 'staff' | 'acknowledgement'; error: unknown }> = [];
  if (staff.status === 'rejected') emailFailures.push({ email: 'staff', error: staff.reason });
  if (acknowledgement.status === 'rejected') emailFailures.push({ email: 'acknowledgement', error: acknowledgement.reason });
  return { outcome: 'accepted', id: record.id, emailFailures };
}
