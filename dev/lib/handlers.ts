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

export function loadHandler(handlerPath: string): Promise<LambdaHandler> {
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

/** Forgets loaded handlers (hot reload): the next call imports them again. */
export function clearHandlerCache(): void {
  cache.clear();
}
