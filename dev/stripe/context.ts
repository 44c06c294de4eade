/**
 * What every part of the local Stripe stand-in shares: its state (kept in a JSON file when asked),
 * the clock, id making, and the HTTP answers in Stripe's shapes. The parts are split by resource:
 * catalog.ts (customers, products, prices), checkout.ts (Checkout Sessions and their hosted page),
 * subscriptions.ts (subscriptions, invoices, the customer portal), refunds.ts, webhooks.ts (events
 * and their signed deliveries) and pages.ts (the hosted pages' layout and overview); stand-in.ts
 * puts them together.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import { type FormObject, obj } from './form.js';

export type Json = Record<string, unknown>;

interface State {
  customers: Record<string, Json>;
  products: Record<string, Json>;
  prices: Record<string, Json>;
  sessions: Record<string, Json>;
  portals: Record<string, Json>;
  subscriptions: Record<string, Json>;
  invoices: Record<string, Json>;
  refunds: Record<string, Json>;
  events: Json[];
  idempotency: Record<string, string>;
}

export interface StripeStandInOptions {
  /** The secret key the SDK must present (Authorization: Bearer …). */
  secretKey: string;
  /** Signs webhook deliveries. */
  webhookSecret: string;
  /** Our webhook endpoint; deliveries are skipped while unset. */
  webhookUrl?: string;
  /** Keep state here between restarts; in memory only when omitted. */
  stateFile?: string;
  /** Delays between delivery attempts (ms); Stripe retries for days, this for seconds. */
  retryDelaysMs?: number[];
  /** Wait before the first delivery attempt of every event (ms); 20 when omitted. */
  webhookDelayMs?: number;
  log?: (msg: string) => void;
  now?: () => Date;
}

/** One API request, parsed: the path's parts after /v1/ and the form (query for GET and DELETE). */
export interface ApiRequest {
  method: string;
  parts: string[];
  params: FormObject;
  url: URL;
  origin: string;
  res: http.ServerResponse;
  /** The object an earlier POST with the same Idempotency-Key made, if any. */
  earlier?: string;
  /** Remembers the object this POST made under its Idempotency-Key. */
  remember(objectId: string): void;
}

export interface Context {
  opts: StripeStandInOptions;
  state: State;
  /** Seconds since the epoch, as Stripe's timestamps. */
  now(): number;
  /** Writes the state file soon (when there is one). */
  save(): void;
  log(msg: string): void;
}

export const PERIOD_SECONDS = 30 * 24 * 3600;
export const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

const emptyState = (): State => ({
  customers: {},
  products: {},
  prices: {},
  sessions: {},
  portals: {},
  subscriptions: {},
  invoices: {},
  refunds: {},
  events: [],
  idempotency: {},
});

export function createContext(opts: StripeStandInOptions): Context {
  let state: State = emptyState();
  if (opts.stateFile) {
    try {
      state = { ...emptyState(), ...(JSON.parse(readFileSync(opts.stateFile, 'utf8')) as State) };
    } catch {
      /* first start */
    }
  }
  let saveTimer: NodeJS.Timeout | undefined;
  return {
    opts,
    state,
    now: () => Math.floor((opts.now?.() ?? new Date()).getTime() / 1000),
    log: opts.log ?? (() => undefined),
    save() {
      if (!opts.stateFile || saveTimer) return;
      const file = opts.stateFile;
      saveTimer = setTimeout(() => {
        saveTimer = undefined;
        writeFileSync(file, JSON.stringify(state));
      }, 50);
      saveTimer.unref?.();
    },
  };
}

export function stripeError(res: http.ServerResponse, status: number, message: string, type = 'invalid_request_error', param?: string) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify({ error: { type, message, ...(param ? { param } : {}) } }));
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
}

export function sendHtml(res: http.ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

export function redirect(res: http.ServerResponse, location: string) {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
}

/** 404 in Stripe's words for an unknown object. */
export const missing = (res: http.ServerResponse, what: string, which: string) =>
  stripeError(res, 404, `No such ${what}: '${which}'`, 'invalid_request_error', 'id');

export function listOf<T extends Json>(items: T[], url: string, limit = 10) {
  return { object: 'list', data: items.slice(0, limit), has_more: items.length > limit, url };
}

export const esc = (s: unknown) =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export const metadataOf = (v: FormObject | undefined) => Object.fromEntries(Object.entries(obj(v)).map(([k, val]) => [k, String(val)]));

export const money = (pence: unknown) => `£${(Number(pence ?? 0) / 100).toFixed(2)}`;
export const date = (epoch: unknown) => new Date(Number(epoch) * 1000).toLocaleDateString('en-GB', { dateStyle: 'long' });

/** The request was answered (wraps the answer so a route can `return done(sendJson(…))`). */
export const done = (_answered: unknown) => true;

/** A hosted page's request, parsed: /_dev/stripe/<kind>/<objectId>/<action>. */
export interface PageRequest {
  method: string;
  kind?: string;
  objectId?: string;
  action?: string;
  form: FormObject;
  url: URL;
  req: http.IncomingMessage;
  res: http.ServerResponse;
}
