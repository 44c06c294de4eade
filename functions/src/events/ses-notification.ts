import type { SNSEvent } from 'aws-lambda';

/**
 * SES bounce and complaint notifications (configuration set → SNS → this function).
 * Placeholder written with the infrastructure: it parses each notification and logs the kind and
 * count only (no addresses: personal data). Suppressing the addresses in the table is the mail
 * outbox work's handler, which replaces this file.
 */
export async function handler(event: SNSEvent): Promise<void> {
  for (const record of event.Records) {
    const message = JSON.parse(record.Sns.Message) as {
      eventType?: string;
      notificationType?: string;
      bounce?: { bouncedRecipients?: unknown[] };
      complaint?: { complainedRecipients?: unknown[] };
    };
    const kind = message.eventType ?? message.notificationType ?? 'unknown';
    const count = message.bounce?.bouncedRecipients?.length ?? message.complaint?.complainedRecipients?.length ?? 0;
    console.info(JSON.stringify({ msg: 'SES notification', kind, recipients: count }));
  }
}
