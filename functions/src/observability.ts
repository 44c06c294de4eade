import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';
import type { Context } from 'aws-lambda';

/**
 * Powertools for AWS Lambda, one of each per execution environment. Their settings come from the
 * function's environment, which the CDK app sets (infra/lib/constructs/house-function.ts):
 * POWERTOOLS_SERVICE_NAME, POWERTOOLS_METRICS_NAMESPACE, POWERTOOLS_LOG_LEVEL, and POWERTOOLS_DEV
 * (context `devLogs`) for indented logs in a console.
 * - logger: one JSON line per entry, with the request id, the cold-start flag and the route;
 * - metrics: CloudWatch embedded metric format (EMF), written to the log and turned into metrics
 *   by CloudWatch (infra/lib/constructs/operations.ts alarms on them);
 * - tracer: X-Ray, on when the function runs in Lambda with active tracing (off elsewhere).
 */
export const logger = new Logger();
export const metrics = new Metrics();
const tracer = new Tracer();
export { MetricUnit };

export { METRIC } from './metric-names.js';

/** One metric with one extra dimension, published at once (a dimension must not leak into the invocation's other metrics). */
export function countBy(name: string, dimension: string, value: string, count = 1): void {
  const single = metrics.singleMetric();
  single.addDimension(dimension, value);
  single.addMetric(name, MetricUnit.Count, count);
}

let coldStart = true;

/**
 * Runs one invocation under the three tools: the logger's keys for it (request id, cold start,
 * route), an X-Ray subsegment named after the route, and the invocation's metrics published at
 * the end (with a ColdStart metric on the first). Every handler goes through it: httpHandler
 * (http/handler.ts) for routes, `observed` for jobs, event and queue consumers and triggers.
 */
export async function withObservability<T>(route: string, context: Context | undefined, run: () => Promise<T>): Promise<T> {
  const cold = coldStart;
  coldStart = false;
  if (context?.awsRequestId && context.functionName) logger.addContext(context);
  else logger.appendKeys({ function_request_id: context?.awsRequestId ?? 'local', cold_start: cold });
  logger.appendKeys({ route });
  if (cold) metrics.captureColdStartMetric(context?.functionName);

  const segment = tracer.isTracingEnabled() ? tracer.getSegment() : undefined;
  const subsegment = segment?.addNewSubsegment(`## ${route}`);
  if (subsegment) {
    tracer.setSegment(subsegment);
    tracer.annotateColdStart();
    tracer.putAnnotation('route', route);
  }
  try {
    return await run();
  } catch (err) {
    subsegment?.addError(err as Error);
    throw err;
  } finally {
    if (subsegment && segment) {
      subsegment.close();
      tracer.setSegment(segment);
    }
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
    logger.resetKeys();
  }
}

/**
 * Wraps a job, event, queue or trigger handler (the rows of jobs.ts, events.ts, queues.ts,
 * cognito-triggers.ts): `route` names it in logs, metrics and traces (its module). The wrapper
 * takes the handler's own parameters; Lambda passes (event, context) whatever the handler declares.
 */
export function observed<A extends unknown[], R>(route: string, handler: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return (...args: A) => withObservability(route, (args as unknown[])[1] as Context | undefined, () => handler(...args));
}
