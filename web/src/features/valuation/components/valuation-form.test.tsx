import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PHONE_TEXTS } from '@shared/phone';
import { VALUATION_PROMISE, valuationRequestSchema } from '@shared/schemas/valuation';
import { heldAnswer, stubApi } from '@/testing/api-stub';
import { errorOf, renderScreen, toastNow } from '@/testing/render';
import { ValuationForm } from './valuation-form';

// The ALTCHA widget solves in a Web Worker, which jsdom has not: its handle answers a payload.
vi.mock('@/components/forms/challenge-field', () => ({
  useChallenge: () => ({ field: null, handle: { solve: async () => 'solved-challenge', reset: () => undefined } }),
}));

type User = ReturnType<typeof renderScreen>['user'];

async function fillValid(user: User) {
  await user.selectOptions(screen.getByLabelText(/^Make/), 'volvo');
  await user.type(screen.getByLabelText(/^Model/), 'FH 500');
  await user.selectOptions(screen.getByLabelText(/^Vehicle Type/), 'articulated');
  await user.type(screen.getByLabelText(/^Year of Manufacture/), '2019');
  await user.type(screen.getByLabelText(/^Mileage/), '420000');
  await user.selectOptions(screen.getByLabelText(/^MOT Status/), 'valid');
  await user.selectOptions(screen.getByLabelText(/^Wheel Configuration/), '6x2');
  await user.type(screen.getByLabelText(/^Full Name/), 'Ada Haulier');
  await user.type(screen.getByLabelText(/^Email Address/), 'ada@example.co.uk');
  await user.type(screen.getByLabelText(/^Phone Number/), '07700 900123');
}

describe('ValuationForm', () => {
  it('shows the shared schema’s message under each required field, focuses the first, and sends nothing', async () => {
    // Prepare
    const api = stubApi({});
    const { user } = renderScreen(<ValuationForm />);
    await user.type(screen.getByLabelText(/^Phone Number/), '123');
    await user.type(screen.getByLabelText(/^Horse Power/), '5');

    // Act
    await user.click(screen.getByRole('button', { name: 'Submit Valuation Request' }));

    // Assess
    expect(errorOf(screen.getByLabelText(/^Make/))).toBe('Make is required');
    expect(errorOf(screen.getByLabelText(/^Model/))).toBe('Model is required');
    expect(errorOf(screen.getByLabelText(/^Vehicle Type/))).toBe('Vehicle type is required');
    expect(errorOf(screen.getByLabelText(/^Mileage/))).toBe('Mileage is required');
    expect(errorOf(screen.getByLabelText(/^MOT Status/))).toBe('MOT status is required');
    expect(errorOf(screen.getByLabelText(/^Wheel Configuration/))).toBe('Wheel configuration is required');
    expect(errorOf(screen.getByLabelText(/^Horse Power/))).toMatch(/^Horse power must be at least/);
    expect(errorOf(screen.getByLabelText(/^Email Address/))).toBe('Email address is required');
    expect(errorOf(screen.getByLabelText(/^Phone Number/))).toBe(PHONE_TEXTS.invalid);
    expect(document.activeElement).toBe(screen.getByLabelText(/^Make/));
    expect(api.requests).toHaveLength(0);
  });

  it('uploads the photo first, then sends the parsed request with its key and the challenge; the button is busy meanwhile', async () => {
    // Prepare
    const upload = {
      url: 'http://localhost:4002/truckyard-uploads',
      key: 'valuations/abc/front.jpg',
      fields: { key: 'valuations/abc/front.jpg', Policy: 'p' },
    };
    const held = heldAnswer({ status: 202, body: { status: 'received', message: 'ok' } });
    const api = stubApi({
      'POST /uploads/valuation-images': { status: 200, body: { uploads: [upload] } },
      'POST /truckyard-uploads': { status: 204 },
      'POST /valuations': held.responder,
    });
    const { user, container } = renderScreen(<ValuationForm />);
    await fillValid(user);
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'front.jpg', { type: 'image/jpeg' });
    await user.upload(container.querySelector('input[type=file]') as HTMLInputElement, photo);

    // Act
    await user.click(screen.getByRole('button', { name: 'Submit Valuation Request' }));

    // Assess: pending
    expect((await screen.findByRole('button', { name: 'Submitting…' })).hasAttribute('disabled')).toBe(true);
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /uploads/valuation-images',
      'POST /truckyard-uploads',
      'POST /valuations',
    ]);
    expect(api.sent('POST /uploads/valuation-images')[0].body).toEqual({ files: [{ name: 'front.jpg', type: 'image/jpeg', size: 4 }] });
    const stored = api.sent('POST /truckyard-uploads')[0].body as FormData;
    expect(stored.get('key')).toBe('valuations/abc/front.jpg');
    expect((stored.get('file') as File).name).toBe('front.jpg');
    const sent = api.sent('POST /valuations')[0].body;
    expect(sent).toEqual({
      make: 'volvo',
      model: 'FH 500',
      type: 'articulated',
      age: 2019,
      mileage: 420000,
      motStatus: 'valid',
      wheelConfiguration: '6x2',
      contactName: 'Ada Haulier',
      contactEmail: 'ada@example.co.uk',
      contactPhone: '+447700900123',
      website: '',
      imageKeys: ['valuations/abc/front.jpg'],
      altcha: 'solved-challenge',
    });
    expect(valuationRequestSchema.safeParse(sent).success).toBe(true);

    // Assess: done
    held.release();
    await screen.findByRole('button', { name: 'Submit Valuation Request' });
    expect(toastNow()).toEqual({ title: 'Valuation request sent', description: VALUATION_PROMISE.acknowledgement, variant: 'success' });
    expect((screen.getByLabelText(/^Model/) as HTMLInputElement).value).toBe('');
  });

  it('names a refused photo by the file the person chose, not its storage key', async () => {
    // Prepare
    const key = 'valuations/abc/0b9c.jpg';
    stubApi({
      'POST /uploads/valuation-images': { status: 200, body: { uploads: [{ url: 'http://localhost:4002/up', key, fields: {} }] } },
      'POST /up': { status: 204 },
      'POST /valuations': {
        status: 415,
        body: { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: `0b9c.jpg is not a JPEG, PNG or WebP image` } },
      },
    });
    const { user, container } = renderScreen(<ValuationForm />);
    await fillValid(user);
    await user.upload(
      container.querySelector('input[type=file]') as HTMLInputElement,
      new File([new Uint8Array([1, 2, 3])], 'cab.jpg', { type: 'image/jpeg' }),
    );

    // Act
    await user.click(screen.getByRole('button', { name: 'Submit Valuation Request' }));

    // Assess
    await waitFor(() =>
      expect(toastNow()).toEqual({
        title: 'Invalid file type',
        description: 'cab.jpg is not a JPEG, PNG or WebP image',
        variant: 'destructive',
      }),
    );
    expect((screen.getByLabelText(/^Model/) as HTMLInputElement).value).toBe('FH 500');
  });
});
