import type { AxleConfig, EuroStandard } from '../../../../shared/listing-options.js';
import { normaliseMake } from '../../../../shared/listing-options.js';
import type { DvlaFillableField } from '../../../../shared/schemas/sell.js';
import type { VehicleLookupResult } from '../../../../shared/schemas/vehicle-checks.js';
import type { Fuel, Make } from '../../../../shared/values.js';
import type { DvlaVehicle } from './ports.js';

/**
 * The DVLA's record → the sell form's fields (issue 27 §2, its table). Only what can be read for
 * certain is filled; the rest is left for the seller:
 * - make: our make list, else "Other" with the DVLA's text kept;
 * - fuel: DIESEL / HEAVY OIL → diesel, ELECTRICITY → electric, HYBRID ELECTRIC (and ELECTRIC
 *   DIESEL, a diesel-electric hybrid) → hybrid, the gas types → CNG (our only gas fuel), PETROL → petrol;
 * - euroStatus: Euro 3 to Euro 6 in any spelling ("EURO 6", "EURO6", "Euro VI", "EURO 6D");
 * - revenueWeight: kg ÷ 1000 as gross vehicle weight, when it is a weight we accept (1–100 t);
 * - wheelplan: only a two-axle vehicle reads as 4x2; three and more axles could be 6x2 or 6x4
 *   (8x2, 8x4…), which the DVLA does not say.
 */
export function mapDvlaVehicle(v: DvlaVehicle): VehicleLookupResult {
  const fields: VehicleLookupResult['fields'] = {};
  const filled: DvlaFillableField[] = [];
  const make = makeOf(v.make);
  if (make) {
    fields.make = make.make;
    if (make.dvlaMake) fields.dvlaMake = make.dvlaMake;
    filled.push('make');
  }
  if (typeof v.yearOfManufacture === 'number' && Number.isInteger(v.yearOfManufacture)) {
    fields.year = v.yearOfManufacture;
    filled.push('year');
  }
  const fuel = fuelOf(v.fuelType);
  if (fuel) {
    fields.fuelType = fuel;
    filled.push('fuelType');
  }
  const euro = euroOf(v.euroStatus);
  if (euro) {
    fields.euroStandard = euro;
    filled.push('euroStandard');
  }
  const gvw = gvwTonnesOf(v.revenueWeight);
  if (gvw !== null) {
    fields.gvwTonnes = gvw;
    filled.push('gvwTonnes');
  }
  const axle = axleConfigOf(v.wheelplan);
  if (axle) {
    fields.axleConfig = axle;
    filled.push('axleConfig');
  }
  return {
    registration: v.registrationNumber,
    fields,
    filled,
    dvla: {
      make: v.make ?? null,
      colour: v.colour ?? null,
      fuelType: v.fuelType ?? null,
      taxStatus: v.taxStatus ?? null,
      taxDueDate: v.taxDueDate ?? null,
      wheelplan: v.wheelplan ?? null,
    },
  };
}

function makeOf(text: string | undefined): { make: Make; dvlaMake: string | null } | null {
  const t = text?.trim();
  if (!t) return null;
  const make = normaliseMake(t) ?? normaliseMake(t.replace(/\s+(TRUCKS?|COMMERCIALS?|VEHICLES?)$/i, ''));
  return make && make !== 'other' ? { make, dvlaMake: null } : { make: 'other', dvlaMake: t };
}

const FUELS: Record<string, Fuel> = {
  DIESEL: 'diesel',
  'HEAVY OIL': 'diesel',
  ELECTRICITY: 'electric',
  'HYBRID ELECTRIC': 'hybrid',
  'ELECTRIC DIESEL': 'hybrid',
  PETROL: 'petrol',
  GAS: 'cng',
  'GAS BI-FUEL': 'cng',
  'GAS/BI-FUEL': 'cng',
  'GAS DIESEL': 'cng',
  CNG: 'cng',
};

function fuelOf(text: string | undefined): Fuel | null {
  if (!text) return null;
  return FUELS[text.trim().toUpperCase().replace(/\s+/g, ' ')] ?? null;
}

function euroOf(text: string | undefined): EuroStandard | null {
  if (!text) return null;
  const m = /^EURO\s*-?\s*(III|IV|VI|V|[3-6])[A-Z]{0,2}(?:\s.*)?$/i.exec(text.trim());
  if (!m) return null;
  const n = ({ III: '3', IV: '4', V: '5', VI: '6' } as Record<string, string>)[m[1].toUpperCase()] ?? m[1];
  return `euro${n}` as EuroStandard;
}

function gvwTonnesOf(kg: number | undefined): number | null {
  if (typeof kg !== 'number' || !Number.isFinite(kg)) return null;
  const tonnes = Math.round(kg) / 1000;
  return tonnes >= 1 && tonnes <= 100 ? tonnes : null;
}

function axleConfigOf(wheelplan: string | undefined): AxleConfig | null {
  if (!wheelplan) return null;
  return /^2[\s-]*AXLE\b/i.test(wheelplan.trim()) ? '4x2' : null;
}
