import { describe, expect, it } from 'vitest';
import type { Listing } from '../../../../shared/schemas/listing.js';
import { renderAlertEmail } from './alert-email.js';

const listing = (id: string, over: Partial<Listing>): Listing =>
  ({
    id,
    source: 'user',
    title: `2020 DAF XF ${id}`,
    price: 42_000,
    vatStatus: 'plus_vat',
    location: 'Leeds',
    images: [],
    ...over,
  }) as Listing;

describe('alert e-mail and the fair-price band (issue 13)', () => {
  it('says "Great price" only on the listings rated a great price, in the HTML and the text', () => {
    // Act
    const mail = renderAlertEmail(
      {
        name: 'Sam',
        kind: 'daily',
        matches: [
          { listing: listing('a', { priceBand: 'great' }), reasons: ['DAF'] },
          { listing: listing('b', { priceBand: 'good' }), reasons: ['DAF'] },
          { listing: listing('c', {}), reasons: ['DAF'] },
        ],
        moreUrl: 'https://truckyard.example/browse',
        unsubscribeUrl: 'https://truckyard.example/unsubscribe',
      },
      { siteUrl: 'https://truckyard.example' },
    );
    // Assess
    expect(mail.html.match(/Great price/g)).toHaveLength(1);
    expect(mail.text).toContain('2020 DAF XF a — £42,000 +VAT (Great price) — Leeds');
    expect(mail.text).toContain('2020 DAF XF b — £42,000 +VAT — Leeds');
    expect(mail.text).not.toContain('Good price');
  });
});

describe('alert e-mail and the mileage check (issue 27)', () => {
  it('says "mileage consistent" only for listings whose checks found it so', () => {
    const mail = renderAlertEmail(
      {
        name: 'Sam',
        kind: 'daily',
        matches: [
          { listing: listing('a', { mileageConsistent: true }), reasons: ['DAF'] },
          { listing: listing('b', { mileageConsistent: false }), reasons: ['DAF'] },
          { listing: listing('c', {}), reasons: ['DAF'] },
        ],
        moreUrl: 'https://truckyard.example/browse',
        unsubscribeUrl: 'https://truckyard.example/unsubscribe',
      },
      { siteUrl: 'https://truckyard.example' },
    );
    expect(mail.html.match(/Mileage consistent/gi)).toHaveLength(1);
    expect(mail.text).toContain('2020 DAF XF a — £42,000 +VAT — Leeds — mileage consistent');
    expect(mail.text).toContain('2020 DAF XF b — £42,000 +VAT — Leeds\n');
    expect(mail.text.match(/mileage consistent/gi)).toHaveLength(1);
  });
});
