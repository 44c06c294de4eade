import { describe, expect, it } from 'vitest';
import { listingReportFormSchema, listingReportSchema, REPORT_REASONS, REPORT_TEXTS } from './listing-report.js';

describe('listing report schema', () => {
  it('takes the five reasons, "Other" only with a text', () => {
    expect(REPORT_REASONS).toEqual(['scam', 'sold', 'wrong-details', 'offensive', 'other']);
    expect(listingReportFormSchema.safeParse({ reason: 'sold' }).success).toBe(true);
    const other = listingReportFormSchema.safeParse({ reason: 'other', details: '  ' });
    expect(other.success).toBe(false);
    expect(other.error?.issues[0]).toMatchObject({ path: ['details'], message: REPORT_TEXTS.detailsRequired });
    expect(listingReportFormSchema.safeParse({ reason: 'other', details: 'Photos of another truck' }).success).toBe(true);
    expect(listingReportFormSchema.safeParse({ reason: 'spam' }).error?.issues[0].message).toBe(REPORT_TEXTS.reasonRequired);
  });

  it('drops a blank e-mail, refuses a bad one, and the API body needs the challenge', () => {
    expect(listingReportFormSchema.parse({ reason: 'scam', email: '' }).email).toBeUndefined();
    expect(listingReportFormSchema.safeParse({ reason: 'scam', email: 'not-an-address' }).success).toBe(false);
    expect(listingReportSchema.safeParse({ reason: 'scam' }).success).toBe(false);
    expect(listingReportSchema.safeParse({ reason: 'scam', altcha: 'payload' }).success).toBe(true);
  });
});
