import type { SNSEvent } from 'aws-lambda';
import { ddb } from '../adapters/dynamodb/client.js';
import { suppressionList } from '../adapters/dynamodb/suppression-repo.js';
import { config } from '../config.js';
import { suppressionsFromSesMessage } from '../domain/mail/ses-notifications.js';
import { observed } from '../observability.js';

/**
 * SNS subscription to the SES bounce and complaint topic: marks each permanently bouncing or
 * complaining address as suppressed (pattern 54); the outbox never mails it again. A record that
 * is not JSON is logged and skipped (SNS would redeliver it forever); a table failure throws, so
 * SNS retries the delivery.
 */
async function run(event: SNSEvent): Promise<{ suppressed: number }> {
  const list = suppressionList(ddb, config.tableName);
  let suppressed = 0;
  for (const record of event.Records ?? []) {
    let message: unknown;
    try {
      message = JSON.parse(record.Sns?.Message ?? '');
    } catch {
      console.warn(JSON.stringify({ level: 'warn', message: 'SES notification is not JSON; skipped', messageId: record.Sns?.MessageId }));
      continue;
    }
    for (const s of suppressionsFromSesMessage(message)) {
      await list.suppress(s.email, s.reason, new Date(record.Sns?.Timestamp ?? Date.now()), s.detail);
      suppressed++;
    }
  }
  if (suppressed)
    console.log(JSON.stringify({ level: 'info', message: 'Addresses suppressed after SES notifications', count: suppressed }));
  return { suppressed };
}

/** An SNS event carrying one SES notification, as SES sends it: for the local /_dev/ses/* endpoints and tests. */
export function sesNotificationEvent(email: string, kind: 'Bounce' | 'Complaint', at = new Date()): SNSEvent {
  const message =
    kind === 'Bounce'
      ? {
          notificationType: 'Bounce',
          bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ emailAddress: email }] },
        }
      : { notificationType: 'Complaint', complaint: { complaintFeedbackType: 'abuse', complainedRecipients: [{ emailAddress: email }] } };
  return {
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: 'arn:aws:sns:eu-west-2:000000000000:ses-notifications:local',
        Sns: {
          Type: 'Notification',
          MessageId: `local-${at.getTime()}`,
          TopicArn: 'arn:aws:sns:eu-west-2:000000000000:ses-notifications',
          Subject: null as unknown as string,
          Message: JSON.stringify(message),
          Timestamp: at.toISOString(),
          SignatureVersion: '1',
          Signature: '',
          SigningCertUrl: '',
          UnsubscribeUrl: '',
          MessageAttributes: {},
        },
      },
    ],
  };
}

export const handler = observed('events/ses-notification', run);
