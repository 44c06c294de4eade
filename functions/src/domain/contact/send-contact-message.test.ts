import { describe, expect, it } from 'vitest';
import { type ContactMessage, contactMessageSchema } from '../../../../shared/schemas/contact.js';
import { DomainError } from '../errors.js';
import type { Mailer, OutgoingEmail } from '../mail/mailer.js';
import type { RateLimitRequest, RateLimiter } from '../rate-limit.js';
import { type ContactDeps, type ContactMessageRecord, rateLimitKeyForIp, sendContactMessage } from './send-contact-message.js';

function fakes(opts: { allowed?: number; failMailTo?: string } = {}) {
  const saved: ContactMessageRecord[] = [];
  const sent: OutgoingEmail[] = [];
  const limitCalls: RateLimitRequest[] = [];
  const counts = new Map<string, number>();
  const mailer: Mailer = {
    async send(email) {
      const to = typeof email.to === 'string' ? email.to : email.to.address;
      if (to === opts.failMailTo) throw new Error('SMTP down');
      sent.push(email);
    },
  };
  const rateLimit: RateLimiter = async (req) => {
    limitCalls.push(req);
    const n = counts.get(req.key) ?? 0;
    if (n >= (opts.allowed ?? req.limit)) return { allowed: false, count: n, retryAfterSeconds: 321 };
    counts.set(req.key, n + 1);
    return { allowed: true, count: n + 1, retryAfterSeconds: 321 };
  };
  let seq = 0;
  const deps: ContactDeps = {
    store: { save: async (r) => void saved.push(r) },
    mailer,
    rateLimit,
    challenge: { verify: async (payload) => payload !== 'unsolved' },
    now: () => new Date('2026-11-22T20:00:00.000Z'),
    newId: () => `01CONTACT${++seq}`,
    supportInbox: 'support@truckyard.example',
    mail: { siteUrl: 'https://truckyard.example' },
  };
  return { deps, saved, sent, limitCalls };
}

const valid: ContactMessage = contactMessageSchema.parse({
  firstName: 'Jane',
  lastName: 'Smith',
  email: 'jane@example.com',
  phone: '',
  subject: 'Finance',
  message: 'Do you offer finance on the 2019 DAF XF?',
  website: '',
  altcha: 'solved',
});
const client = { sourceIp: '203.0.113.7' };

describe('sendContactMessage', () => {
  it('stores the message, e-mails staff with reply-to the sender and acknowledges the sender', async () => {
    // Prepare
    const { deps, saved, sent } = fakes();
    // Act
    const result = await sendContactMessage(valid, client, deps);
    // Assess
    expect(result).toEqual({ outcome: 'accepted', id: '01CONTACT1', emailFailures: [] });
    expect(saved).toEqual([
      {
        id: '01CONTACT1',
        createdAt: '2026-11-22T20:00:00.000Z',
        firstName: 'Jane',
        lastName: 'Smith',
        email: 'jane@example.com',
        subject: 'Finance',
        message: 'Do you offer finance on the 2019 DAF XF?',
        status: 'new',
      },
    ]);
    expect(sent).toHaveLength(2);
    const [staff, ack] = sent;
    expect(staff.to).toBe('support@truckyard.example');
    expect(staff.replyTo).toEqual({ name: 'Jane Smith', address: 'jane@example.com' });
    expect(staff.text).toContain('Do you offer finance on the 2019 DAF XF?');
    expect(ack.to).toEqual({ name: 'Jane Smith', address: 'jane@example.com' });
    expect(ack.text).toContain('within 24 hours');
    expect(ack.text).not.toContain('DAF XF');
  });

  it('refuses a message without a solved challenge before counting, storing or sending', async () => {
    const f = fakes();
    await expect(sendContactMessage({ ...valid, altcha: 'unsolved' }, { sourceIp: '198.51.100.7' }, f.deps)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(f.saved).toEqual([]);
  });

  it('acknowledges at most 3 messages a day to one address, still storing each and telling staff (Old M2)', async () => {
    const f = fakes();
    for (let i = 0; i < 4; i++) await sendContactMessage(valid, { sourceIp: `198.51.100.${i}` }, f.deps);
    expect(f.saved).toHaveLength(4);
    const acks = f.sent.filter((e) => e.to !== f.deps.supportInbox);
    expect(acks).toHaveLength(3);
  });

  it('drops a message whose honeypot is filled without storing, sending or counting it', async () => {
    const { deps, saved, sent, limitCalls } = fakes();
    const result = await sendContactMessage({ ...valid, website: 'http://spam.example' }, client, deps);
    expect(result).toEqual({ outcome: 'discarded' });
    expect(saved).toEqual([]);
    expect(sent).toEqual([]);
    expect(limitCalls).toEqual([]);
  });

  it('refuses the sixth message from one address within the window with RATE_LIMITED', async () => {
    const { deps, saved, limitCalls } = fakes();
    for (let i = 0; i < 5; i++) await sendContactMessage(valid, client, deps);
    const sixth = sendContactMessage(valid, client, deps);
    await expect(sixth).rejects.toBeInstanceOf(DomainError);
    await expect(sixth).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many messages. Please try again later.',
      details: { retryAfterSeconds: 321 },
      statusCode: 429,
    });
    expect(saved).toHaveLength(5);
    expect(limitCalls[0]).toEqual({ scope: 'contact', key: '203.0.113.7', limit: 5, windowSeconds: 600 });
    // Another address is unaffected.
    await expect(sendContactMessage(valid, { sourceIp: '198.51.100.1' }, deps)).resolves.toMatchObject({ outcome: 'accepted' });
  });

  it('keeps the stored message and reports a failed e-mail instead of failing the request', async () => {
    const { deps, saved, sent } = fakes({ failMailTo: 'support@truckyard.example' });
    const result = await sendContactMessage(valid, client, deps);
    expect(saved).toHaveLength(1);
    expect(sent).toHaveLength(1);
    expect(result).toMatchObject({ outcome: 'accepted', emailFailures: [{ email: 'staff' }] });
  });

  it('stores the phone when one is given', async () => {
    const { deps, saved } = fakes();
    await sendContactMessage({ ...valid, phone: '07700 900123' }, client, deps);
    expect(saved[0].phone).toBe('07700 900123');
  });
});

describe('rateLimitKeyForIp', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd:12::/64'],
    ['2001:0db8:abcd:0012::1', '2001:db8:abcd:12::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s → %s', (ip, key) => {
    expect(rateLimitKeyForIp(ip)).toBe(key);
  });
});
