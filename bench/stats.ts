/**
 * The one definition of a percentile for every bench, and how a tail is printed.
 *
 * Percentiles are nearest rank: the p-th percentile of n samples is the ⌈p/100 × n⌉-th smallest.
 * A p99 is printed only over at least 1,000 samples (so it is the 10th-slowest answer or beyond,
 * not the one slowest); over fewer, the maximum is printed, labelled as such.
 */
import os from 'node:os';

/** Fewest samples over which a p99 is printed. */
export const MIN_SAMPLES_FOR_P99 = 1_000;

/** The p-th percentile (nearest rank) of the samples, in any order; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1];
}

/** The median (nearest rank: the lower middle of an even count). */
export const median = (samples: readonly number[]) => percentile(samples, 50);

/** The tail of a sample set: its p99 when there are enough samples, else its maximum. */
export interface Tail {
  /** 'p99', or 'max' when fewer than MIN_SAMPLES_FOR_P99 samples. */
  kind: 'p99' | 'max';
  value: number;
  n: number;
}

export function tail(samples: readonly number[]): Tail {
  if (samples.length >= MIN_SAMPLES_FOR_P99) return { kind: 'p99', value: percentile(samples, 99), n: samples.length };
  return { kind: 'max', value: samples.length ? Math.max(...samples) : Number.NaN, n: samples.length };
}

/** "p99 12.3 ms" or "max 12.3 ms (n = 400, too few for a p99)". */
export function tailText(t: Tail, digits = 1, unit = 'ms'): string {
  return t.kind === 'p99'
    ? `p99 ${t.value.toFixed(digits)} ${unit}`
    : `max ${t.value.toFixed(digits)} ${unit} (n = ${t.n}, too few for a p99)`;
}

/** p50 and the tail, as text: "p50 3.1 ms, p99 12.3 ms (n = 1200)". */
export function summaryText(samples: readonly number[], digits = 1, unit = 'ms'): string {
  const t = tail(samples);
  return `p50 ${percentile(samples, 50).toFixed(digits)} ${unit}, ${tailText(t, digits, unit)}${t.kind === 'p99' ? ` (n = ${t.n})` : ''}`;
}

/** PASS or FAIL against a target. */
export const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/** The machine's 1-minute load average now, and its CPU count: printed beside every figure (the machine is shared). */
export function loadText(): string {
  return `load ${os.loadavg()[0].toFixed(1)}/${os.cpus().length} CPUs`;
}

/** Today's date and the time (UTC), for dating a figure. */
export const stamp = () => `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
