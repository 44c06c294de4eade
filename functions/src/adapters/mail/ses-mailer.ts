import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { Mailer, OutgoingEmail } from '../../domain/mail/mailer.js';
import { formatAddress } from './format-address.js';
import { sdkClientConfig } from '../sdk-config.js';

/** One SES client per execution environment (region and credentials from the Lambda's environment). */
const ses = new SESv2Client(sdkClientConfig());

/** Sends through SES v2 as Simple content: SES builds the multipart/alternative message. */
export function createSesMailer(opts: { from: string }): Mailer {
  return {
    async send(email: OutgoingEmail) {
      const utf8 = (Data: string) => ({ Data, Charset: 'UTF-8' });
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: opts.from,
          // Bounces and complaints of this configuration set reach the suppression handler (events/ses-notification.ts).
          ConfigurationSetName: process.env.SES_CONFIGURATION_SET || undefined,
          Destination: { ToAddresses: [formatAddress(email.to)] },
          ReplyToAddresses: email.replyTo ? [formatAddress(email.replyTo)] : undefined,
          Content: {
            Simple: {
              Subject: utf8(email.subject),
              Body: { Text: utf8(email.text), Html: utf8(email.html) },
              Headers: email.headers ? Object.entries(email.headers).map(([Name, Value]) => ({ Name, Value })) : undefined,
            },
          },
        }),
      );
    },
  };
}
