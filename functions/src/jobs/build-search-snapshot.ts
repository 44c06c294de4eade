import { searchSnapshotBuilder } from '../deps.js';
import { observed } from '../observability.js';

/** Scheduled (jobs.ts BuildSearchSnapshot): the search snapshot rebuilt from the whole table. */
const run = async (): Promise<{ listings: number }> => {
  const builder = searchSnapshotBuilder();
  await builder.full();
  return { listings: builder.size };
};

export const handler = observed('jobs/build-search-snapshot', run);
