import { searchSnapshotBuilder } from '../deps.js';

/**
 * listing.created / updated / deleted → the search snapshot catches up within a minute
 * (debounced in snapshot-builder.ts). The event's time has whole seconds: the change may be up
 * to a second later than it says.
 */
export const handler = async (event: { time?: string }): Promise<{ result: string }> => {
  const at = (Date.parse(event.time ?? '') || Date.now()) + 1000;
  return { result: await searchSnapshotBuilder().changed(at) };
};
