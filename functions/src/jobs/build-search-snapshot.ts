import { searchSnapshotBuilder } from '../deps.js';

/** Scheduled (jobs.ts BuildSearchSnapshot): the search snapshot rebuilt from the whole table. */
export const handler = async (): Promise<{ listings: number }> => {
  const builder = searchSnapshotBuilder();
  await builder.full();
  return { listings: builder.size };
};
