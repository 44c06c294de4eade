import type { Access } from './access.js';

/**
 * Steps CloudFormation runs during a deploy, as Lambda-backed custom resources (infra:
 * constructs/deploy-data.ts); the local cloud runs the same handler on start.
 */
export interface DeployStepDef {
  id: string;
  handler: string;
  description: string;
  /** What the step's function may touch; CDK grants exactly this. */
  access: Access;
  memoryMb?: number;
  timeoutSeconds?: number;
}

export const deployDataStep: DeployStepDef = {
  id: 'DeployData',
  handler: 'deploy/deploy-data.ts',
  description: 'Deploy-time data: Stripe prices and tier items from PLANS; the first search snapshot and first screens',
  access: {
    // The tier items (written and pruned), and a full read of the listings for the snapshot.
    table: 'readWrite',
    buckets: [
      { bucket: 'private-uploads', prefixes: ['search/', 'first-screens/'], access: 'readWrite' },
      // The fair-price model the first screens' price bands come from.
      { bucket: 'private-uploads', prefixes: ['models/'], access: 'read' },
    ],
    secrets: ['stripeSecretKey'],
  },
  // As the nightly snapshot job: 100k listings read and encoded in well under 5 minutes.
  memoryMb: 1536,
  timeoutSeconds: 600,
};
