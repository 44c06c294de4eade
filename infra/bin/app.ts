import { App } from 'aws-cdk-lib';
import { dropGrantsFromAssembly, parseDropGrant } from '../lib/drop-grant.js';
import { checkWithCdkNag } from '../lib/nag.js';
import { buildTruckYard, DEFAULT_REGION } from '../lib/truckyard.js';

const app = new App();
const context = (key: string) => {
  const v = app.node.tryGetContext(key);
  return typeof v === 'string' && v !== '' ? v : undefined;
};

/** A context flag: true, false (also the strings 'true'/'false'), or undefined when unset. */
const flag = (key: string) => {
  const v = app.node.tryGetContext(key);
  if (v === undefined || v === '') return undefined;
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  throw new Error(`Context ${key} must be true or false, got ${JSON.stringify(v)}`);
};
/** A whole-number context value, or undefined when unset. */
const count = (key: string) => {
  const v = app.node.tryGetContext(key);
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Context ${key} must be a whole number, got ${JSON.stringify(v)}`);
  return n;
};

// Context keys (cdk.json or -c key=value); docs/deploying.md explains each.
const domainName = context('domainName');
const hostedZoneId = context('hostedZoneId');
const hostedZoneName = context('hostedZoneName') ?? (hostedZoneId ? domainName?.split('.').slice(-3).join('.') : undefined);
const siteUrl = domainName ? `https://${domainName}` : context('siteUrl');
if (!siteUrl) throw new Error('Set the site origin: context "domainName" or "siteUrl" (-c siteUrl=https://…)');

buildTruckYard(app, {
  siteUrl,
  domain: domainName
    ? {
        domainName,
        certificateArn: context('certificateArn'),
        hostedZone: hostedZoneId && hostedZoneName ? { id: hostedZoneId, name: hostedZoneName } : undefined,
      }
    : undefined,
  mail: { from: context('mailFrom'), supportInbox: context('supportInbox') },
  sesDomain: context('sesDomain'),
  alarmEmail: context('alarmEmail'),
  secretsPrefix: context('secretsPrefix'),
  // Local cloud only: its loopback fixture sites (host:port,…), which the SSRF guard refuses otherwise.
  fetchAllowHosts: context('fetchAllowHosts'),
  whatsapp: context('whatsappPhoneNumberId')
    ? { phoneNumberId: context('whatsappPhoneNumberId')!, apiVersion: context('whatsappApiVersion') }
    : undefined,
  // A JSON array; from cdk.json it may also be the array itself.
  scraperSources: (() => {
    const v = app.node.tryGetContext('scraperSources');
    return Array.isArray(v) ? JSON.stringify(v) : context('scraperSources');
  })(),
  searchConcurrency: count('searchConcurrency'),
  cognitoSes: flag('cognitoSes'),
  devLogs: flag('devLogs'),
  // The DVLA and DVSA APIs (issue 27): the live government services unless set; dvsaTokenUrl is
  // required in production (it names DVSA's Entra tenant). The local cloud points them at its stand-ins.
  vehicleRecords: {
    dvlaApiUrl: context('dvlaApiUrl'),
    dvsaApiUrl: context('dvsaApiUrl'),
    dvsaTokenUrl: context('dvsaTokenUrl'),
    dvsaScope: context('dvsaScope'),
  },
  // The region is pinned (UK data in London); context `region` moves a whole deployment.
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: context('region') ?? DEFAULT_REGION },
});

// cdk-nag's AwsSolutions pack: any finding without a recorded reason fails synth.
checkWithCdkNag(app);

// Test-only (the local cloud's parity suite): remove actions from functions' policies once synthesized.
const drops = parseDropGrant(app.node.tryGetContext('dropGrant'));
if (drops.length) dropGrantsFromAssembly(app.synth(), drops);
