/**
 * SES bounce and complaint notifications (delivered through SNS), reduced to the addresses we must
 * stop mailing. Both SES formats are read: identity notifications (`notificationType`) and
 * configuration-set event publishing (`eventType`). Only permanent bounces suppress: a transient
 * one (mailbox full, greylisting) is SES's to retry.
 */
export interface Suppression {
  email: string;
  reason: 'bounce' | 'complaint';
  detail?: string;
}

interface SesMessage {
  notificationType?: string;
  eventType?: string;
  bounce?: { bounceType?: string; bounceSubType?: string; bouncedRecipients?: Array<{ emailAddress?: string }> };
  complaint?: { complaintFeedbackType?: string; complainedRecipients?: Array<{ emailAddress?: string }> };
}

/** The bare address of a recipient SES may give as "Name <a@b>". */
const bare = (raw: string) => (/<([^>]+)>/.exec(raw)?.[1] ?? raw).trim().toLowerCase();

export function suppressionsFromSesMessage(message: unknown): Suppression[] {
  if (!message || typeof message !== 'object') return [];
  const m = message as SesMessage;
  const kind = m.notificationType ?? m.eventType;
  if (kind === 'Bounce' && m.bounce?.bounceType === 'Permanent') {
    return (m.bounce.bouncedRecipients ?? [])
      .flatMap((r) => (r.emailAddress ? [bare(r.emailAddress)] : []))
      .map((email) => ({ email, reason: 'bounce' as const, detail: m.bounce?.bounceSubType }));
  }
  if (kind === 'Complaint') {
    return (m.complaint?.complainedRecipients ?? [])
      .flatMap((r) => (r.emailAddress ? [bare(r.emailAddress)] : []))
      .map((email) => ({ email, reason: 'complaint' as const, detail: m.complaint?.complaintFeedbackType }));
  }
  return [];
}
