import { App } from 'aws-cdk-lib';
import { dropGrantsFromAssembly, parseDropGrant } from '../lib/drop-grant.js';
import { checkWithCdkNag } from '../lib/nag.js';
import { buildTruckYard, DEFAULT_REGION } from '../lib/truckyard.js';

const app = new App();
const context = (key: string) => {
  const v = app.node.tryGetContext(key);
  return typeof v === 'string' && v !== '' ? v : undefined;
};

// Context keys (cdk.json or -c key=value); infra/README.md "Deploying to AWS" explains each.
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
  // The WhatsApp Cloud API sending number; without it WhatsApp alerts and codes are off (and logged).
  whatsappPhoneNumberId: context('whatsappPhoneNumberId'),
  // The region is pinned (UK data in London); context `region` moves a whole deployment.
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: context('region') ?? DEFAULT_REGION },
});

// cdk-nag's AwsSolutions pack: any finding without a recorded reason fails synth.
checkWithCdkNag(app);

// Test-only (the local cloud's parity suite): remove actions from functions' policies once synthesized.
const drops = parseDropGrant(app.node.tryGetContext('dropGrant'));
if (drops.length) dropGrantsFromAssembly(app.synth(), drops);
