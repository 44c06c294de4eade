import { describe, expect, it } from 'vitest';
import { maxYear } from '../year.js';
import { editListingSchema, storedPrice, ownerStatusSchema, ownerToggleFor, sellListingSchema, uploadRequestSchema } from './sell.js';

const validSell = {
  make: 'volvo',
  model: 'FH16 750',
  year: '2019',
  category: 'rigid',
  price: '64,950',
  contactName: 'Sam Carter',
  phone: '07700 900123',
};

const messages = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('sellListingSchema', () => {
  it('accepts the required fields and makes every empty optional field null', () => {
    const out = sellListingSchema.parse({ ...validSell, email: '', mileage: '', companyName: '  ', fuelType: '', features: [] });
    expect(out).toMatchObject({
      make: 'volvo',
      model: 'FH16 750',
      year: 2019,
      price: 64950,
      priceOnApplication: false,
      category: 'rigid',
      mileage: null,
      email: null,
      companyName: null,
      fuelType: null,
      features: null,
      images: [],
      location: null,
      postcode: null,
    });
  });

  it('names each missing required field with the spec message', () => {
    const r = sellListingSchema.safeParse({});
    expect(r.success).toBe(false);
    expect(messages(r)).toMatchObject({
      make: 'Make is required',
      model: 'Model is required',
      year: 'Year is required',
      category: 'Category is required',
      price: 'Price is required',
      contactName: 'Contact name is required',
      phone: 'Phone is required',
    });
  });

  it('never files a listing under Other unless the seller chose it', () => {
    const { category: _omitted, ...noCategory } = validSell;
    expect(messages(sellListingSchema.safeParse(noCategory))).toEqual({ category: 'Category is required' });
    expect(messages(sellListingSchema.safeParse({ ...validSell, category: '' }))).toEqual({ category: 'Category is required' });
    expect(sellListingSchema.parse({ ...validSell, category: 'other' }).category).toBe('other');
  });

  it('bounds the year from 1950 to next year, with the same messages as the edit form', () => {
    const next = maxYear();
    expect(sellListingSchema.safeParse({ ...validSell, year: 1949 }).success).toBe(false);
    expect(sellListingSchema.safeParse({ ...validSell, year: 1950 }).success).toBe(true);
    expect(sellListingSchema.safeParse({ ...validSell, year: next }).success).toBe(true);
    expect(messages(sellListingSchema.safeParse({ ...validSell, year: next + 1 }))).toEqual({
      year: `Year must be between 1950 and ${next}`,
    });
    expect(messages(sellListingSchema.safeParse({ ...validSell, year: 1949 }))).toEqual(
      messages(editListingSchema.safeParse({ ...validSell, title: 'T', year: 1949 })),
    );
    expect(messages(sellListingSchema.safeParse({ ...validSell, year: '2019.5' }))).toEqual({ year: 'Year must be a whole number' });
  });

  it('rejects an invalid optional e-mail but allows none', () => {
    expect(messages(sellListingSchema.safeParse({ ...validSell, email: 'not-an-email' }))).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(sellListingSchema.parse({ ...validSell, email: ' sam@example.co.uk ' }).email).toBe('sam@example.co.uk');
  });

  it('stores canonical values for makes, categories, fuels and transmissions', () => {
    const out = sellListingSchema.parse({
      ...validSell,
      make: 'Mercedes-Benz',
      category: 'box van',
      fuelType: 'Diesel',
      transmission: 'Automatic',
      axleConfig: '6x2',
      euroStandard: 'EURO6',
      postcode: 'm17 1hb',
    });
    expect(out).toMatchObject({
      make: 'mercedes',
      category: 'box-van',
      fuelType: 'diesel',
      transmission: 'automatic',
      axleConfig: '6x2',
      euroStandard: 'euro6',
      postcode: 'M17 1HB',
    });
    expect(sellListingSchema.safeParse({ ...validSell, make: 'Tesla' }).success).toBe(false);
    expect(sellListingSchema.safeParse({ ...validSell, fuelType: 'steam' }).success).toBe(false);
  });

  it('refuses a price of 0 unless the seller chose Price on application', () => {
    expect(messages(sellListingSchema.safeParse({ ...validSell, price: 0 }))).toEqual({
      price: "Enter a price above £0, or choose 'Price on application'",
    });
    const poa = sellListingSchema.parse({ ...validSell, price: '', priceOnApplication: true });
    expect(poa.priceOnApplication).toBe(true);
    expect(storedPrice(poa)).toBe(0);
    // The price box is ignored with the choice made.
    expect(storedPrice(sellListingSchema.parse({ ...validSell, priceOnApplication: true }))).toBe(0);
    expect(storedPrice(sellListingSchema.parse(validSell))).toBe(64950);
  });

  it('refuses engine sizes outside 1 to 20 litres and stores litres as text', () => {
    const engine = (engineSize: unknown) => sellListingSchema.safeParse({ ...validSell, engineSize });
    for (const bad of ['0', '0.5', '21', '350000', 'big', '12800', '-3']) {
      expect(messages(engine(bad))).toEqual({ engineSize: 'Engine size must be between 1 and 20 litres' });
    }
    expect(engine('12.8').data?.engineSize).toBe('12.8');
    expect(engine('12.8L').data?.engineSize).toBe('12.8');
    expect(engine('7.7 litres').data?.engineSize).toBe('7.7');
    expect(engine('12,800cc').data?.engineSize).toBe('12.8');
    expect(engine(13).data?.engineSize).toBe('13');
    expect(engine('').data?.engineSize).toBeNull();
  });

  it('refuses a description over the limit instead of cutting it', () => {
    expect(messages(sellListingSchema.safeParse({ ...validSell, description: 'x'.repeat(5001) }))).toEqual({
      description: 'Description must be 5000 characters or fewer',
    });
    expect(sellListingSchema.parse({ ...validSell, description: 'x'.repeat(5000) }).description).toHaveLength(5000);
  });

  it('stores phone numbers in E.164', () => {
    expect(sellListingSchema.parse({ ...validSell, phone: '(0113) 496-0000' }).phone).toBe('+441134960000');
    expect(messages(sellListingSchema.safeParse({ ...validSell, phone: '12345' }))).toEqual({ phone: 'Please enter a valid phone number' });
  });

  it('refuses a negative price with the spec message and keeps decimals', () => {
    expect(messages(sellListingSchema.safeParse({ ...validSell, price: -1 }))).toEqual({ price: 'Price must be positive' });
    expect(sellListingSchema.parse({ ...validSell, price: '£12,500.50' }).price).toBe(12500.5);
  });

  it('takes features as a list or as lines of text', () => {
    expect(sellListingSchema.parse({ ...validSell, features: 'Air con\nTail lift, Sat nav' }).features).toEqual([
      'Air con',
      'Tail lift',
      'Sat nav',
    ]);
  });

  it('allows at most 10 images, each once', () => {
    const keys = Array.from({ length: 11 }, (_, i) => `listings/k${i}`);
    expect(messages(sellListingSchema.safeParse({ ...validSell, images: keys }))).toEqual({ images: 'Maximum 10 images allowed.' });
    expect(sellListingSchema.safeParse({ ...validSell, images: ['listings/a', 'listings/a'] }).success).toBe(false);
  });
});

describe('editListingSchema', () => {
  const validEdit = { ...validSell, title: '2019 Volvo FH16 750', category: 'Rigid Trucks' };

  it('gives the spec messages for every required field', () => {
    const r = editListingSchema.safeParse({
      title: ' ',
      make: '',
      model: '',
      year: '',
      category: '',
      price: -5,
      contactName: '',
      phone: '',
    });
    expect(messages(r)).toEqual({
      title: 'Title is required',
      make: 'Make is required',
      model: 'Model is required',
      year: 'Year is required',
      category: 'Category is required',
      price: 'Price must be positive',
      contactName: 'Contact name is required',
      phone: 'Phone is required',
    });
  });

  it('allows years from 1950 to next year', () => {
    expect(editListingSchema.safeParse({ ...validEdit, year: 1950 }).success).toBe(true);
    expect(editListingSchema.safeParse({ ...validEdit, year: 1900 }).success).toBe(false);
    expect(editListingSchema.safeParse({ ...validEdit, year: maxYear() + 1 }).success).toBe(false);
  });

  it('keeps absent optional fields apart from emptied ones', () => {
    const out = editListingSchema.parse({ ...validEdit, description: '', mileage: '120000' });
    expect(out.category).toBe('rigid');
    expect(out.description).toBeNull();
    expect(out.mileage).toBe(120000);
    expect(out.location).toBeUndefined();
    expect(out.images).toBeUndefined();
  });

  it('checks an e-mail when given', () => {
    expect(messages(editListingSchema.safeParse({ ...validEdit, email: 'x@' }))).toEqual({ email: 'Please enter a valid email address' });
  });
});

describe('owner status', () => {
  it('accepts only active and inactive', () => {
    expect(ownerStatusSchema.safeParse({ status: 'active' }).success).toBe(true);
    expect(ownerStatusSchema.safeParse({ status: 'sold' }).success).toBe(false);
  });

  it('offers Deactivate for active listings and Activate for any other status', () => {
    expect(ownerToggleFor('active')).toEqual({ label: 'Deactivate', next: 'inactive' });
    for (const s of ['inactive', 'pending', 'sold', 'expired']) expect(ownerToggleFor(s)).toEqual({ label: 'Activate', next: 'active' });
  });
});

describe('uploadRequestSchema', () => {
  it('allows one to ten files', () => {
    const file = { name: 'a.jpg', type: 'image/jpeg', size: 1000 };
    expect(uploadRequestSchema.safeParse({ files: [] }).success).toBe(false);
    expect(uploadRequestSchema.safeParse({ files: Array(10).fill(file) }).success).toBe(true);
    expect(uploadRequestSchema.safeParse({ files: Array(11).fill(file) }).success).toBe(false);
  });
});

describe('DVS star rating (issue 13 §2)', () => {
  it('accepts 0 to 5 whole stars, stores none when left empty, and refuses anything else', () => {
    expect(sellListingSchema.parse({ ...validSell, dvsStars: '3' }).dvsStars).toBe(3);
    expect(sellListingSchema.parse({ ...validSell, dvsStars: 0 }).dvsStars).toBe(0);
    expect(sellListingSchema.parse({ ...validSell, dvsStars: '' }).dvsStars).toBeNull();
    expect(sellListingSchema.parse(validSell).dvsStars).toBeNull();
    expect(messages(sellListingSchema.safeParse({ ...validSell, dvsStars: '6' }))).toEqual({
      dvsStars: 'DVS star rating must be at most 5',
    });
    expect(messages(sellListingSchema.safeParse({ ...validSell, dvsStars: '2.5' }))).toEqual({
      dvsStars: 'DVS star rating must be a whole number',
    });
  });

  it('keeps the stored stars when the edit form leaves the field out', () => {
    const edit = { ...validSell, title: '2019 Volvo FH16 750' };
    expect(editListingSchema.parse(edit).dvsStars).toBeUndefined();
    expect(editListingSchema.parse({ ...edit, dvsStars: '' }).dvsStars).toBeNull();
  });
});
