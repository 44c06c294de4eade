import { z } from 'zod';
import type { AxleConfig, EuroStandard } from '../listing-options.js';
import { registrationSchema } from './registration.js';
import type { Fuel, Make } from '../values.js';
import type { DvlaFillableField } from './sell.js';

/** POST /api/vehicle-lookup: "Find my truck" on the sell form (issue 27 §2). */
export const vehicleLookupSchema = z.object({ registration: registrationSchema });

/** What "Find my truck" fills, and which fields those are. */
export interface VehicleLookupResult {
  registration: string;
  fields: {
    make?: Make;
    /** The DVLA's make text when our list has no match (make is then 'other'). */
    dvlaMake?: string;
    year?: number;
    fuelType?: Fuel;
    euroStandard?: EuroStandard;
    gvwTonnes?: number;
    axleConfig?: AxleConfig;
  };
  filled: DvlaFillableField[];
  /** The DVLA's own words, for the seller to compare. */
  dvla: {
    make: string | null;
    colour: string | null;
    fuelType: string | null;
    taxStatus: string | null;
    taxDueDate: string | null;
    wheelplan: string | null;
  };
}

/** The sell form's messages when the look-up cannot fill it (the form still works by hand). */
export const VEHICLE_LOOKUP_TEXTS = {
  notFound: 'The DVLA has no vehicle with that registration. Check it, or fill in the details yourself.',
  rateLimited: 'Too many look-ups just now. Please try again in a few minutes, or fill in the details yourself.',
  unavailable: 'The DVLA look-up is not answering just now. Please fill in the details yourself, or try again later.',
  filled: (fields: string[]) => `Filled from DVLA records: ${fields.join(', ')}. Check them and change anything that is wrong.`,
  nothingFilled: 'The DVLA found this vehicle but holds nothing we could fill in. Please fill in the details yourself.',
  enterFirst: 'Enter the registration first, then press "Find my truck".',
} as const;

type MileageVerdictKind = 'consistent' | 'fell' | 'below-last' | 'not-enough';

export interface MileageVerdict {
  kind: MileageVerdictKind;
  /** The sentence shown, exactly as issue 27 §3 words it. */
  text: string;
}

/** One annual test as the panel shows it. */
export interface VehicleTest {
  date: string;
  result: 'PASSED' | 'FAILED';
  expiryDate: string | null;
  odometer: { value: number; unit: 'mi' | 'km' } | null;
  /** 'READ', 'UNREADABLE' or 'NO_ODOMETER'. */
  odometerResult: string;
  testNumber: string;
  defects: Array<{ text: string; type: string; dangerous: boolean }>;
}

/** A listing's vehicle checks (GET /api/listings/{id}/vehicle-checks). */
export interface VehicleChecks {
  /** When the records were read. */
  checkedAt: string;
  /** Neither service had a record (the panel says so). */
  found: boolean;
  taxStatus: string | null;
  taxDueDate: string | null;
  colour: string | null;
  /** The expiry of the latest passed test (DVSA), else the DVLA's MOT expiry. */
  testExpiry: string | null;
  /** Newest first. */
  tests: VehicleTest[];
  verdict: MileageVerdict;
}
