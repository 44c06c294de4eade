/**
 * The vehicle-checks panel's fixed line (issue 27 §3), without zod: the panel is on the listing page's
 * first screen, which loads no schema code.
 */
export const VEHICLE_CHECKS_DISCLAIMER = 'From DVLA and DVSA records. Not a finance, stolen or write-off check.';
