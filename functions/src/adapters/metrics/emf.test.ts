import { describe, expect, it, vi } from 'vitest';
import { type EmfLine, emitMetric } from './emf.js';

/** The line emitMetric writes at `now`. */
function emfLine(line: EmfLine, now: number): string {
  vi.useFakeTimers({ now });
  try {
    let written = '';
    emitMetric(line, (t) => {
      written = t;
    });
    return written;
  } finally {
    vi.useRealTimers();
  }
}

describe('Embedded Metric Format lines', () => {
  it('declares each metric in the TruckYard namespace with no dimensions, beside its value and the logged fields', () => {
    // Act
    const line = JSON.parse(emfLine({ metrics: { SearchSnapshotUnavailable: 1 }, properties: { problem: 'missing' } }, 1_700_000_000_000));
    // Assess
    expect(line).toEqual({
      _aws: {
        Timestamp: 1_700_000_000_000,
        CloudWatchMetrics: [{ Namespace: 'TruckYard', Dimensions: [[]], Metrics: [{ Name: 'SearchSnapshotUnavailable', Unit: 'Count' }] }],
      },
      problem: 'missing',
      SearchSnapshotUnavailable: 1,
    });
  });

  it('writes one line per metric event', () => {
    const written: string[] = [];
    emitMetric({ metrics: { X: 2 } }, (t) => written.push(t));
    expect(written).toHaveLength(1);
    expect(written[0].endsWith('\n')).toBe(true);
    expect(written[0].split('\n')).toHaveLength(2);
  });
});
