import nodemailer from 'nodemailer';

/** What cognito-local hands its message sender: the code, and the custom message when a trigger made one. */
interface CognitoMessage {
  __code?: string;
  emailSubject?: string;
  emailMessage?: string;
  smsMessage?: string;
}
interface CognitoSender {
  sendEmail(ctx: unknown, user: unknown, destination: string, message: CognitoMessage): Promise<void>;
  sendSms(ctx: unknown, user: unknown, destination: string, message: CognitoMessage): Promise<void>;
}

/**
 * Delivers cognito-local's e-mails (sign-up codes, password resets) to the local mail catcher, as
 * Cognito would send them, so a newcomer reads the code at /_dev/mail. The console copy stays
 * (cognito-local's own sender), which helps when the catcher is not looked at.
 */
export function createSmtpCognitoSender(opts: { host: string; port: number; from: string }, consoleSender: CognitoSender): CognitoSender {
  const transport = nodemailer.createTransport({ host: opts.host, port: opts.port, secure: false, ignoreTLS: true });
  return {
    async sendEmail(ctx, user, destination, message) {
      await consoleSender.sendEmail(ctx, user, destination, message);
      const subject = message.emailSubject ?? 'Your TruckYard verification code';
      await transport.sendMail({
        from: opts.from,
        to: destination,
        subject,
        html: message.emailMessage ?? `<p>Your TruckYard code is <strong>${message.__code ?? ''}</strong></p>`,
        text: `${subject}\n\nYour code: ${message.__code ?? ''}\n`,
      });
    },
    sendSms(ctx, user, destination, message) {
      return consoleSender.sendSms(ctx, user, destination, message);
    },
  };
}
