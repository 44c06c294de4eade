/**
 * The single DynamoDB table, described once as data: CDK (infra/lib/data-stack.ts) and the
 * local bootstrap (dev/) both build it from this. See docs/data-model.md for the access patterns.
 */
export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;

export interface GsiDef {
  indexName: string;
  partitionKey: string;
  sortKey: string;
}

export const GSIS: GsiDef[] = [
  // gsi1: by owner / by source+external id / by seller / by customer id
  { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  // gsi2: by status or type, newest first (active listings, active scraped, profiles, media…)
  { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  // gsi3: change feed (listings and scraped listings by updatedAt) for the search index
  { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
];

/** Attribute holding the epoch-seconds expiry of items with a TTL (rate-limit counters, tombstones, webhook ids). */
export const TTL_ATTRIBUTE = 'expiresAt';

export const TABLE_NAME_DEFAULT = 'TruckYard';
