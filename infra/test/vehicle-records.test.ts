import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, synthTruckYard } from './synth-app.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const GOVERNMENT_VEHICLE_RECORDS = {
  dvlaApiUrl: 'https://driver-vehicle-licensing.api.gov.uk',
  dvsaApiUrl: 'https://history.mot.api.gov.uk',
  dvsaScope: 'https://tapi.dvsa.gov.uk/.default',
} as const;
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const HANDLER_METADATA_KEY = 'truckyard:handler';

afterAll(removeTempDirs);

type Resources = Record<
  string,
  {
    Type: string;
    Metadata?: Record<string, unknown>;
    Properties: { Environment?: { Variables?: Record<string, unknown> }; PolicyDocument?: unknown; Roles?: unknown };
  }
>;

const VARS = ['DVLA_API_URL', 'DVSA_API_URL', 'DVSA_TOKEN_URL', 'DVSA_SCOPE'] as const;

/** The vehicle-record variables of every function of the app, by handler module (only functions that have any). */
function varsByHandler(app: ReturnType<typeof synthTruckYard>) {
  const found: Record<string, Record<string, unknown>> = {};
  for (const template of [...Object.values(app.templates), ...Object.values(app.areaTemplates)]) {
    if (!template) continue;
    for (const r of Object.values(template.toJSON().Resources as Resources)) {
      if (r.Type !== 'AWS::Lambda::Function') continue;
      const vars = Object.fromEntries(
        VARS.flatMap((v) =>
          r.Properties.Environment?.Variables?.[v] === undefined ? [] : [[v, r.Properties.Environment?.Variables?.[v]]],
        ),
      );
      if (Object.keys(vars).length) found[String(r.Metadata?.[HANDLER_METADATA_KEY])] = vars;
    }
  }
  return found;
}

describe('the DVLA and DVSA URLs (issue 27)', () => {
  it('are set only on the functions that call the services: the look-up the DVLA, the refreshers both', () => {
    const tokenUrl = 'https://login.example.test/tenant/oauth2/v2.0/token';
    const found = varsByHandler(synthTruckYard({ vehicleRecords: { dvsaTokenUrl: tokenUrl, dvlaApiUrl: 'https://uat.example.test/' } }));
    const both = {
      DVLA_API_URL: 'https://uat.example.test',
      DVSA_API_URL: GOVERNMENT_VEHICLE_RECORDS.dvsaApiUrl,
      DVSA_TOKEN_URL: tokenUrl,
      DVSA_SCOPE: GOVERNMENT_VEHICLE_RECORDS.dvsaScope,
    };
    expect(found).toEqual({
      'http/vehicle-lookup/look-up-vehicle.ts': { DVLA_API_URL: 'https://uat.example.test' },
      'events/refresh-vehicle-checks.ts': both,
      'jobs/refresh-vehicle-checks.ts': both,
    });
  });
});
