import { afterAll, describe, expect, it } from 'vitest';
import { PRODUCTION_SETTINGS, removeTempDirs, synthTruckYard } from './synth-app.js';

afterAll(removeTempDirs);

const domain = { domainName: 'www.example.co.uk', hostedZone: { id: 'Z123', name: 'example.co.uk' } };

describe('a custom domain is production: synth fails without its settings', () => {
  // buildTruckYard checks before it builds a stack: these fail in milliseconds.
  it('fails without alarmEmail', () => {
    expect(() => synthTruckYard({ domain, ...PRODUCTION_SETTINGS, alarmEmail: undefined })).toThrow(/needs context: alarmEmail/);
  });

  it('fails without sesDomain', () => {
    expect(() => synthTruckYard({ domain, ...PRODUCTION_SETTINGS, sesDomain: undefined })).toThrow(/needs context: sesDomain/);
  });

  it('fails without the WhatsApp sending number', () => {
    expect(() => synthTruckYard({ domain, ...PRODUCTION_SETTINGS, whatsapp: undefined })).toThrow(/needs context: whatsappPhoneNumberId/);
  });

  it("fails without the DVSA's token URL (vehicle checks; the API bases default to the live services)", () => {
    expect(() => synthTruckYard({ domain, ...PRODUCTION_SETTINGS, vehicleRecords: undefined })).toThrow(/needs context: dvsaTokenUrl/);
  });

  it('refuses a vehicle record URL that is not http(s)', () => {
    expect(() => synthTruckYard({ vehicleRecords: { dvlaApiUrl: 'driver-vehicle-licensing.api.gov.uk' } })).toThrow(
      /dvlaApiUrl must be an http\(s\) URL/,
    );
  });

  it('names everything missing at once', () => {
    expect(() => synthTruckYard({ domain })).toThrow(/alarmEmail .*, sesDomain .*, whatsappPhoneNumberId/);
  });

  it('refuses scraper sources that are not JSON, or not sources the scraper can use', () => {
    expect(() => synthTruckYard({ scraperSources: '[{' })).toThrow(/scraperSources is not JSON/);
    expect(() => synthTruckYard({ scraperSources: JSON.stringify([{ id: 'Bad Id' }]) })).toThrow(/scraperSources is not a list of sources/);
  });
});

describe('first deploy', () => {
  it("with cognitoSes=false the pool keeps Cognito's own sender while the SES identity is created; with searchConcurrency=0 nothing is reserved", () => {
    // Act
    const { templates, areaTemplates } = synthTruckYard({ domain, ...PRODUCTION_SETTINGS, cognitoSes: false, searchConcurrency: 0 });
    // Assess
    templates.data.resourceCountIs('AWS::SES::EmailIdentity', 1);
    const pool = Object.values(templates.auth.findResources('AWS::Cognito::UserPool'))[0] as { Properties: Record<string, unknown> };
    expect(pool.Properties.EmailConfiguration).toBeUndefined();
    const reserved = [templates.api, templates.jobs, templates.auth, ...Object.values(areaTemplates)].flatMap((t) =>
      Object.values(t.findResources('AWS::Lambda::Function')).filter(
        (r) => (r as { Properties: Record<string, unknown> }).Properties.ReservedConcurrentExecutions !== undefined,
      ),
    );
    expect(reserved).toEqual([]);
  });
});
