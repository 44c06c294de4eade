/**
 * Price history (issue 26 §4): every change of a listing's asking price, kept on the listing with
 * its date, and the rules that read it — the latest cut, and "recently reduced" (a cut on one of
 * the last 14 UK calendar days, today included), shared by the search index, the cards and the
 * listing page so they always agree.
 */

/** One change of asking price. Prices are whole pounds; 0 is "price on application". */
export interface PriceChange {
  /** ISO time of the change. */
  at: string;
  from: number;
  to: number;
}

/** How many changes a listing keeps (the oldest go first); a truck's price rarely moves that often. */
const PRICE_HISTORY_MAX = 100;

/** Days a cut counts as recent: the badge on cards and the browse filter. */
const RECENTLY_REDUCED_DAYS = 14;

const known = (price: number | null | undefined): price is number => typeof price === 'number' && Number.isFinite(price) && price > 0;

/** A cut: both prices known and the new one lower (POA to a price, or back, is not a cut). */
export const isCut = (c: Pick<PriceChange, 'from' | 'to'>) => known(c.from) && known(c.to) && c.to < c.from;

/**
 * The history after a price moves from `from` to `to` at `at`; unchanged (the same array) when
 * the price did not move. Keeps the newest PRICE_HISTORY_MAX.
 */
export function withPriceChange(
  history: readonly PriceChange[] | undefined,
  from: number | null,
  to: number | null,
  at: string,
): PriceChange[] {
  const past = history ? [...history] : [];
  const a = from ?? 0;
  const b = to ?? 0;
  if (a === b) return past;
  past.push({ at, from: a, to: b });
  return past.slice(-PRICE_HISTORY_MAX);
}

/** The latest cut, or null when the price was never cut. */
export function lastCutOf(history: readonly PriceChange[] | undefined): PriceChange | null {
  if (!history) return null;
  for (let i = history.length - 1; i >= 0; i--) if (isCut(history[i])) return history[i];
  return null;
}

/** The calendar day in Europe/London as YYYY-MM-DD. */
const ukDayOf = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);

/** The instant a UK calendar day (YYYY-MM-DD) starts: midnight in London, GMT or BST. */
function ukDayStartMs(day: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // Under BST the day starts an hour before UTC midnight; under GMT at it.
  return ukDayOf(utcMidnight - 3_600_000) === day ? utcMidnight - 3_600_000 : utcMidnight;
}

/**
 * The earliest instant a cut counts as recent at `nowMs`: the start (UK time) of the day
 * RECENTLY_REDUCED_DAYS − 1 days before today in the UK, so "the last 14 days" is today and the
 * 13 UK days before it, whatever the hour and across clock changes.
 */
export function recentlyReducedSinceMs(nowMs: number): number {
  const today = ukDayOf(nowMs);
  const first = new Date(Date.parse(`${today}T12:00:00Z`) - (RECENTLY_REDUCED_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  return ukDayStartMs(first);
}

/** Whether a cut made at `atIso` still counts as recent at `nowMs`. */
export function isRecentCut(cut: Pick<PriceChange, 'at'> | null | undefined, nowMs: number): boolean {
  if (!cut) return false;
  const at = Date.parse(cut.at);
  return Number.isFinite(at) && at >= recentlyReducedSinceMs(nowMs);
}
