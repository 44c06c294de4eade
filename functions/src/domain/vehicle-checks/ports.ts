/**
 * The two government record services behind vehicle checks (issue 27), as the domain sees them.
 * Adapters (functions/src/adapters/vehicle-records) speak the real APIs; the shapes here are the
 * issue's, so if a real answer differs only the adapter changes.
 */

/** DVLA Vehicle Enquiry Service: POST {base}/vehicle-enquiry/v1/vehicles. */
export interface DvlaVehicle {
  registrationNumber: string;
  make?: string;
  colour?: string;
  fuelType?: string;
  yearOfManufacture?: number;
  monthOfFirstRegistration?: string;
  engineCapacity?: number;
  co2Emissions?: number;
  euroStatus?: string;
  /** Kilograms. */
  revenueWeight?: number;
  typeApproval?: string;
  wheelplan?: string;
  taxStatus?: 'Taxed' | 'Untaxed' | 'SORN' | 'Not Taxed for on Road Use' | string;
  taxDueDate?: string;
  motStatus?: 'Valid' | 'Not valid' | 'No details held by DVLA' | 'No results returned' | string;
  motExpiryDate?: string;
  markedForExport?: boolean;
  dateOfLastV5CIssued?: string;
}

type DefectType = 'ADVISORY' | 'MINOR' | 'MAJOR' | 'DANGEROUS' | 'FAIL' | 'PRS' | 'USER ENTERED';

export interface MotDefect {
  text: string;
  type: DefectType;
  dangerous: boolean;
}

export interface MotTest {
  /** ISO date-time. */
  completedDate: string;
  testResult: 'PASSED' | 'FAILED';
  expiryDate?: string | null;
  /** Digits as text (the API's own type), or absent when not read. */
  odometerValue?: string | number | null;
  odometerUnit?: 'MI' | 'KM' | null;
  odometerResultType: 'READ' | 'UNREADABLE' | 'NO_ODOMETER';
  motTestNumber: string;
  defects: MotDefect[];
}

/** DVSA MOT History API: GET {base}/v1/trade/vehicles/registration/{registration}. */
export interface DvsaVehicle {
  registration: string;
  make?: string;
  model?: string;
  manufactureDate?: string;
  fuelType?: string;
  primaryColour?: string;
  motTests: MotTest[];
}

/**
 * Why a look-up gave no record: the plate is unknown (404), the service refused the request (400),
 * our quota is spent (429), or the service failed or did not answer (5xx, time-out).
 */
export type LookupFailure = 'not-found' | 'bad-request' | 'rate-limited' | 'unavailable';

export class VehicleLookupError extends Error {
  constructor(
    readonly failure: LookupFailure,
    readonly service: 'DVLA' | 'DVSA',
    message: string,
  ) {
    super(message);
    this.name = 'VehicleLookupError';
  }
}

export interface VehicleEnquiryPort {
  /** The DVLA's record; throws VehicleLookupError. */
  vehicle(registration: string): Promise<DvlaVehicle>;
}

export interface MotHistoryPort {
  /** The DVSA's test history; throws VehicleLookupError ('not-found' for a vehicle never tested). */
  history(registration: string): Promise<DvsaVehicle>;
}
