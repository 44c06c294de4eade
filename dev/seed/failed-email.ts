/**
 * One e-mail the outbox gave up on (dead-lettered after its last attempt), so the admin Inbox's
 * "E-mails that failed to send" has something to show and retry locally.
 */
import { ddb } from '../../functions/src/adapters/dynamodb/client.js';
import { emailOutboxStore } from '../../functions/src/adapters/dynamodb/email-outbox-repo.js';
import { MAX_EMAIL_ATTEMPTS } from '../../functions/src/domain/mail/outbox.js';

const DEMO_FAILED_EMAIL_ID = '01JDEMOFAILEDEMAIL00000001';

export async function seedDemoFailedEmail(opts: { tableName: string; now: Date }): Promise<void> {
  const outbox = emailOutboxStore(ddb, opts.tableName);
  // Kept as it is once there (a staff retry turns it into a sent e-mail; re-seeding must not undo that).
  if (await outbox.get(DEMO_FAILED_EMAIL_ID)) return;
  const text = 'Thank you for your valuation request for your 2018 DAF XF 480. One of our team will call you within one working day.';
  await outbox.add({
    id: DEMO_FAILED_EMAIL_ID,
    createdAt: new Date(opts.now.getTime() - 36 * 3600 * 1000).toISOString(),
    email: { to: 'owen@haulage.example', subject: 'Your valuation request for a 2018 DAF XF 480', text, html: `<p>${text}</p>` },
    status: 'pending',
    attempts: MAX_EMAIL_ATTEMPTS,
  });
  await outbox.markFailed(DEMO_FAILED_EMAIL_ID, new Date(opts.now.getTime() - 3600 * 1000), 'Error: connect ECONNREFUSED 127.0.0.1:587');
}
