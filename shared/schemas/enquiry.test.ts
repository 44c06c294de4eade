import { describe, expect, it } from 'vitest';
import { ENQUIRY_LIMITS, enquirySchema } from './enquiry.js';

describe('enquirySchema', () => {
  it('accepts a message of 10 to 2000 characters and a blank phone as none', () => {
    expect(enquirySchema.parse({ message: '  Is it available?  ', phone: '  ' })).toEqual({
      message: 'Is it available?',
      phone: undefined,
    });
    expect(enquirySchema.safeParse({ message: 'x'.repeat(ENQUIRY_LIMITS.messageMax) }).success).toBe(true);
  });

  it('names what is wrong', () => {
    const messages = (input: unknown) => (enquirySchema.safeParse(input).error?.issues ?? []).map((i) => i.message);
    expect(messages({})).toEqual(['Message is required']);
    expect(messages({ message: 'too short' })).toEqual(['Message must be at least 10 characters']);
    expect(messages({ message: 'x'.repeat(2001) })).toEqual(['Message must be 2000 characters or fewer']);
    expect(messages({ message: 'A fine message', phone: 'call me' })).toEqual(['Please enter a valid phone number']);
  });
});
