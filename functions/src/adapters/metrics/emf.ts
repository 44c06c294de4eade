/**
 * CloudWatch Embedded Metric Format: one JSON line on stdout that Lambda's log agent turns into a
 * metric data point (no PutMetricData call, so no grant), and that stays a readable structured log
 * line locally. Written to stdout directly, not through console.log: with the JSON log format Lambda
 * wraps console output in its own envelope, and CloudWatch only extracts EMF from a line that is the
 * EMF object itself (Powertools' Metrics writes the same way).
 */
const METRICS_NAMESPACE = 'TruckYard';

export interface EmfLine {
  /** Metric name → value (a count of 1 for an occurrence). */
  metrics: Record<string, number>;
  /** Extra fields logged beside the metrics, not dimensions (an alarm watches the bare metric). */
  properties?: Record<string, unknown>;
  unit?: 'Count' | 'Milliseconds' | 'Seconds';
}

function emfLine({ metrics, properties = {}, unit = 'Count' }: EmfLine, now: number = Date.now()): string {
  return JSON.stringify({
    _aws: {
      Timestamp: now,
      CloudWatchMetrics: [
        { Namespace: METRICS_NAMESPACE, Dimensions: [[]], Metrics: Object.keys(metrics).map((Name) => ({ Name, Unit: unit })) },
      ],
    },
    ...properties,
    ...metrics,
  });
}

export function emitMetric(line: EmfLine, write: (text: string) => void = (text) => process.stdout.write(text)): void {
  write(`${emfLine(line)}\n`);
}
