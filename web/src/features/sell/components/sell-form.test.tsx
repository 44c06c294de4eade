import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRICE_TEXTS, SELL_TEXTS, sellListingSchema } from '@shared/schemas/sell';
import { heldAnswer, stubApi } from '@/testing/api-stub';
import { errorOf, renderScreen, signInAs, toastNow } from '@/testing/render';
import { SellForm } from './sell-form';

type User = ReturnType<typeof renderScreen>['user'];

const PROFILE = {
  userId: 'user-1',
  fullName: 'Dee Dealer',
  companyName: 'Dee Trucks Ltd',
  phone: '+447700900123',
  email: 'dee@example.co.uk',
  accountStatus: 'active',
  accountType: 'dealer',
};

async function fillTruck(user: User) {
  await user.selectOptions(screen.getByLabelText('Make'), 'volvo');
  await user.type(screen.getByLabelText('Model'), 'FH16 750');
  await user.selectOptions(screen.getByLabelText('Year'), '2019');
  await user.selectOptions(screen.getByLabelText('Category'), 'articulated');
}

describe('SellForm', () => {
  it('says which required fields are missing, with the shared schema’s messages, and sends nothing', async () => {
    // Prepare
    signInAs({ email: 'dee@example.co.uk' });
    const api = stubApi({ 'GET /me': { status: 200, body: { ...PROFILE, fullName: null, phone: null } } });
    const { user } = renderScreen(<SellForm />);

    // Act
    await user.click(screen.getByRole('button', { name: 'List My Truck' }));

    // Assess
    await waitFor(() =>
      expect(toastNow()).toEqual({ title: SELL_TEXTS.missingTitle, description: SELL_TEXTS.missingBody, variant: 'destructive' }),
    );
    expect(errorOf(screen.getByLabelText('Make'))).toBe('Make is required');
    expect(errorOf(screen.getByLabelText('Model'))).toBe('Model is required');
    expect(errorOf(screen.getByLabelText('Category'))).toBe('Category is required');
    expect(errorOf(screen.getByLabelText('Contact Name'))).toBe('Contact name is required');
    expect(api.sent('POST /my-listings')).toHaveLength(0);
  });

  it('refuses a price of £0 with the schema’s message (POA is its own choice)', async () => {
    // Prepare
    signInAs({ email: 'dee@example.co.uk' });
    const api = stubApi({ 'GET /me': { status: 200, body: PROFILE } });
    const { user } = renderScreen(<SellForm />);
    await fillTruck(user);
    await user.type(screen.getByLabelText('Price (£, excluding VAT)'), '0');

    // Act
    await user.click(screen.getByRole('button', { name: 'List My Truck' }));

    // Assess
    await waitFor(() => expect(errorOf(screen.getByLabelText('Price (£, excluding VAT)'))).toBe(PRICE_TEXTS.zero));
    expect(toastNow()).toEqual({ title: 'Validation Error', description: PRICE_TEXTS.zero, variant: 'destructive' });
    expect(api.sent('POST /my-listings')).toHaveLength(0);
  });

  it('sends the parsed listing with the profile’s contact details and one idempotency key, disabling the form while it is sent', async () => {
    // Prepare
    signInAs({ email: 'dee@example.co.uk' });
    const held = heldAnswer({ status: 201, body: { id: 'L1' } });
    const api = stubApi({ 'GET /me': { status: 200, body: PROFILE }, 'POST /my-listings': held.responder });
    const { user } = renderScreen(<SellForm />, { route: '/sell' });
    await waitFor(() => expect((screen.getByLabelText('Contact Name') as HTMLInputElement).value).toBe('Dee Dealer'));
    await fillTruck(user);
    await user.type(screen.getByLabelText('Mileage'), '350000');
    await user.click(screen.getByLabelText(PRICE_TEXTS.poaLabel));

    // Act
    await user.click(screen.getByRole('button', { name: 'List My Truck' }));

    // Assess: pending
    const busy = await screen.findByRole('button', { name: 'Listing Truck...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(screen.getByLabelText('Model').hasAttribute('disabled')).toBe(true);
    const [sent] = api.sent('POST /my-listings');
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.headers.authorization).toBe('Bearer test-token');
    expect(sent.body).toMatchObject({
      make: 'volvo',
      model: 'FH16 750',
      year: 2019,
      category: 'articulated',
      mileage: 350000,
      price: null,
      priceOnApplication: true,
      contactName: 'Dee Dealer',
      companyName: 'Dee Trucks Ltd',
      phone: '+447700900123',
      email: 'dee@example.co.uk',
      images: [],
      dvlaFields: [],
      dvlaMake: null,
    });
    expect(sellListingSchema.safeParse(sent.body).success).toBe(true);

    // Assess: done
    held.release();
    await screen.findByRole('button', { name: 'List My Truck' });
    expect(toastNow()?.title).toBe(SELL_TEXTS.success);
    expect((screen.getByLabelText('Model') as HTMLInputElement).value).toBe('');
  });

  it('retries a failed submission with the same idempotency key', async () => {
    // Prepare
    signInAs({ email: 'dee@example.co.uk' });
    let calls = 0;
    const api = stubApi({
      'GET /me': { status: 200, body: PROFILE },
      'POST /my-listings': () =>
        ++calls === 1
          ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Try again' } } }
          : { status: 201, body: { id: 'L1' } },
    });
    const { user } = renderScreen(<SellForm />);
    await waitFor(() => expect((screen.getByLabelText('Contact Name') as HTMLInputElement).value).toBe('Dee Dealer'));
    await fillTruck(user);
    await user.type(screen.getByLabelText('Price (£, excluding VAT)'), '45000');

    // Act
    await user.click(screen.getByRole('button', { name: 'List My Truck' }));
    await waitFor(() => expect(toastNow()).toEqual({ title: 'Error', description: SELL_TEXTS.saveFailed, variant: 'destructive' }));
    await user.click(screen.getByRole('button', { name: 'List My Truck' }));

    // Assess
    await waitFor(() => expect(toastNow()?.title).toBe(SELL_TEXTS.success));
    const [first, second] = api.sent('POST /my-listings');
    expect(second.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
    expect((first.body as { price: number }).price).toBe(45000);
  });
});
