import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { PLANS } from '../../../shared/constants.js';
import { ddb } from '../adapters/dynamodb/client.js';
import { replaceTiers } from '../adapters/dynamodb/tiers-repo.js';
import { ensurePlanCatalog } from '../adapters/stripe/catalog.js';
import { stripeClient } from '../adapters/stripe/stripe-gateway.js';
import { config } from '../config.js';
import { newSearchSnapshotBuilder } from '../deps.js';
import { originOf } from '../../../shared/media-url.js';
import { runDataMigrations } from './data-migrations.js';
import { type DeployDataProperties, deployDataProperties } from './deploy-data-version.js';

/** The resource's one physical id: Update never replaces it, so CloudFormation never sends a Delete for a replaced copy. */
export const DEPLOY_DATA_RESOURCE_ID = 'TruckYardDeployData';

const log = (message: string, fields: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ level: 'INFO', message, step: 'DeployData', ...fields }));

/** Stripe's products and prices, then the tier items the plan picker lists (with the price checkout uses). */
async function publishPlans(tableName: string) {
  const priceIds = await ensurePlanCatalog(await stripeClient(), (m) => log(m));
  const tiers = PLANS.map((p) => ({
    id: p.id,
    name: p.name,
    priceAmount: p.priceAmount,
    alertFrequency: p.alertFrequency,
    stripePriceId: priceIds[p.id],
  }));
  const { removed } = await replaceTiers(ddb, tableName, tiers);
  return { tiers: tiers.length, removedTiers: removed };
}

/** A full build from the table: the snapshot search loads (it serves nothing without one) and the page function's first screens. */
async function writeSearchSnapshot(tableName: string) {
  const builder = newSearchSnapshotBuilder(tableName);
  await builder.full();
  return { listings: builder.size };
}

/**
 * The deploy step (issue 22 §2, "Deploy-time data"): the onEvent handler of the DeployData custom
 * resource (infra/lib/constructs/deploy-data.ts), run by CloudFormation on create and whenever its
 * properties change (deploy-data-version.ts); the local cloud runs it with a Create event on every
 * start (runDeployDataLocally below).
 * - Create: every part.
 * - Update: the plans when PLANS changed; the search snapshot when a format changed; the data
 *   migrations (data-migrations.ts) when their list changed.
 * - Delete: nothing (the data outlives the stack's resource; the table and bucket are retained).
 * Every part is idempotent (Stripe lookup keys, whole-item puts, a full rebuild), so a retried or
 * repeated run is harmless. A failure fails the deployment, which then rolls back.
 */
export const handler = async (event: CloudFormationCustomResourceEvent) => {
  if (event.RequestType === 'Delete') return { PhysicalResourceId: event.PhysicalResourceId };
  const props = event.ResourceProperties as unknown as DeployDataProperties;
  const old = event.RequestType === 'Update' ? (event.OldResourceProperties as unknown as Partial<DeployDataProperties>) : undefined;
  const tableName = config.tableName;
  const plans = !old || old.plansHash !== props.plansHash ? await publishPlans(tableName) : null;
  const search = !old || old.searchFormat !== props.searchFormat ? await writeSearchSnapshot(tableName) : null;
  const migrations =
    !old || old.dataMigrations !== props.dataMigrations ? await runDataMigrations(ddb, tableName, originOf(config.siteUrl)) : null;
  log('deploy data written', { requestType: event.RequestType, plans, search, migrations });
  return {
    PhysicalResourceId: DEPLOY_DATA_RESOURCE_ID,
    Data: { tiers: String(plans?.tiers ?? 0), listings: String(search?.listings ?? 0) },
  };
};

/** The Create event CloudFormation sends on a stack's first deploy, with the current properties. */
export function deployDataCreateEvent(): CloudFormationCustomResourceEvent {
  return {
    RequestType: 'Create',
    ServiceToken: 'local',
    ResponseURL: 'http://localhost/unused',
    StackId: 'local',
    RequestId: `local-${Date.now()}`,
    LogicalResourceId: 'DeployData',
    ResourceType: 'Custom::DeployData',
    ResourceProperties: { ServiceToken: 'local', ...deployDataProperties() },
  };
}

/**
 * The local cloud's run of the deploy step, as a first deploy would run it: call once the table,
 * bucket and Stripe stand-in are up and the demo data is seeded (its listings go into the snapshot).
 */
export function runDeployDataLocally() {
  return handler(deployDataCreateEvent());
}
