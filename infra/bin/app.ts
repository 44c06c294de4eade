import { App } from 'aws-cdk-lib';
import { buildTruckYard } from '../lib/truckyard.js';

const app = new App();
const context = (key: string) => {
  const v = app.node.tryGetContext(key);
  return typeof v === 'string' && v !== '' ? v : undefined;
};
const siteUrl = context('siteUrl');
if (!siteUrl) throw new Error('Set the site origin: cdk.json context "siteUrl" or -c siteUrl=https://…');

buildTruckYard(app, {
  siteUrl,
  mail: { from: context('mailFrom'), supportInbox: context('supportInbox') },
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
