import nodemailer from 'nodemailer';
import type { Mailer, OutgoingEmail } from '../../domain/mail/mailer.js';

/** Sends over SMTP with nodemailer; locally that is the mail catcher in dev/mail. */
export function createSmtpMailer(opts: { from: string; host: string; port: number }): Mailer {
  const transport = nodemailer.createTransport({ host: opts.host, port: opts.port, secure: opts.port === 465 });
  return {
    async send(email: OutgoingEmail) {
      await transport.sendMail({
        from: opts.from,
        to: email.to,
        replyTo: email.replyTo,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: email.headers,
      });
    },
  };
}
