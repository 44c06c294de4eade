import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from './contact.js';
import { enquirySchema } from './enquiry.js';
import { updateProfileSchema } from './profile.js';
import { sellListingSchema } from './sell.js';
import { text } from './text.js';
import { valuationRequestSchema } from './valuation.js';

describe('text()', () => {
  it('refuses NUL and other control characters, allowing newlines and tabs only in long text', () => {
    expect(text().safeParse('a\u0000b').success).toBe(false);
    expect(text().safeParse('a\u0007b').success).toBe(false);
    expect(text().safeParse('line\nbreak').success).toBe(false);
    expect(text({ multiline: true }).safeParse('line\nbreak\r\n\tindent').success).toBe(true);
    expect(text({ multiline: true }).safeParse('a\u0000b').success).toBe(false);
  });

  it('refuses bidi overrides and isolates, and lone surrogates', () => {
    for (const s of ['abc\u202eevil', '\u2066x\u2069', 'a\ud800b', '\udc00'])
      expect(text({ multiline: true }).safeParse(s).success).toBe(false);
    expect(text().safeParse('emoji 💥 and accents é ü').success).toBe(true);
  });

  it('normalises to NFC, so the same words are stored the same way', () => {
    expect(text().parse('Cafe\u0301')).toBe('Café');
  });

  it('accepts any well-formed printable text unchanged but for NFC', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
        const clean = s.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '');
        expect(text().parse(clean)).toBe(clean.normalize('NFC'));
      }),
    );
  });
});

describe('every text field of the shared schemas uses it', () => {
  const bad = 'Nice\u202etruck';
  it('refuses a bidi override in each form', () => {
    const contact = { firstName: bad, lastName: 'B', email: 'a@b.co', subject: 'S', message: 'A long enough message.' };
    expect(contactMessageSchema.safeParse(contact).success).toBe(false);
    expect(enquirySchema.safeParse({ message: `Hello there ${bad}` }).success).toBe(false);
    expect(updateProfileSchema.safeParse({ companyName: bad }).success).toBe(false);
    const sell = { make: 'daf', model: 'XF', year: 2019, category: 'articulated', price: 1, contactName: 'A', phone: '0161 496 0000' };
    expect(sellListingSchema.safeParse(sell).success).toBe(true);
    for (const field of ['model', 'contactName', 'description', 'location', 'companyName', 'features']) {
      expect(sellListingSchema.safeParse({ ...sell, [field]: bad }).success, field).toBe(false);
    }
    expect(sellListingSchema.safeParse({ ...sell, description: 'Two\nlines' }).success).toBe(true);
    const valuation = {
      make: 'daf',
      model: bad,
      type: 'rigid',
      age: 2017,
      mileage: 1,
      motStatus: 'valid',
      wheelConfiguration: '4x2',
      contactName: 'R',
      contactEmail: 'r@example.com',
      contactPhone: '07700 900789',
    };
    expect(valuationRequestSchema.safeParse(valuation).success).toBe(false);
  });
});
