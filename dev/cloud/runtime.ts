/**
 * Runs the synthesized app's functions locally, each in its own execution environment (a worker
 * thread, dev/cloud/worker.ts) started on its first invocation (a cold start) and kept warm:
 * - environment: the template's variables, resolved to the local stand-ins, plus the transport
 *   variables of TRANSPORT_VARIABLES (where calls go, never whether a check runs);
 * - permissions: the role's statements, checked on every SDK call (dev/cloud/iam-guard.ts);
 * - timeout: the template's; an invocation that outlives it fails with Lambda's message and its
 *   environment is thrown away, as Lambda does;
 * - memory: the template's MemorySize caps the worker's heap.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Context } from 'aws-lambda';
import { REPO_ROOT } from '../config.js';
import type { FunctionCode } from './bundles.js';
import type { FunctionSpec } from './model.js';
import type { FromWorker, SerializedError, WorkerData } from './worker.js';

const FUNCTIONS_SRC = path.join(REPO_ROOT, 'functions', 'src');
const WORKER_FILE = path.join(REPO_ROOT, 'dev', 'cloud', 'worker.ts');

/**
 * The only variables the local cloud adds to a function's template environment: the ones
 * Lambda's runtime itself sets, and where calls go (endpoints, mail transport, the local Stripe
 * and WhatsApp stand-ins, the browser's Cognito endpoint). docs/local-cloud.md lists them.
 */
const TRANSPORT_VARIABLES = [
  'AWS_REGION',
  'AWS_DEFAULT_REGION',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_LAMBDA_FUNCTION_NAME',
  'AWS_LAMBDA_FUNCTION_MEMORY_SIZE',
  'AWS_LAMBDA_FUNCTION_VERSION',
  'AWS_ENDPOINT_URL_DYNAMODB',
  'AWS_ENDPOINT_URL_S3',
  'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER',
  'AWS_ENDPOINT_URL_EVENTBRIDGE',
  'AWS_ENDPOINT_URL_SQS',
  'AWS_ENDPOINT_URL_SSM',
  'S3_FORCE_PATH_STYLE',
  'S3_PUBLIC_ENDPOINT',
  'AWS_REQUEST_CHECKSUM_CALCULATION',
  'AWS_RESPONSE_CHECKSUM_VALIDATION',
  'COGNITO_PUBLIC_ENDPOINT',
  'MAIL_TRANSPORT',
  'SMTP_HOST',
  'SMTP_PORT',
  'STRIPE_API_URL',
  'WHATSAPP_API_URL',
] as const;
type TransportVariable = (typeof TRANSPORT_VARIABLES)[number];

class LambdaTimeoutError extends Error {
  constructor(seconds: number, scale = 1) {
    // Lambda's message, with the template's timeout; a scaled one says what it waited.
    super(
      `Task timed out after ${seconds.toFixed(2)} seconds${scale === 1 ? '' : ` (×${scale} LAMBDA_TIMEOUT_SCALE: ${(seconds * scale).toFixed(2)} s)`}`,
    );
    this.name = 'LambdaTimeout';
  }
}

function deserializeError(e: SerializedError): Error {
  const err = new Error(e.message);
  err.name = e.name;
  if (e.stack) err.stack = e.stack;
  Object.assign(err, e.props ?? {});
  return err;
}

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

class Environment {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  readonly pending = new Map<number, Pending>();
  dead = false;
  initMs = 0;

  constructor(
    readonly spec: FunctionSpec,
    env: Record<string, string>,
    code: FunctionCode | undefined,
    private readonly onExit: (e: Environment) => void,
  ) {
    const data: WorkerData = {
      file: code ? code.fileFor(spec.handler ?? '') : path.join(FUNCTIONS_SRC, spec.handler ?? ''),
      identity: {
        roleArn: spec.roleArn,
        functionName: spec.logicalId,
        region: env.AWS_REGION ?? 'eu-west-2',
        statements: spec.policyStatements,
      },
    };
    this.worker = new Worker(code ? code.workerFile : WORKER_FILE, {
      workerData: data,
      env,
      // Bundled code runs as Lambda runs it: plain JavaScript, without the TypeScript loader.
      ...(code ? { execArgv: [] } : {}),
      // The function's memory caps its heap (Lambda's MemorySize is the whole sandbox: a little less is left to the heap).
      resourceLimits: { maxOldGenerationSizeMb: Math.max(128, Math.floor(spec.memoryMb * 0.9)) },
      name: spec.logicalId,
    });
    this.worker.unref();
    this.ready = new Promise((resolve, reject) => {
      const onMessage = (msg: FromWorker) => {
        if (msg.kind === 'ready') {
          this.initMs = msg.initMs;
          resolve();
        } else if (msg.kind === 'init-error') reject(deserializeError(msg.error));
        else if ('id' in msg) {
          const p = this.pending.get(msg.id);
          if (!p) return;
          this.pending.delete(msg.id);
          clearTimeout(p.timer);
          if (msg.kind === 'result') p.resolve(msg.result);
          else p.reject(deserializeError(msg.error));
        }
      };
      this.worker.on('message', onMessage);
      this.worker.on('error', (err) => {
        reject(err);
        this.fail(err);
      });
      this.worker.on('exit', (code) => {
        reject(new Error(`${spec.logicalId}: the execution environment exited (code ${code}) before it was ready`));
        this.fail(new Error(`${spec.logicalId}: the execution environment exited (code ${code})`));
      });
    });
    this.ready.catch(() => undefined);
  }

  private fail(err: Error) {
    if (this.dead) return;
    this.dead = true;
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    this.pending.clear();
    this.onExit(this);
  }

  kill(err: Error) {
    this.fail(err);
    void this.worker.terminate();
  }
}

export interface InvokeOptions {
  /** Lambda's context fields (awsRequestId, functionName…); the runtime fills what is missing. */
  context?: Partial<Context>;
}

export interface FunctionRuntimeOptions {
  functions: FunctionSpec[];
  /** Values of TRANSPORT_VARIABLES (others are refused: they would hide a missing template variable). */
  transport: Partial<Record<TransportVariable, string>>;
  /** LAMBDA_TIMEOUTS=off while stepping through a handler in a debugger. */
  timeouts?: boolean;
  /**
   * LAMBDA_TIMEOUT_SCALE (default 1): each invocation gets its template timeout times this. In
   * Lambda every environment has its own share of a CPU; here they share the machine's cores
   * with each other and, under `npm test`, with every other tier, so a 10 s page can spend most
   * of its 10 s waiting for a core. The browser tests' product sets it (docs/local-cloud.md).
   */
  timeoutScale?: number;
  /**
   * The functions' bundles (dev/cloud/bundles.ts), as Lambda runs them. Without it, each worker
   * loads the TypeScript sources through tsx (the unit tests' small fixture handlers).
   */
  code?: FunctionCode;
  log?: (msg: string) => void;
}

export class FunctionRuntime {
  private readonly byHandler = new Map<string, FunctionSpec>();
  private readonly envs = new Map<string, Environment>();
  private nextId = 1;
  readonly coldStarts = new Map<string, number>();

  constructor(private readonly opts: FunctionRuntimeOptions) {
    for (const key of Object.keys(opts.transport)) {
      if (!(TRANSPORT_VARIABLES as readonly string[]).includes(key))
        throw new Error(`${key} is not a transport variable (dev/cloud/runtime.ts)`);
    }
    for (const spec of opts.functions) if (spec.handler) this.byHandler.set(spec.handler, spec);
  }

  get functions(): FunctionSpec[] {
    return this.opts.functions;
  }

  /** The function of the synthesized app that runs `handler` (a rows' handler path). */
  specFor(handler: string): FunctionSpec {
    const spec = this.byHandler.get(handler);
    if (!spec) throw new Error(`No function of the synthesized app runs functions/src/${handler}`);
    return spec;
  }

  environmentOf(spec: FunctionSpec): Record<string, string> {
    return {
      ...spec.environment,
      ...this.opts.transport,
      AWS_LAMBDA_FUNCTION_NAME: spec.logicalId,
      AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(spec.memoryMb),
      AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    } as Record<string, string>;
  }

  private environment(spec: FunctionSpec): Environment {
    let env = this.envs.get(spec.logicalId);
    if (!env || env.dead) {
      env = new Environment(spec, this.environmentOf(spec), this.opts.code, (e) => {
        if (this.envs.get(spec.logicalId) === e) this.envs.delete(spec.logicalId);
      });
      this.envs.set(spec.logicalId, env);
      this.coldStarts.set(spec.logicalId, (this.coldStarts.get(spec.logicalId) ?? 0) + 1);
    }
    return env;
  }

  /** Invokes the function that runs `handler` with `event`, as Lambda would. */
  async invoke(handler: string, event: unknown, options: InvokeOptions = {}): Promise<unknown> {
    const spec = this.specFor(handler);
    await this.opts.code?.ready;
    const env = this.environment(spec);
    await env.ready;
    const id = this.nextId++;
    const timeoutMs = spec.timeoutSeconds * 1000 * (this.opts.timeoutScale ?? 1);
    const deadline = Date.now() + timeoutMs;
    const context = {
      callbackWaitsForEmptyEventLoop: true,
      functionName: spec.logicalId,
      functionVersion: '$LATEST',
      invokedFunctionArn: `arn:aws:lambda:eu-west-2:000000000000:function:${spec.logicalId}`,
      memoryLimitInMB: String(spec.memoryMb),
      awsRequestId: randomUUID(),
      logGroupName: `/aws/lambda/${spec.logicalId}`,
      logStreamName: 'local',
      ...Object.fromEntries(Object.entries(options.context ?? {}).filter(([, v]) => typeof v !== 'function')),
    };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => {
          if (this.opts.timeouts === false) return;
          const err = new LambdaTimeoutError(spec.timeoutSeconds, this.opts.timeoutScale);
          this.opts.log?.(`[lambda] ${spec.logicalId}: ${err.message}; its environment is discarded (LAMBDA_TIMEOUTS=off to debug)`);
          env.pending.delete(id);
          reject(err);
          env.kill(err);
        },
        this.opts.timeouts === false ? 2 ** 31 - 1 : timeoutMs,
      );
      env.pending.set(id, { resolve, reject, timer });
      env.worker.postMessage({ id, event, context, deadline });
    });
  }

  /**
   * Starts every function's environment ahead of its first invocation (Lambda's provisioned
   * concurrency), `parallel` at a time; resolves when all are ready. The browser tests ask for it
   * (PREWARM=all): a cold start here costs seconds of CPU, which a test's wait should not include.
   */
  async warmAll(parallel = 3): Promise<{ warmed: number; failed: string[] }> {
    const queue = this.opts.functions.filter((f) => f.handler);
    await this.opts.code?.ready;
    const failed: string[] = [];
    let warmed = 0;
    const worker = async () => {
      for (let spec = queue.shift(); spec; spec = queue.shift()) {
        try {
          await this.environment(spec).ready;
          warmed++;
        } catch (err) {
          failed.push(`${spec.logicalId}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    return { warmed, failed };
  }

  /** A Lambda-style handler that invokes the function running `handler`. */
  handlerFor(handler: string) {
    this.specFor(handler);
    return (event: unknown, context?: Partial<Context>) => this.invoke(handler, event, { context });
  }

  /** Discards every warm environment (hot reload: the next invocation is a cold start with the new code). */
  async reset(): Promise<void> {
    const envs = [...this.envs.values()];
    this.envs.clear();
    await Promise.all(envs.map((e) => e.worker.terminate()));
  }

  async close(): Promise<void> {
    await this.reset();
  }

  /** GET /_dev/functions: one entry per function the local cloud runs. */
  describe() {
    return this.opts.functions
      .filter((f) => f.handler)
      .map((f) => ({
        logicalId: f.logicalId,
        stack: f.stack,
        handler: f.handler,
        environment: Object.keys(f.environment).sort(),
        policyStatements: f.policyStatements.length,
        timeoutSeconds: f.timeoutSeconds,
        memoryMb: f.memoryMb,
        architecture: f.architecture,
        warm: this.envs.has(f.logicalId),
        coldStarts: this.coldStarts.get(f.logicalId) ?? 0,
      }));
  }
}

/** LAMBDA_TIMEOUT_SCALE: unset is 1; otherwise a number from 1 to 10 (a typo must not pass silently). */
export function timeoutScaleOf(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale < 1 || scale > 10)
    throw new Error(`LAMBDA_TIMEOUT_SCALE must be a number from 1 to 10, not ${JSON.stringify(value)}`);
  return scale;
}
