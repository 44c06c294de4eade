/**
 * The product's one way to send e-mail. Domain code builds a message from a template and hands
 * it to a Mailer; adapters (SES in AWS, SMTP to the local mail catcher) deliver it.
 */

/** An address, optionally with a display name ("Jane Smith <jane@example.com>"). */
export type EmailAddress = string | { name: string; address: string };

/** What every template renders: a subject and both parts of a multipart/alternative body. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface OutgoingEmail extends RenderedEmail {
  to: EmailAddress;
  replyTo?: EmailAddress;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on alert e-mails. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
}

/** The bare address of an EmailAddress. */
export const addressOf = (a: EmailAddress): string => (typeof a === 'string' ? a : a.address);
