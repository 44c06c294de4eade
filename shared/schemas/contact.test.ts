import { describe, expect, it } from 'vitest';
import { contactFormSchema as contactMessageSchema, isHoneypotFilled } from './contact';

const valid = {
  firstName: ' Sam ',
  lastName: 'Patel',
  email: 'sam@haulage.example',
  phone: '',
  subject: 'Selling my fleet',
  message: 'I have three DAF XF tractor units to sell.',
  website: '',
};

const messagesFor = (input: unknown) => {
  const result = contactMessageSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('contactMessageSchema', () => {
  it('accepts a complete message, trims text and drops a blank phone', () => {
    const parsed = contactMessageSchema.parse(valid);
    expect(parsed.firstName).toBe('Sam');
    expect(parsed.phone).toBeUndefined();
  });

  it('names each missing required field', () => {
    expect(messagesFor({ ...valid, firstName: '', lastName: '  ', email: '', subject: '', message: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
  });

  it('rejects a malformed email', () => {
    expect(messagesFor({ ...valid, email: 'sam@' })).toEqual({ email: 'Please enter a valid email address' });
  });

  it('accepts UK phone numbers as people write them and rejects short or lettered ones', () => {
    for (const phone of ['0161 496 0123', '+44 (0)20 7946 0000', '07700-900123']) {
      expect(contactMessageSchema.safeParse({ ...valid, phone }).success).toBe(true);
    }
    for (const phone of ['12345', 'call me', '0161 496 01x3']) {
      expect(messagesFor({ ...valid, phone })).toEqual({ phone: 'Please enter a valid phone number' });
    }
  });

  it('asks for a message of at least 10 characters', () => {
    expect(messagesFor({ ...valid, message: 'Hi there' })).toEqual({ message: 'Message must be at least 10 characters' });
  });

  it('rejects an over-long message', () => {
    expect(messagesFor({ ...valid, message: 'x'.repeat(5001) })).toEqual({ message: 'Message must be 5000 characters or fewer' });
  });
});

describe('isHoneypotFilled', () => {
  it('flags a filled honeypot and lets an empty or missing one through', () => {
    expect(isHoneypotFilled({ website: 'http://spam.example' })).toBe(true);
    expect(isHoneypotFilled({ website: '  ' })).toBe(false);
    expect(isHoneypotFilled({})).toBe(false);
  });
});
