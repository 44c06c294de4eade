import { describe, expect, it } from 'vitest';
import { mapDvlaVehicle } from './dvla-mapping.js';
import type { DvlaVehicle } from './ports.js';

/** One DVLA field through the public mapper: what it fills for it (null when it fills nothing). */
const mapped = (v: Omit<DvlaVehicle, 'registrationNumber'>) => mapDvlaVehicle({ registrationNumber: 'AB12CDE', ...v }).fields;
const makeOf = (make: string) => {
  const f = mapped({ make });
  return f.make ? { make: f.make, dvlaMake: f.dvlaMake ?? null } : null;
};
const fuelOf = (fuelType: string) => mapped({ fuelType }).fuelType ?? null;
const euroOf = (euroStatus: string) => mapped({ euroStatus }).euroStandard ?? null;
const gvwTonnesOf = (revenueWeight: number) => mapped({ revenueWeight }).gvwTonnes ?? null;
const axleConfigOf = (wheelplan: string) => mapped({ wheelplan }).axleConfig ?? null;

describe('DVLA record → our fields (issue 27 §2 table)', () => {
  it('fills make, year, fuel, Euro status, weight and a two-axle plan, naming the fields it filled', () => {
    const result = mapDvlaVehicle({
      registrationNumber: 'YX19KPN',
      make: 'MERCEDES-BENZ',
      yearOfManufacture: 2019,
      fuelType: 'DIESEL',
      euroStatus: 'EURO 6',
      revenueWeight: 18000,
      wheelplan: '2 AXLE RIGID BODY',
      colour: 'WHITE',
      taxStatus: 'Taxed',
    });
    expect(result.fields).toEqual({
      make: 'mercedes',
      year: 2019,
      fuelType: 'diesel',
      euroStandard: 'euro6',
      gvwTonnes: 18,
      axleConfig: '4x2',
    });
    expect(result.filled).toEqual(['make', 'year', 'fuelType', 'euroStandard', 'gvwTonnes', 'axleConfig']);
    expect(result.dvla).toMatchObject({ colour: 'WHITE', taxStatus: 'Taxed' });
  });

  it('maps our makes, and keeps the DVLA text of a make we do not list under Other', () => {
    expect(makeOf('DAF')).toEqual({ make: 'daf', dvlaMake: null });
    expect(makeOf('SCANIA')).toEqual({ make: 'scania', dvlaMake: null });
    expect(makeOf('RENAULT TRUCKS')).toEqual({ make: 'renault', dvlaMake: null });
    expect(makeOf('MITSUBISHI FUSO')).toEqual({ make: 'mitsubishi', dvlaMake: null });
    expect(makeOf('FODEN')).toEqual({ make: 'other', dvlaMake: 'FODEN' });
    expect(makeOf('')).toBeNull();
  });

  it('maps the fuel types', () => {
    expect(fuelOf('DIESEL')).toBe('diesel');
    expect(fuelOf('HEAVY OIL')).toBe('diesel');
    expect(fuelOf('ELECTRICITY')).toBe('electric');
    expect(fuelOf('HYBRID ELECTRIC')).toBe('hybrid');
    expect(fuelOf('GAS')).toBe('cng');
    expect(fuelOf('GAS BI-FUEL')).toBe('cng');
    expect(fuelOf('STEAM')).toBeNull();
  });

  it('reads Euro 3 to Euro 6 in any spelling and leaves anything else empty', () => {
    expect(euroOf('EURO 6')).toBe('euro6');
    expect(euroOf('EURO6')).toBe('euro6');
    expect(euroOf('Euro 6d')).toBe('euro6');
    expect(euroOf('EURO VI')).toBe('euro6');
    expect(euroOf('EURO V')).toBe('euro5');
    expect(euroOf('EURO 3')).toBe('euro3');
    expect(euroOf('EURO 2')).toBeNull();
    expect(euroOf('EURO 7')).toBeNull();
    expect(euroOf('')).toBeNull();
  });

  it('turns kg into tonnes and reads only two axles as 4x2 (three axles could be 6x2 or 6x4)', () => {
    expect(gvwTonnesOf(26000)).toBe(26);
    expect(gvwTonnesOf(7490)).toBe(7.49);
    expect(gvwTonnesOf(0)).toBeNull();
    expect(axleConfigOf('2 AXLE RIGID BODY')).toBe('4x2');
    expect(axleConfigOf('2-AXLE&ARTIC')).toBe('4x2');
    expect(axleConfigOf('3 AXLE RIGID BODY')).toBeNull();
    expect(axleConfigOf('MULTI-AXLE RIGID')).toBeNull();
  });

  it('fills nothing it cannot read', () => {
    const result = mapDvlaVehicle({ registrationNumber: 'A1', euroStatus: 'N/A', wheelplan: '3 AXLE RIGID BODY' });
    expect(result.fields).toEqual({});
    expect(result.filled).toEqual([]);
  });
});
