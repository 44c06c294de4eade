// By hand, like web/src/lib/format.ts: Intl.NumberFormat's first call is slow on a phone during hydration.
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Pence as '£1,130.05'. */
export function formatPence(pence: number): string {
  const abs = Math.abs(Math.round(pence));
  return `${pence < 0 && abs ? '-' : ''}£${grouped(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** Pence as whole pounds, rounded up (a monthly figure is never shown lower than it is): '£1,131'. */
export function formatPenceUpToPounds(pence: number): string {
  return `£${grouped(Math.ceil(pence / 100))}`;
}

/** '9.9%' */
export const formatPercent = (n: number) => `${Number(n.toFixed(2))}%`;
