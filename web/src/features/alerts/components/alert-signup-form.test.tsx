import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALERT_TEXTS, type SubscriptionView, alertPreferencesSchema } from '@shared/schemas/alerts';
import { type SentRequest, heldAnswer, refusedBy, stubApi } from '@/testing/api-stub';
import { errorOf, renderScreen, signInAs, toastNow } from '@/testing/render';
import { SubscribePage } from './subscribe-page';

const NO_PLAN: SubscriptionView = { subscription: null, isActive: false, alerts: null, whatsapp: null, hasPreferences: false };
const TIERS = { tiers: [{ id: 'silver', name: 'Silver', priceAmount: 999, alertFrequency: 'weekly' }] };

/** A signed-in buyer without saved preferences: /subscribe opens on the sign-up form. */
function apiFor(save: ((req: SentRequest) => unknown) | ReturnType<typeof heldAnswer>['responder']) {
  return stubApi({
    'GET /alert-preferences': { status: 200, body: { preferences: null } },
    'GET /subscription': { status: 200, body: NO_PLAN },
    'GET /subscription-tiers': { status: 200, body: TIERS },
    'PUT /alert-preferences': save as never,
  });
}

describe('Alert sign-up form (/subscribe)', () => {
  it('shows the shared schema’s messages, including the cross-field ones, and sends nothing', async () => {
    // Prepare
    signInAs({ name: 'A', email: 'buyer@example.co.uk' });
    const api = apiFor(() => ({ status: 500 }));
    const { user } = renderScreen(<SubscribePage />);
    await user.type(await screen.findByLabelText('Phone Number'), '0770');
    await user.type(screen.getByLabelText('Budget from (£)'), '30000');
    await user.type(screen.getByLabelText('Budget up to (£)'), '20000');
    await user.type(screen.getByLabelText('Year from'), '2022');
    await user.type(screen.getByLabelText('Year to'), '2018');

    // Act
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));

    // Assess
    expect(errorOf(screen.getByLabelText('Full Name'))).toBe('Name must be at least 2 characters');
    expect(errorOf(screen.getByLabelText('Phone Number'))).toContain('Please enter a valid phone number');
    expect(errorOf(screen.getByLabelText('Budget up to (£)'))).toBe('Maximum budget must be at least the minimum');
    expect(errorOf(screen.getByLabelText('Year to'))).toBe('Latest year must be on or after the earliest year');
    expect(api.sent('PUT /alert-preferences')).toHaveLength(0);
  });

  it('saves the parsed preferences for a signed-in buyer, the button disabled while saving, then shows the plans', async () => {
    // Prepare
    signInAs({ name: 'Sam Buyer', email: 'buyer@example.co.uk' });
    const held = heldAnswer({ status: 200, body: { preferences: { userId: 'user-1' } } });
    const api = apiFor(held.responder);
    const { user } = renderScreen(<SubscribePage />);
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).readOnly).toBe(true);
    await user.type(screen.getByLabelText('Phone Number'), '07700 900123');
    await user.selectOptions(screen.getByLabelText('Make'), 'volvo');
    await user.type(screen.getByLabelText('Budget up to (£)'), '45000');
    await user.type(screen.getByLabelText('Year from'), '2018');
    await user.type(screen.getByLabelText('Location'), 'M17 1HB');
    await user.click(screen.getByLabelText(/WhatsApp too/));

    // Act
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));

    // Assess
    await waitFor(() => expect(screen.getByRole('button', { name: /Save Preferences/ }).hasAttribute('disabled')).toBe(true));
    const [sent] = api.sent('PUT /alert-preferences');
    expect(sent.headers.authorization).toBe('Bearer test-token');
    expect(sent.body).toEqual({
      name: 'Sam Buyer',
      phone: '+447700900123',
      email: 'buyer@example.co.uk',
      whatsappOptedIn: true,
      make: 'volvo',
      budgetMax: 45000,
      yearMin: 2018,
      yearMax: null,
      location: 'M17 1HB',
      radiusMiles: 50,
    });
    expect(refusedBy(alertPreferencesSchema, sent.body)).toBeNull();
    held.release();
    await screen.findByRole('heading', { name: 'Choose your plan' });
    expect(toastNow()).toEqual({ ...ALERT_TEXTS.saved, variant: 'success' });
  });

  it('keeps a visitor’s answers and asks them to make an account instead of sending them', async () => {
    // Prepare
    const api = apiFor(() => ({ status: 500 }));
    const { user } = renderScreen(<SubscribePage />);
    await user.type(await screen.findByLabelText('Full Name'), 'Vic Visitor');
    await user.type(screen.getByLabelText('Phone Number'), '07700 900456');
    await user.type(screen.getByLabelText('Email'), 'vic@example.co.uk');

    // Act
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));

    // Assess
    await waitFor(() => expect(toastNow()).toEqual({ title: 'Almost there', description: ALERT_TEXTS.notLoggedIn, variant: undefined }));
    expect(api.sent('PUT /alert-preferences')).toHaveLength(0);
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Vic Visitor');
  });
});
