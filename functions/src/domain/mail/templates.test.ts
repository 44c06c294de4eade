import { describe, expect, it } from 'vitest';
import { escapeHtml, html, multiline } from './html.js';
import {
  contactAcknowledgement,
  contactMessageToStaff,
  enquiryToSeller,
  greetingName,
  passwordReset,
  verificationCode,
} from './templates.js';

const ctx = { siteUrl: 'https://truckyard.example' };

const message = {
  id: '01JCONTACT',
  receivedAt: '2026-11-22T19:51:00.000Z',
  firstName: 'Jane',
  lastName: 'Smith',
  email: 'jane@example.com',
  phone: '07700 900123',
  subject: 'Finance on a DAF XF',
  message: 'Hello,\nDo you offer finance on the 2019 DAF XF?',
};

describe('html escaping', () => {
  it('escapes interpolated text but keeps nested fragments', () => {
    const out = html`<p>${'<b>&"\''}</p>${html`<i>ok</i>`}`;
    expect(out.value).toBe('<p>&lt;b&gt;&amp;&quot;&#39;</p><i>ok</i>');
  });

  it('keeps line breaks of free text as <br> after escaping', () => {
    expect(multiline('a<b\r\nc').value).toBe('a&lt;b<br>c');
  });
});

describe('contactMessageToStaff', () => {
  it('has a subject, an HTML part with the wordmark and a plain-text part with every field', () => {
    const email = contactMessageToStaff(message, ctx);
    expect(email.subject).toBe('Contact form: Finance on a DAF XF (Jane Smith)');
    expect(email.html).toContain('Truck<span style="color:#f59e0b;">Yard</span>');
    expect(email.html).toContain('background-color:#0f2a44');
    expect(email.html).toContain('Do you offer finance on the 2019 DAF XF?');
    expect(email.html).toContain('mailto:jane@example.com');
    for (const part of ['Jane Smith', 'jane@example.com', '07700 900123', 'Finance on a DAF XF', 'Do you offer finance', '01JCONTACT']) {
      expect(email.text).toContain(part);
    }
    expect(email.text).not.toContain('<');
  });

  it('escapes user input in the HTML part', () => {
    const email = contactMessageToStaff(
      { ...message, firstName: '<img src=x onerror=alert(1)>', subject: '"><script>x</script>', message: '<script>alert("hi")</script>' },
      ctx,
    );
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).toContain('&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;');
    // The plain-text part is text: it carries the message as typed.
    expect(email.text).toContain('<script>alert("hi")</script>');
  });

  it('keeps line breaks out of the subject (no header injection)', () => {
    const email = contactMessageToStaff({ ...message, subject: 'Hi\r\nBcc: victim@example.com' }, ctx);
    expect(email.subject).not.toMatch(/[\r\n]/);
  });

  it('says when no phone was given', () => {
    const { phone: _phone, ...withoutPhone } = message;
    expect(contactMessageToStaff(withoutPhone, ctx).text).toContain('Phone:    Not given');
  });
});

describe('contactAcknowledgement', () => {
  it('promises a reply within 24 hours in both parts', () => {
    const email = contactAcknowledgement({ firstName: 'Jane' }, ctx);
    expect(email.subject).toBe("We've received your message");
    expect(email.html).toContain('within 24 hours');
    expect(email.text).toContain('within 24 hours');
    expect(email.text).toContain('Hi Jane,');
    expect(email.html).toContain('href="https://truckyard.example/"');
  });

  it('does not greet by a "name" that is really a link', () => {
    const email = contactAcknowledgement({ firstName: 'Win big at spam.example' }, ctx);
    expect(email.text).toContain('Hello,');
    expect(email.text).not.toContain('spam.example');
    expect(email.html).not.toContain('spam.example');
  });
});

describe('greetingName', () => {
  it.each([
    ['Jane', 'Jane'],
    ['  Mary   Ann ', 'Mary Ann'],
    ["O'Brien", "O'Brien"],
    ['https://x.example', undefined],
    ['a@b.c', undefined],
    ['x'.repeat(41), undefined],
    ['', undefined],
  ])('%s → %s', (input, expected) => {
    expect(greetingName(input)).toBe(expected);
  });
});

describe('verificationCode', () => {
  it('shows the code and its expiry in both parts', () => {
    const email = verificationCode({ code: '482913', name: 'Sam', expiresInMinutes: 15 }, ctx);
    expect(email.subject).toBe('Your TruckYard verification code');
    for (const part of [email.html, email.text]) {
      expect(part).toContain('482913');
      expect(part).toContain('15 minutes');
    }
  });
});

describe('passwordReset', () => {
  it('links to the reset page in both parts', () => {
    const resetUrl = 'https://truckyard.example/reset-password?token=abc&x=1';
    const email = passwordReset({ resetUrl, expiresInMinutes: 60 }, ctx);
    expect(email.html).toContain(`href="${escapeHtml(resetUrl)}"`);
    expect(email.text).toContain(resetUrl);
    expect(email.text).toContain('60 minutes');
  });

  it('refuses a non-http link', () => {
    expect(() => passwordReset({ resetUrl: 'javascript:alert(1)', expiresInMinutes: 60 }, ctx)).toThrow();
  });
});

describe('enquiryToSeller', () => {
  const enquiry = {
    id: '01JENQUIRY',
    createdAt: '2026-11-22T19:51:00.000Z',
    listingId: '01JLISTING',
    listingTitle: '2020 DAF XF 480',
    sellerName: 'Sam',
    buyerName: 'Bea Buyer',
    buyerEmail: 'bea@example.com',
    phone: '07700 900111',
    message: 'Is it still available?\n<script>alert(1)</script>',
  };

  it('names the truck and the buyer, links the listing and carries the message in both parts', () => {
    const email = enquiryToSeller(enquiry, ctx);
    expect(email.subject).toBe('Enquiry about your 2020 DAF XF 480');
    expect(email.html).toContain('href="https://truckyard.example/truck/01JLISTING"');
    expect(email.html).toContain('mailto:bea@example.com');
    for (const part of ['Hi Sam,', 'Bea Buyer', 'bea@example.com', '07700 900111', 'Is it still available?', '01JENQUIRY']) {
      expect(email.text).toContain(part);
    }
  });

  it('escapes the buyer’s input in the HTML part and keeps line breaks out of the subject', () => {
    const email = enquiryToSeller({ ...enquiry, buyerName: '<img src=x>', listingTitle: 'Truck\r\nBcc: x@example.com' }, ctx);
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<img src=x>');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email.subject).not.toMatch(/[\r\n]/);
  });

  it('says how to answer when the buyer left no e-mail address', () => {
    const { buyerEmail: _e, ...noEmail } = enquiry;
    expect(enquiryToSeller(noEmail, ctx).text).toContain('left no e-mail address');
  });
});

/** How the verification-code e-mail words an expiry of `minutes`. */
const formatDuration = (minutes: number) =>
  /The code expires in (.+?)\. Never share it/.exec(verificationCode({ code: '123456', expiresInMinutes: minutes }, ctx).text)?.[1];

describe('how an e-mail words an expiry', () => {
  it('says hours for whole hours past two, minutes otherwise', () => {
    expect(formatDuration(1440)).toBe('24 hours');
    expect(formatDuration(60)).toBe('60 minutes');
    expect(formatDuration(15)).toBe('15 minutes');
    expect(formatDuration(1)).toBe('1 minute');
    expect(formatDuration(150)).toBe('150 minutes');
  });
});
