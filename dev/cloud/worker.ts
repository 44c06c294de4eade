/**
 * One function's execution environment (what a Lambda sandbox is in AWS): a worker thread with
 * the function's own environment variables (Worker `env`), its own copy of every module, and
 * the IAM guard for its role. It loads the handler module once (the cold start: the function's
 * bundle, dev/cloud/bundles.ts, or a TypeScript source in unit tests) and then runs invocations
 * sent by dev/cloud/runtime.ts. `npm start` runs it compiled to JavaScript, without tsx.
 */
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { installIamGuard } from './iam-guard.js';
import type { GuardIdentity } from './iam-policy.js';

export interface WorkerData {
  file: string;
  identity: GuardIdentity;
}

export type ToWorker = { id: number; event: unknown; context: Record<string, unknown>; deadline: number };
export type FromWorker =
  | { kind: 'ready'; initMs: number }
  | { kind: 'init-error'; error: SerializedError }
  | { id: number; kind: 'result'; result: unknown }
  | { id: number; kind: 'error'; error: SerializedError };
export type SerializedError = { name: string; message: string; stack?: string; props?: Record<string, unknown> };

export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const props: Record<string, unknown> = {};
  for (const key of ['$fault', '$metadata', 'Code', 'code', 'statusCode'])
    if (key in err) props[key] = (err as unknown as Record<string, unknown>)[key];
  return { name: err.name, message: err.message, stack: err.stack, props };
}

const port = parentPort;
if (port) {
  const data = workerData as WorkerData;
  // Lambda's Node.js honours NODE_OPTIONS from the template (the house sets --enable-source-maps);
  // a worker thread does not read it, so it is applied here.
  if (process.env.NODE_OPTIONS?.includes('--enable-source-maps')) process.setSourceMapsEnabled(true);
  installIamGuard(data.identity);
  const started = Date.now();
  let handler: (event: unknown, context: unknown) => Promise<unknown>;
  try {
    const mod = (await import(pathToFileURL(data.file).href)) as { handler?: typeof handler };
    if (typeof mod.handler !== 'function') throw new Error(`${data.file} does not export a handler function`);
    handler = mod.handler;
    port.postMessage({ kind: 'ready', initMs: Date.now() - started } satisfies FromWorker);
  } catch (err) {
    port.postMessage({ kind: 'init-error', error: serializeError(err) } satisfies FromWorker);
    throw err;
  }
  port.on('message', (msg: ToWorker) => {
    const context = { ...msg.context, getRemainingTimeInMillis: () => Math.max(0, msg.deadline - Date.now()) };
    Promise.resolve()
      .then(() => handler(msg.event, context))
      .then(
        (result) => port.postMessage({ id: msg.id, kind: 'result', result } satisfies FromWorker),
        (err: unknown) => port.postMessage({ id: msg.id, kind: 'error', error: serializeError(err) } satisfies FromWorker),
      );
  });
}
