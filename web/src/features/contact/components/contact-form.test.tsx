import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contactMessageSchema } from '@shared/schemas/contact';
import { PHONE_TEXTS } from '@shared/phone';
import { heldAnswer, stubApi } from '@/testing/api-stub';
import { errorOf, renderScreen, toastNow } from '@/testing/render';
import { ContactForm } from './contact-form';

// The ALTCHA widget solves in a Web Worker, which jsdom has not: its handle answers a payload.
vi.mock('@/components/forms/challenge-field', () => ({
  useChallenge: () => ({ field: null, handle: { solve: async () => 'solved-challenge', reset: () => undefined } }),
}));

async function fillValid(user: ReturnType<typeof renderScreen>['user']) {
  await user.type(screen.getByLabelText(/First name/), 'Ada');
  await user.type(screen.getByLabelText(/Last name/), 'Haulier');
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.co.uk');
  await user.type(screen.getByLabelText(/Phone/), '07700 900123');
  await user.type(screen.getByLabelText(/Subject/), 'Finance for a tractor unit');
  await user.type(screen.getByLabelText(/Message/), 'Do you arrange finance on a 2019 FH?');
}

describe('ContactForm', () => {
  it('shows the shared schema’s message under each bad field and sends nothing', async () => {
    // Prepare
    const api = stubApi({});
    const { user } = renderScreen(<ContactForm />);
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/Phone/), '12');
    await user.type(screen.getByLabelText(/Message/), 'short');

    // Act
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    // Assess
    expect(errorOf(screen.getByLabelText(/First name/))).toBe('First name is required');
    expect(errorOf(screen.getByLabelText(/Last name/))).toBe('Last name is required');
    expect(errorOf(screen.getByLabelText(/^Email/))).toBe('Please enter a valid email address');
    expect(errorOf(screen.getByLabelText(/Phone/))).toBe(PHONE_TEXTS.invalid);
    expect(errorOf(screen.getByLabelText(/Subject/))).toBe('Subject is required');
    expect(errorOf(screen.getByLabelText(/Message/))).toBe('Message must be at least 10 characters');
    expect(screen.getByLabelText(/First name/).getAttribute('aria-invalid')).toBe('true');
    expect(api.requests).toHaveLength(0);
  });

  it('sends the parsed fields with the solved challenge, disables the button while sending, then clears the form', async () => {
    // Prepare
    const held = heldAnswer({ status: 202, body: { id: 'msg-1' } });
    const api = stubApi({ 'POST /contact': held.responder });
    const { user } = renderScreen(<ContactForm />);
    await fillValid(user);

    // Act
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    // Assess: pending
    const busy = await screen.findByRole('button', { name: 'Sending…' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    const [sent] = api.sent('POST /contact');
    expect(sent.body).toEqual({
      firstName: 'Ada',
      lastName: 'Haulier',
      email: 'ada@example.co.uk',
      phone: '+447700900123',
      subject: 'Finance for a tractor unit',
      message: 'Do you arrange finance on a 2019 FH?',
      website: '',
      altcha: 'solved-challenge',
    });
    expect(contactMessageSchema.safeParse(sent.body).success).toBe(true);

    // Assess: done
    held.release();
    await screen.findByRole('button', { name: 'Send Message' });
    expect(toastNow()?.title).toBe('Message sent');
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('');
  });

  it('shows the API’s refusal and keeps what was typed', async () => {
    // Prepare
    stubApi({ 'POST /contact': { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Too many messages from you today.' } } } });
    const { user } = renderScreen(<ContactForm />);
    await fillValid(user);

    // Act
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    // Assess
    await waitFor(() =>
      expect(toastNow()).toEqual({ title: 'Too many requests', description: 'Too many messages from you today.', variant: 'destructive' }),
    );
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Ada');
    expect(screen.getByRole('button', { name: 'Send Message' }).hasAttribute('disabled')).toBe(false);
  });
});
