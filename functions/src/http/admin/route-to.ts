import type { Context } from 'aws-lambda';
import { type HttpEvent, type HttpResult, json } from '../handler.js';

type Handler = (event: HttpEvent, context: Context) => Promise<HttpResult>;

/** Dispatches on API Gateway's route key ("METHOD /path/{param}") to the operation's own handler. */
export function routeTo(table: Record<string, Handler>): Handler {
  return async (event, context) => {
    const target = table[event.routeKey];
    if (!target) return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    return target(event, context);
  };
}
