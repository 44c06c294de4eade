import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Listing } from '@shared/schemas/listing';
import { SELL_TEXTS, editListingSchema } from '@shared/schemas/sell';
import { heldAnswer, stubApi } from '@/testing/api-stub';
import { errorOf, renderScreen, signInAs, toastNow } from '@/testing/render';
import { EditListingForm } from './edit-listing-form';

const LISTING: Listing = {
  id: 'L1',
  source: 'user',
  userId: 'user-1',
  title: '2019 Volvo FH16 750',
  make: 'volvo',
  model: 'FH16 750',
  year: 2019,
  category: 'articulated',
  fuelType: 'diesel',
  transmission: null,
  mileage: 350000,
  engineSize: null,
  price: 45000,
  vatStatus: null,
  axleConfig: '6x2',
  gvwTonnes: null,
  euroStandard: null,
  cabType: null,
  description: 'One owner.',
  features: ['Retarder'],
  contactName: 'Dee Dealer',
  companyName: null,
  phone: '+447700900123',
  email: null,
  location: 'Manchester',
  postcode: 'M17 1HB',
  images: [
    {
      key: 'listings/user-1/a1',
      url: '/img/a1-800.webp',
      thumbUrl: '/img/a1-400.webp',
      srcSet: '/img/a1-400.webp 400w',
      width: 800,
      height: 600,
    },
  ],
  status: 'active',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  sourceWebsite: null,
  sourceUrl: null,
};

describe('EditListingForm', () => {
  it('shows the shared schema’s messages for a cleared title and a bad phone, and sends nothing', async () => {
    // Prepare
    signInAs();
    const api = stubApi({});
    const { user } = renderScreen(<EditListingForm listing={LISTING} />);
    await user.clear(screen.getByLabelText('Title'));
    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '0123');

    // Act
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    // Assess
    await waitFor(() => expect(errorOf(screen.getByLabelText('Title'))).toBe('Title is required'));
    expect(errorOf(screen.getByLabelText('Phone'))).toMatch(/valid phone number/);
    expect(toastNow()).toEqual({
      title: 'Validation Error',
      description: 'Please correct the highlighted fields.',
      variant: 'destructive',
    });
    expect(api.sent('PUT /my-listings/L1')).toHaveLength(0);
  });

  it('sends every field with the kept image, disables the form while saving, then goes to the dashboard', async () => {
    // Prepare
    signInAs();
    const held = heldAnswer({ status: 200, body: LISTING });
    const api = stubApi({ 'PUT /my-listings/L1': held.responder });
    const { user, location } = renderScreen(<EditListingForm listing={LISTING} />, { route: '/edit-listing/L1' });
    const price = screen.getByLabelText('Price (£, excluding VAT)');
    await user.clear(price);
    await user.type(price, '42,500');
    await user.clear(screen.getByLabelText('Description'));

    // Act
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    // Assess: pending
    expect((await screen.findByRole('button', { name: 'Saving...' })).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    const [sent] = api.sent('PUT /my-listings/L1');
    expect(sent.body).toMatchObject({
      title: '2019 Volvo FH16 750',
      make: 'volvo',
      year: 2019,
      price: 42500,
      priceOnApplication: false,
      description: null,
      features: ['Retarder'],
      axleConfig: '6x2',
      postcode: 'M17 1HB',
      phone: '+447700900123',
      images: ['listings/user-1/a1'],
    });
    expect(editListingSchema.safeParse(sent.body).success).toBe(true);

    // Assess: done
    held.release();
    await waitFor(() => expect(location()).toBe('/dealer-dashboard'));
    expect(toastNow()).toEqual({ title: 'Success', description: SELL_TEXTS.updated, variant: 'success' });
  });

  it('says the update failed and stays on the form when the API refuses', async () => {
    // Prepare
    signInAs();
    stubApi({ 'PUT /my-listings/L1': { status: 409, body: { error: { code: 'CONFLICT', message: 'Listing is sold' } } } });
    const { user, location } = renderScreen(<EditListingForm listing={LISTING} />, { route: '/edit-listing/L1' });

    // Act
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    // Assess
    await waitFor(() => expect(toastNow()).toEqual({ title: 'Error', description: SELL_TEXTS.updateFailed, variant: 'destructive' }));
    expect(location()).toBe('/edit-listing/L1');
    expect(screen.getByRole('button', { name: 'Save Changes' }).hasAttribute('disabled')).toBe(false);
  });
});
