import { createHash } from 'node:crypto';
import { PLANS } from '../../../shared/constants.js';
import { FIRST_SCREENS_FORMAT } from '../domain/search/first-screens.js';
import { SNAPSHOT_FORMAT } from '../domain/search/snapshot.js';
import { DATA_MIGRATIONS } from './data-migrations.js';

/**
 * The deploy step's resource properties (infra: the DeployData custom resource). CloudFormation
 * runs the step again only when a property changes, so they are exactly what its output depends
 * on: the plans (Stripe prices and tier items), the formats of the search snapshot and the
 * first screens written beside it, and the list of data migrations.
 */
export interface DeployDataProperties {
  /** sha256 of PLANS (shared/constants.ts), 16 hex digits. */
  plansHash: string;
  /** `<snapshot format>.<first-screens format>`. */
  searchFormat: string;
  /** The one-off data migrations (data-migrations.ts), comma-separated: a new one runs them again. */
  dataMigrations: string;
}

export function deployDataProperties(): DeployDataProperties {
  return {
    plansHash: createHash('sha256').update(JSON.stringify(PLANS)).digest('hex').slice(0, 16),
    searchFormat: `${SNAPSHOT_FORMAT}.${FIRST_SCREENS_FORMAT}`,
    dataMigrations: DATA_MIGRATIONS.join(','),
  };
}
