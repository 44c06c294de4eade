/**
 * Loads Lambda handler modules once each: paths relative to functions/src, as in
 * routes/jobs/events.ts (absolute paths are taken as they are, for test fixtures).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { REPO_ROOT } from '../config.js';

export type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;

const FUNCTIONS_SRC = path.join(REPO_ROOT, 'functions', 'src');
const cache = new Map<string, Promise<LambdaHandler>>();

/** The local cloud's functions as the synthesized app wires them (dev/cloud/runtime.ts). */
export interface HandlerRuntime {
  handlerFor(handlerPath: string): LambdaHandler;
}
let runtime: HandlerRuntime | undefined;

/**
 * With a runtime set (`npm start`, the browser tests), every handler the local cloud calls —
 * routes, pages, jobs, events, queues, Cognito triggers — runs in its function's own execution
 * environment, with the template's environment, policy and timeout. Without one (the handler
 * integration tests), handlers run in this process with its environment.
 */
export function setHandlerRuntime(next: HandlerRuntime | undefined): void {
  runtime = next;
  cache.clear();
}

export function loadHandler(handlerPath: string): Promise<LambdaHandler> {
  if (runtime) {
    const rt = runtime;
    return Promise.resolve().then(() => rt.handlerFor(handlerPath));
  }
  let loaded = cache.get(handlerPath);
  if (!loaded) {
    const file = path.isAbsolute(handlerPath) ? handlerPath : path.join(FUNCTIONS_SRC, handlerPath);
    loaded = import(pathToFileURL(file).href).then((mod: { handler?: unknown }) => {
      if (typeof mod.handler !== 'function') throw new Error(`functions/src/${handlerPath} does not export a handler function`);
      return mod.handler as LambdaHandler;
    });
    // A failed import (syntax error while editing) is retried on the next request.
    loaded.catch(() => cache.delete(handlerPath));
    cache.set(handlerPath, loaded);
  }
  return loaded;
}

/**
 * Whether handlers run in their functions' own environments (a runtime is set): the runtime then
 * applies each function's timeout from the invocation's start, after the environment's init, as
 * Lambda does, so a caller must not time the cold start as well.
 */
export function handlersHaveOwnEnvironments(): boolean {
  return runtime !== undefined;
}

/** Forgets loaded handlers (hot reload): the next call imports them again. */
export function clearHandlerCache(): void {
  cache.clear();
}
