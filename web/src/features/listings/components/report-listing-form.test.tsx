import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { listingReportSchema } from '@shared/schemas/listing-report';
import { stubApi } from '@/testing/api-stub';
import { errorOf, renderScreen, signInAs } from '@/testing/render';
import { ReportListingForm } from './report-listing-form';

// The ALTCHA widget solves in a Web Worker, which jsdom has not: its handle answers a payload.
vi.mock('@/components/forms/challenge-field', () => ({
  useChallenge: () => ({ field: null, handle: { solve: async () => 'solved-challenge', reset: () => undefined } }),
}));

describe('ReportListingForm', () => {
  it('names each field by its label, saying which are optional', () => {
    // Prepare + Act
    renderScreen(<ReportListingForm listingId="l-1" onDone={() => undefined} />);

    // Assess
    expect(screen.getByRole('group', { name: 'What is wrong with this listing?' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Looks like a scam' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Details (optional)' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Your email (optional, if we may ask you more)' })).toBeTruthy();
  });

  it('asks signed-in reporters for no e-mail address', () => {
    // Prepare
    signInAs();
    // Act
    renderScreen(<ReportListingForm listingId="l-1" onDone={() => undefined} />);
    // Assess
    expect(screen.queryByLabelText(/Your email/)).toBeNull();
  });

  it('needs a reason, and details for "Other", tying each message to its control; sends nothing', async () => {
    // Prepare
    const api = stubApi({});
    const { user } = renderScreen(<ReportListingForm listingId="l-1" onDone={() => undefined} />);
    await user.type(screen.getByLabelText(/Your email/), 'not-an-email');

    // Act
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    // Assess
    const group = screen.getByRole('group', { name: 'What is wrong with this listing?' });
    expect(errorOf(group)).toBe('Please choose a reason');
    const email = screen.getByLabelText(/Your email/);
    expect(errorOf(email)).toBe('Please enter a valid email address');
    expect(email.getAttribute('aria-invalid')).toBe('true');

    // Act: "Other" makes the details required (the label drops "(optional)")
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    // Assess
    const details = screen.getByRole('textbox', { name: 'Details' });
    expect(errorOf(details)).toBe('Please tell us what is wrong');
    expect(details.getAttribute('aria-invalid')).toBe('true');
    expect(api.requests).toHaveLength(0);
  });

  it('sends the report with the solved challenge and thanks the reporter', async () => {
    // Prepare
    const api = stubApi({
      'POST /listings/l-1/reports': { status: 202, body: { status: 'received', message: 'Thanks, we have your report.' } },
    });
    const { user } = renderScreen(<ReportListingForm listingId="l-1" onDone={() => undefined} />);
    await user.click(screen.getByRole('radio', { name: 'Looks like a scam' }));
    await user.type(screen.getByLabelText(/^Details/), 'Asked for a deposit first');

    // Act
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    // Assess
    expect((await screen.findByRole('status')).textContent).toContain('Thanks, we have your report.');
    const [sent] = api.sent('POST /listings/l-1/reports');
    expect(sent.body).toEqual({ reason: 'scam', details: 'Asked for a deposit first', altcha: 'solved-challenge' });
    expect(listingReportSchema.safeParse(sent.body).success).toBe(true);
  });
});
