import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hideContactDetails } from './contact-redaction.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const HIDDEN_CONTACT_TEXT = '[contact details hidden: use Contact Seller]';

const H = HIDDEN_CONTACT_TEXT;

describe('hideContactDetails', () => {
  it.each([
    ['Ring Sam on 0113 496 0417 for a video.', `Ring Sam on ${H} for a video.`],
    ['Mobile 07700900417.', `Mobile ${H}.`],
    ['Call +44 (0)113-496-0417 today', `Call ${H} today`],
    ['+447700 900 417', H],
    ['or 020 7946 0321 (office)', `or ${H} (office)`],
    ['E-mail sales@penninetrucksales.example please', `E-mail ${H} please`],
    ['first.last+trucks@mail.co.uk', H],
  ])('hides %j', (text, hidden) => {
    expect(hideContactDetails(text)).toBe(hidden);
  });

  it.each([
    '2019 DAF XF 480, 412,000 km, 44 t, Euro 6',
    'Stock ref 012345, priced at £42,950 + VAT',
    'Tyres 80% all round; MOT until March 2027; 6x2 midlift',
    'Serviced at 262340 miles; 2 x 430 L tanks',
    'Reg YX19 KPN, chassis 0123-456',
  ])('leaves %j as it is', (text) => {
    expect(hideContactDetails(text)).toBe(text);
  });

  it('never leaves a UK mobile number in any text around it', () => {
    fc.assert(
      fc.property(fc.string(), fc.stringMatching(/^07\d{9}$/), fc.string(), (before, number, after) => {
        const out = hideContactDetails(`${before} ${number} ${after}`);
        expect(out.replace(/\D/g, '')).not.toContain(number.slice(1));
      }),
    );
  });
});
