import { describe, expect, it, vi } from 'vitest';
import { VALUATION_MAKE_OPTIONS, valuationFormSchema as valuationRequestSchema } from './valuation';

/** The form's schema as the module builds it when loaded on `now` (the latest year allowed is next year). */
async function schemaLoadedOn(now: Date): Promise<typeof valuationRequestSchema> {
  vi.useFakeTimers({ now, toFake: ['Date'] });
  try {
    vi.resetModules();
    return (await import('./valuation')).valuationFormSchema;
  } finally {
    vi.useRealTimers();
  }
}

const valid = {
  make: 'volvo',
  model: 'FH 500',
  type: 'articulated',
  age: '2019',
  mileage: '412,000',
  motStatus: 'valid',
  wheelConfiguration: '6x2',
  horsePower: '',
  transmissionType: '',
  additionalInfo: '',
  contactName: 'Jo Evans',
  contactEmail: 'jo@evans-haulage.example',
  contactPhone: '01632 960123',
  company: '',
  website: '',
};

const messagesFor = (input: unknown, schema: typeof valuationRequestSchema = valuationRequestSchema) => {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('valuationRequestSchema', () => {
  it('turns typed numbers into integers and blank optional fields into undefined', () => {
    const parsed = valuationRequestSchema.parse(valid);
    expect(parsed).toMatchObject({ age: 2019, mileage: 412000, horsePower: undefined, transmissionType: undefined, company: undefined });
  });

  it('accepts the numbers the browser sends as JSON', () => {
    const parsed = valuationRequestSchema.parse({
      ...valid,
      age: 2019,
      mileage: 412000,
      horsePower: 500,
      transmissionType: 'automated-manual',
    });
    expect(parsed).toMatchObject({ age: 2019, mileage: 412000, horsePower: 500, transmissionType: 'automated-manual' });
  });

  it("accepts the form's parsed values after JSON drops the empty optional numbers", () => {
    const sent = JSON.parse(JSON.stringify(valuationRequestSchema.parse(valid)));
    expect(sent).not.toHaveProperty('horsePower');
    const reparsed = valuationRequestSchema.parse(sent);
    expect(reparsed).toMatchObject({ age: 2019, mileage: 412000 });
    expect(reparsed.horsePower).toBeUndefined();
  });

  it('says a missing required number is required', () => {
    const { age: _age, mileage: _mileage, ...rest } = valid;
    expect(messagesFor(rest)).toMatchObject({ age: 'Year is required', mileage: 'Mileage is required' });
  });

  it('names every missing required field', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((k) => [k, '']));
    expect(messagesFor(empty)).toEqual({
      make: 'Make is required',
      model: 'Model is required',
      type: 'Vehicle type is required',
      age: 'Year is required',
      mileage: 'Mileage is required',
      motStatus: 'MOT status is required',
      wheelConfiguration: 'Wheel configuration is required',
      contactName: 'Full name is required',
      contactEmail: 'Email address is required',
      contactPhone: 'Phone number is required',
    });
  });

  it('rejects non-numeric and out-of-range numbers', () => {
    expect(messagesFor({ ...valid, age: 'twenty', mileage: '12.5' })).toEqual({
      age: 'Enter the year as a number, e.g. 2019',
      mileage: 'Enter the mileage as a whole number',
    });
    expect(messagesFor({ ...valid, age: '1949', mileage: '-1', horsePower: '20' })).toEqual({
      age: expect.stringMatching(/^Year must be between 1950 and \d{4}$/),
      mileage: 'Mileage cannot be negative',
      horsePower: 'Horse power must be at least 50',
    });
  });

  it('allows next year but not the year after', async () => {
    const schema = await schemaLoadedOn(new Date('2025-06-01T00:00:00Z'));
    expect(schema.safeParse({ ...valid, age: '2026' }).success).toBe(true);
    expect(messagesFor({ ...valid, age: '2027' }, schema)).toEqual({ age: 'Year must be between 1950 and 2026' });
  });

  it('only accepts values from the spec option lists', () => {
    expect(
      messagesFor({ ...valid, make: 'isuzu', type: 'bus', motStatus: 'unknown', wheelConfiguration: '10x4', transmissionType: 'cvt' }),
    ).toEqual({
      make: 'Make is required',
      type: 'Vehicle type is required',
      motStatus: 'MOT status is required',
      wheelConfiguration: 'Wheel configuration is required',
      transmissionType: expect.any(String),
    });
  });

  it('allows at most 10 uploaded image keys', () => {
    const keys = Array.from({ length: 11 }, (_, i) => `valuations/k${i}.webp`);
    expect(messagesFor({ ...valid, imageKeys: keys })).toEqual({ imageKeys: 'You can upload a maximum of 10 images.' });
    expect(valuationRequestSchema.safeParse({ ...valid, imageKeys: keys.slice(0, 10) }).success).toBe(true);
  });

  it('offers the sell-form makes with their labels', () => {
    expect(VALUATION_MAKE_OPTIONS.map((o) => o.label)).toEqual([
      'Volvo',
      'Scania',
      'DAF',
      'Mercedes-Benz',
      'MAN',
      'Iveco',
      'Renault',
      'Ford',
      'Other',
    ]);
  });
});
