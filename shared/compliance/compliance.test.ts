import { describe, expect, it } from 'vitest';
import { assessCompliance, CLEAN_AIR_ZONE_IDS, noChargeZoneMask } from './compliance.js';
import { entersWithoutCharge } from './compliance.test-support.js';
import { cleanAirBadge } from './verdict.js';

/**
 * Known vehicles per zone, written from the published rules (shared/compliance/zones.ts sources),
 * not from the code: Euro VI and electric HGVs enter free; London charges Euro IV/V £100 and
 * older £300 a day; the English CAZs charge non-Euro-VI HGVs their flat daily fee; Scottish LEZs
 * penalise each entry; an unknown Euro standard is unknown everywhere.
 */
const table: Array<{
  truck: string;
  euro: 'euro3' | 'euro4' | 'euro5' | 'euro6' | null;
  fuel: 'diesel' | 'electric' | null;
  gvw: number | null;
  expect: Record<string, string>;
}> = [
  {
    truck: '2019 DAF XF 480 Euro 6',
    euro: 'euro6',
    fuel: 'diesel',
    gvw: 44,
    expect: { london: '0', birmingham: '0', bath: '0', glasgow: '0' },
  },
  {
    truck: '2012 Scania R440 Euro 5',
    euro: 'euro5',
    fuel: 'diesel',
    gvw: 44,
    expect: {
      london: '100',
      birmingham: '50',
      bath: '100',
      bristol: '100',
      sheffield: '50',
      'newcastle-gateshead': '50',
      portsmouth: '50',
      bradford: '50',
      glasgow: 'penalty',
    },
  },
  { truck: '2008 MAN TGA Euro 4', euro: 'euro4', fuel: 'diesel', gvw: 26, expect: { london: '100', bristol: '100' } },
  {
    truck: '2004 Volvo FM12 Euro 3',
    euro: 'euro3',
    fuel: 'diesel',
    gvw: 32,
    expect: { london: '300', birmingham: '50', edinburgh: 'penalty' },
  },
  { truck: '2023 Volvo FL Electric', euro: null, fuel: 'electric', gvw: 16, expect: { london: '0', bath: '0', dundee: '0' } },
  {
    truck: '2016 Iveco Eurocargo, Euro not stated',
    euro: null,
    fuel: 'diesel',
    gvw: 12,
    expect: { london: 'unknown', birmingham: 'unknown' },
  },
];

const verdictText = (v: { status: string; dailyCharge: number | null }) =>
  v.status === 'charge' || v.status === 'no-charge' ? String(v.dailyCharge) : v.status;

describe('assessCompliance', () => {
  for (const row of table) {
    it(`rates ${row.truck} per zone`, () => {
      const result = assessCompliance({ euroStandard: row.euro, fuelType: row.fuel, gvwTonnes: row.gvw });
      for (const [zone, want] of Object.entries(row.expect)) {
        const v = result.zones.find((z) => z.zoneId === zone);
        expect(v && verdictText(v), `${row.truck} in ${zone}`).toBe(want);
      }
    });
  }

  it('gives the card badge from London: compliant, a daily charge, or unknown — never a guess', () => {
    expect(assessCompliance({ euroStandard: 'euro6', fuelType: 'diesel', gvwTonnes: 18 }).badge.text).toBe('ULEZ/LEZ compliant');
    expect(assessCompliance({ euroStandard: 'euro5', fuelType: 'diesel', gvwTonnes: 18 }).badge.text).toBe('£100/day in London');
    expect(assessCompliance({ euroStandard: null, fuelType: 'diesel', gvwTonnes: 18 }).badge.text).toBe('Clean-air status unknown');
  });

  it('gives a card the same badge alone (cleanAirBadge) as the whole assessment, for every Euro standard, fuel and weight', () => {
    let compared = 0;
    for (const euroStandard of ['euro3', 'euro4', 'euro5', 'euro6', null] as const)
      for (const fuelType of ['diesel', 'electric', 'cng', null] as const)
        for (const gvwTonnes of [3.5, 7.5, 18, 44, null]) {
          const input = { euroStandard, fuelType, gvwTonnes };
          expect(cleanAirBadge(input), JSON.stringify(input)).toEqual(assessCompliance(input).badge);
          compared++;
        }
    expect(compared).toBe(100);
    expect(cleanAirBadge({ euroStandard: 'euro3', fuelType: 'diesel', gvwTonnes: 44 })).toEqual({
      tone: 'warn',
      text: '£300/day in London',
    });
  });

  it('keeps for the search index the zones each truck enters free, as bits, the same when asked again', () => {
    for (let round = 0; round < 2; round++)
      for (const euroStandard of ['euro3', 'euro4', 'euro5', 'euro6', null] as const)
        for (const fuelType of ['diesel', 'electric', null] as const)
          for (const gvwTonnes of [3.5, 18, null]) {
            const input = { euroStandard, fuelType, gvwTonnes };
            const bits = CLEAN_AIR_ZONE_IDS.map((id, i) => (entersWithoutCharge(input, id) ? 1 << i : 0)).reduce((a, b) => a | b, 0);
            expect(noChargeZoneMask(input), JSON.stringify(input)).toBe(bits);
          }
    expect(noChargeZoneMask({ euroStandard: 'euro6', fuelType: 'diesel', gvwTonnes: 44 })).toBe(2 ** CLEAN_AIR_ZONE_IDS.length - 1);
    expect(noChargeZoneMask({ euroStandard: 'euro5', fuelType: 'diesel', gvwTonnes: 44 })).toBe(0);
  });

  it('says a London DVS permit is needed over 12 t and whether the stars qualify', () => {
    expect(assessCompliance({ euroStandard: 'euro6', fuelType: 'diesel', gvwTonnes: 7.5 }).dvs.status).toBe('not-required');
    expect(assessCompliance({ euroStandard: 'euro6', fuelType: 'diesel', gvwTonnes: 12 }).dvs.status).toBe('not-required');
    expect(assessCompliance({ euroStandard: 'euro6', fuelType: 'diesel', gvwTonnes: 26 }).dvs.status).toBe('stars-unknown');
    expect(assessCompliance({ euroStandard: 'euro6', fuelType: 'diesel', gvwTonnes: 26, dvsStars: 3 }).dvs.status).toBe('permit-ok');
    expect(assessCompliance({ euroStandard: 'euro6', fuelType: 'diesel', gvwTonnes: 44, dvsStars: 1 }).dvs.status).toBe(
      'needs-safe-system',
    );
    expect(assessCompliance({ euroStandard: 'euro6', fuelType: 'diesel', gvwTonnes: null }).dvs.status).toBe('unknown');
  });

  it('filters "no charge in a zone" only for trucks known to enter free', () => {
    expect(entersWithoutCharge({ euroStandard: 'euro6', fuelType: 'diesel', gvwTonnes: 26 }, 'london')).toBe(true);
    expect(entersWithoutCharge({ euroStandard: 'euro5', fuelType: 'diesel', gvwTonnes: 26 }, 'london')).toBe(false);
    expect(entersWithoutCharge({ euroStandard: null, fuelType: 'diesel', gvwTonnes: 26 }, 'london')).toBe(false);
    expect(entersWithoutCharge({ euroStandard: 'euro5', fuelType: 'diesel', gvwTonnes: 26 }, 'glasgow')).toBe(false);
    expect(entersWithoutCharge({ euroStandard: 'euro6', fuelType: 'diesel', gvwTonnes: 26 }, 'nowhere')).toBe(false);
  });
});
