/** Where the functions find the local DVLA and DVSA stand-ins (dev/vehicle-records/stand-in.ts), and the keys those accept. */
export const LOCAL_VEHICLE_RECORDS_KEYS = {
  dvlaApiKey: 'dvla-local-api-key',
  dvsaApiKey: 'dvsa-local-api-key',
  dvsaClientId: 'dvsa-local-client',
  dvsaClientSecret: 'dvsa-local-client-secret',
} as const;

/** The base URLs the functions get (context keys of the CDK app) for a local server at `siteUrl`. */
export function vehicleRecordsUrls(siteUrl: string) {
  return {
    dvlaApiUrl: `${siteUrl}/_dev/dvla`,
    dvsaApiUrl: `${siteUrl}/_dev/dvsa`,
    dvsaTokenUrl: `${siteUrl}/_dev/dvsa-login/oauth2/v2.0/token`,
  };
}
