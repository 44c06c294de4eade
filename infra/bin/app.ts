import { App } from 'aws-cdk-lib';
import { buildTruckYard } from '../lib/truckyard.js';

const app = new App();
const siteUrl = app.node.tryGetContext('siteUrl');
if (typeof siteUrl !== 'string' || siteUrl === '')
  throw new Error('Set the site origin: cdk.json context "siteUrl" or -c siteUrl=https://…');

buildTruckYard(app, {
  siteUrl,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
