import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type OdometerReading, mileageVerdict } from './mileage-verdict.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const KM_PER_MILE = 1.609344;

const r = (date: string, value: number, unit: 'mi' | 'km' = 'mi'): OdometerReading => ({ date: `${date}T10:00:00.000Z`, value, unit });

describe('mileage verdict (issue 27 §3)', () => {
  it('is consistent when readings never fall and the advert is at least the last reading', () => {
    const readings = [r('2022-03-01', 300_000), r('2023-03-01', 380_000), r('2024-03-01', 455_000)];
    expect(mileageVerdict(readings, 460_000)).toEqual({ kind: 'consistent', text: 'Mileage consistent with 3 test records' });
    expect(mileageVerdict(readings, 455_000).kind).toBe('consistent');
  });

  it('names the two tests between which a reading fell, whatever order they come in', () => {
    const readings = [r('2024-05-10', 350_000), r('2022-05-12', 310_000), r('2023-05-11', 402_000)];
    expect(mileageVerdict(readings, 500_000)).toEqual({
      kind: 'fell',
      text: 'Mileage query: the reading fell between 11 May 2023 and 10 May 2024',
    });
  });

  it('queries an advert below the last reading, giving the reading in its own unit', () => {
    expect(mileageVerdict([r('2023-01-05', 500_000, 'km'), r('2024-01-09', 640_000, 'km')], 390_000)).toEqual({
      kind: 'below-last',
      text: 'Advertised mileage is below the last test reading (640,000 km on 9 January 2024)',
    });
    expect(mileageVerdict([r('2023-01-05', 200_000), r('2024-01-09', 240_500)], 240_000).text).toBe(
      'Advertised mileage is below the last test reading (240,500 miles on 9 January 2024)',
    );
  });

  it('compares km readings in miles: 640,000 km is about 397,678 miles', () => {
    const km = [r('2023-01-05', 500_000, 'km'), r('2024-01-09', 640_000, 'km')];
    expect(mileageVerdict(km, 397_700).kind).toBe('consistent');
    expect(mileageVerdict(km, 397_600).kind).toBe('below-last');
    // A change of unit between tests is not a fall: 250,000 miles then 410,000 km (≈254,762 miles).
    expect(mileageVerdict([r('2022-06-01', 250_000, 'mi'), r('2023-06-01', 410_000, 'km')], 260_000).kind).toBe('consistent');
    expect(mileageVerdict([r('2022-06-01', 250_000, 'mi'), r('2023-06-01', 400_000, 'km')], 260_000).kind).toBe('fell');
  });

  it('has not enough records with fewer than 2 readings', () => {
    expect(mileageVerdict([], 100)).toEqual({ kind: 'not-enough', text: 'Not enough test records to check' });
    expect(mileageVerdict([r('2024-01-01', 10)], 100).kind).toBe('not-enough');
  });

  // Reference written from the rule in the issue, in integer miles only (no dates, no units).
  const referenceKind = (milesInOrder: number[], advertised: number) => {
    if (milesInOrder.length < 2) return 'not-enough';
    if (milesInOrder.some((m, i) => i > 0 && m < milesInOrder[i - 1])) return 'fell';
    return advertised < milesInOrder[milesInOrder.length - 1] ? 'below-last' : 'consistent';
  };
  const dated = (miles: number[], units: boolean[]) =>
    miles.map((m, i): OdometerReading => {
      const date = new Date(Date.UTC(2010 + i, 2, 1)).toISOString();
      // Expressed in km where the unit flag says so (exact, not rounded): the same distance.
      return units[i] ? { date, value: m * KM_PER_MILE, unit: 'km' } : { date, value: m, unit: 'mi' };
    });

  it('agrees with the rule for any readings, in miles or km, shuffled', () => {
    fc.assert(
      fc.property(
        // Small values repeat often, so equal readings in different units are tried too.
        fc.array(fc.oneof(fc.integer({ min: 0, max: 2_000_000 }), fc.integer({ min: 0, max: 5 })), { maxLength: 8 }),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        fc.oneof(fc.integer({ min: 0, max: 2_100_000 }), fc.integer({ min: 0, max: 5 })),
        (miles, units, advertised) => {
          const readings = dated(miles, units).reverse();
          expect(mileageVerdict(readings, advertised).kind).toBe(referenceKind(miles, advertised));
        },
      ),
    );
  });

  it('is consistent for any rising history with the advert at or above its last reading, counting every reading', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 150_000 }), { minLength: 2, maxLength: 10 }), fc.nat(50_000), (steps, extra) => {
        const miles: number[] = [];
        for (const s of steps) miles.push((miles.at(-1) ?? 0) + s);
        const verdict = mileageVerdict(dated(miles, []), miles[miles.length - 1] + extra);
        expect(verdict).toEqual({ kind: 'consistent', text: `Mileage consistent with ${miles.length} test records` });
      }),
    );
  });
});
