import type { Context } from 'aws-lambda';
import { type HttpEvent, type HttpResult, json } from '../handler.js';

type Handler = (event: HttpEvent, context: Context) => Promise<HttpResult>;

/**
 * Dispatches on API Gateway's route key ("METHOD /path/{param}") to the operation's own handler.
 * A HEAD route (routes.ts derives one per GET row) goes to its GET's handler, whose wrapper
 * (http/handler.ts) drops the body.
 */
export function routeTo(table: Record<string, Handler>): Handler {
  return async (event, context) => {
    const target =
      table[event.routeKey] ?? (event.routeKey.startsWith('HEAD ') ? table[event.routeKey.replace(/^HEAD /, 'GET ')] : undefined);
    if (!target) return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    return target(event, context);
  };
}
