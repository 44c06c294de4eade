/** A listing absent from this many consecutive successful runs of its source becomes inactive. */
export const ABSENT_RUNS_BEFORE_INACTIVE = 3;

/**
 * Which active listings of a source to make inactive after a successful run: those seen by none
 * of the latest 3 successful runs (newest first). Failed and robots-blocked runs are not passed
 * in, so they never count. With fewer than 3 successful runs nothing is deactivated.
 */
export function listingsToDeactivate(
  activeExternalIds: Iterable<string>,
  seenByRecentSuccessfulRuns: ReadonlyArray<ReadonlySet<string>>,
): string[] {
  if (seenByRecentSuccessfulRuns.length < ABSENT_RUNS_BEFORE_INACTIVE) return [];
  const recent = seenByRecentSuccessfulRuns.slice(0, ABSENT_RUNS_BEFORE_INACTIVE);
  return [...activeExternalIds].filter((id) => !recent.some((seen) => seen.has(id)));
}
