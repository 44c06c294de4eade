import { type AlertFrequency, type WhatsAppProblem, groupThousands } from '../../../../shared/schemas/alerts.js';
import type { Listing } from '../../../../shared/schemas/listing.js';
import type { Mailer } from '../mail/mailer.js';
import { type AlertKind, type AlertMatch, MAX_LISTINGS_PER_EMAIL, renderAlertEmail } from './alert-email.js';
import {
  type Criteria,
  browseUrlFor,
  compileCriteria,
  createMatchIndex,
  locateListing,
  matchReasons,
  matchesCriteria,
} from './matching.js';
import type { AlertSchedule, AlertsStore } from './ports.js';
import { sendsWhatsApp } from './schedule.js';
import { signUnsubscribeToken } from './unsubscribe-token.js';

/** WhatsApp Cloud API template messages (adapters/whatsapp). */
export interface WhatsAppSender {
  sendTemplate(to: string, template: string, parameters: string[]): Promise<void>;
}

export interface AlertDeps {
  store: AlertsStore;
  mailer: Mailer;
  whatsapp: WhatsAppSender | null;
  siteUrl: string;
  unsubscribeKey: () => Promise<string>;
  /** The e-mail suppression list (bounces, complaints). */
  isSuppressed: (email: string) => Promise<boolean>;
  now: () => Date;
  log: (message: string, detail?: unknown) => void;
  /** A structured log line carrying a metric (CloudWatch EMF in AWS, adapters/metrics/emf.ts). */
  metric: (name: string, properties: Record<string, unknown>) => void;
}

/**
 * The metric an alarm watches (namespace TruckYard, no dimensions): 1 each time a WhatsApp alert
 * could not be sent, because the sender is not configured (no WHATSAPP_PHONE_NUMBER_ID or no token
 * secret) or the send failed. docs/alerts-and-payments.md.
 */
export const WHATSAPP_ALERT_NOT_SENT_METRIC = 'WhatsAppAlertNotSent';

/** What one alert message reached. */
interface AlertDelivery {
  /** An e-mail went: the usual one, or the fallback for a subscriber who turned e-mail off. */
  email: 'sent' | 'fallback' | 'none';
  whatsapp: 'sent' | 'failed' | 'off';
}

/** Floods: more than this many instant alerts within the window go out as one message. */
const FLOOD_LIMIT = 3;
const FLOOD_WINDOW_MS = 10 * 60_000;
const WHATSAPP_TEMPLATE = 'truck_alert';

const criteriaCache = new Map<string, { at: string; criteria: Criteria }>();
/** Compiled once per preference version (resolving a place is the slow part). */
function criteriaFor(s: AlertSchedule): Criteria {
  const hit = criteriaCache.get(s.userId);
  if (hit && hit.at === s.preferences.updatedAt) return hit.criteria;
  const criteria = compileCriteria(s.preferences);
  if (criteriaCache.size > 200_000) criteriaCache.clear();
  criteriaCache.set(s.userId, { at: s.preferences.updatedAt, criteria });
  return criteria;
}

/** Whether a schedule should get anything now: paid, not unsubscribed or paused, a channel on. */
const receivesAlerts = (s: AlertSchedule | null): s is AlertSchedule =>
  Boolean(s?.paid && s.isActive && (s.emailEnabled || sendsWhatsApp(s)));

/**
 * The schedules whose preferences match at least one of `candidates`, found through a by-make
 * index of their compiled criteria (npm run bench: testing 100k schedules one by one through
 * matchesFor, reasons and all, took ~95 ms a listing; the index, ~2 ms). Reasons are then built
 * only for the schedules that matched.
 */
export function schedulesMatching(schedules: AlertSchedule[], candidates: ReturnType<typeof locateListing>[]): AlertSchedule[] {
  const index = createMatchIndex(schedules.map((s) => ({ key: s, criteria: criteriaFor(s) })));
  if (candidates.length === 1) return index.match(candidates[0]);
  const hit = new Set<AlertSchedule>();
  for (const c of candidates) for (const s of index.match(c)) hit.add(s);
  return schedules.filter((s) => hit.has(s));
}

/** The listings of `candidates` that match a schedule's preferences, with why. */
export function matchesFor(
  s: AlertSchedule,
  candidates: ReturnType<typeof locateListing>[],
  limit = Number.POSITIVE_INFINITY,
): AlertMatch[] {
  const criteria = criteriaFor(s);
  const out: AlertMatch[] = [];
  for (const c of candidates) {
    if (!matchesCriteria(criteria, c)) continue;
    // Reasons only for the listings an e-mail shows; the rest only count towards "and N more".
    const reasons = out.length < limit ? (matchReasons(criteria, c) as string[]) : [];
    out.push({ listing: c.listing, reasons });
  }
  return out;
}

const priceText = (l: Listing) => (l.price ? `£${groupThousands(l.price)}${l.vatStatus === 'plus_vat' ? ' +VAT' : ''}` : 'POA');

/**
 * Sends one alert message: WhatsApp when the subscriber opted in and verified the number, then the
 * e-mail (RFC 8058 headers). A WhatsApp message that cannot go (no sender configured, or the send
 * failed) is logged with WHATSAPP_ALERT_NOT_SENT_METRIC and noted on the schedule for the
 * dashboard's warning; the e-mail then says so, and a subscriber who turned e-mail off gets this
 * one alert by e-mail instead, so it is not lost. Says what was delivered.
 */
async function sendAlert(
  deps: AlertDeps,
  s: AlertSchedule,
  kind: AlertKind,
  matches: AlertMatch[],
  oldPrice?: number,
): Promise<AlertDelivery> {
  if (matches.length === 0) return { email: 'none', whatsapp: 'off' };
  const site = deps.siteUrl.replace(/\/$/, '');
  const p = s.preferences;
  let whatsapp: AlertDelivery['whatsapp'] = 'off';
  if (sendsWhatsApp(s)) {
    const problem = await sendWhatsApp(deps, s, kind, matches, site);
    whatsapp = problem ? 'failed' : 'sent';
    if (problem) await deps.store.setWhatsAppProblem(s.userId, problem);
    else if (s.whatsappProblem) await deps.store.setWhatsAppProblem(s.userId, null);
  }
  const fallback = whatsapp === 'failed' && !s.emailEnabled;
  if (!(s.emailEnabled || fallback) || (await deps.isSuppressed(p.email))) return { email: 'none', whatsapp };
  const token = signUnsubscribeToken(await deps.unsubscribeKey(), s.userId, deps.now());
  const unsubscribeUrl = `${site}/unsubscribe?token=${encodeURIComponent(token)}`;
  const oneClickUrl = `${site}/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
  const rendered = renderAlertEmail(
    {
      name: p.name,
      kind,
      matches,
      moreUrl: browseUrlFor(site, p),
      unsubscribeUrl,
      oldPrice,
      ...(whatsapp === 'failed' ? { whatsappNotice: { emailOff: fallback, dashboardUrl: `${site}/dashboard` } } : {}),
    },
    { siteUrl: site },
  );
  await deps.mailer.send({
    to: { name: p.name, address: p.email },
    ...rendered,
    headers: { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
  return { email: fallback ? 'fallback' : 'sent', whatsapp };
}

/** The WhatsApp template message of an alert; the problem when it could not go (logged with the metric). */
async function sendWhatsApp(
  deps: AlertDeps,
  s: AlertSchedule,
  kind: AlertKind,
  matches: AlertMatch[],
  site: string,
): Promise<WhatsAppProblem | null> {
  const at = deps.now().toISOString();
  let problem: WhatsAppProblem | null = null;
  let error: string | undefined;
  if (!deps.whatsapp) problem = { reason: 'not-configured', at };
  else {
    const first = matches[0].listing;
    try {
      await deps.whatsapp.sendTemplate(s.preferences.phone, WHATSAPP_TEMPLATE, [
        s.preferences.name,
        kind === 'price-drop' ? 'Price drop' : `${matches.length} new ${matches.length === 1 ? 'match' : 'matches'}`,
        `${first.title}, ${priceText(first)}, ${first.location ?? 'UK'}`,
        `${site}/truck/${encodeURIComponent(first.id)}`,
      ]);
    } catch (err) {
      // A missing token secret lands here too: the sender reads it on each send.
      problem = { reason: 'send-failed', at };
      error = err instanceof Error ? err.message : String(err);
    }
  }
  if (problem)
    deps.metric(WHATSAPP_ALERT_NOT_SENT_METRIC, {
      level: 'ERROR',
      message: `WhatsApp alert not sent (${problem.reason}): not recorded as sent by WhatsApp`,
      reason: problem.reason,
      userId: s.userId,
      kind,
      listingIds: matches.slice(0, MAX_LISTINGS_PER_EMAIL).map((m) => m.listing.id),
      emailEnabled: s.emailEnabled,
      ...(error ? { error: error.slice(0, 300) } : {}),
    });
  return problem;
}

/**
 * Claims (user, listing) with a conditional write for each listing the message shows, sends the
 * ones newly claimed, and gives the claims back if sending fails, or WhatsApp failed and no e-mail
 * could go either (so a retry sends them). A claim whose WhatsApp message did not go is marked so
 * (whatsappUndeliveredAt): it was sent by e-mail only. Re-runs and duplicate events send nothing
 * new. Returns how many listings were sent.
 */
async function claimAndSend(deps: AlertDeps, s: AlertSchedule, kind: AlertKind, matches: AlertMatch[]): Promise<number> {
  const at = deps.now().toISOString();
  const claimed: AlertMatch[] = [];
  const rest: AlertMatch[] = [];
  for (const m of matches) {
    // Only the listings an e-mail shows are claimed; the others are its "and N more" link.
    if (claimed.length >= MAX_LISTINGS_PER_EMAIL) rest.push(m);
    else if (await deps.store.claimAlert({ userId: s.userId, listingId: m.listing.id, sentAt: at, price: m.listing.price, pending: false }))
      claimed.push(m);
  }
  if (claimed.length === 0) return 0;
  const release = () => Promise.all(claimed.map((m) => deps.store.releaseAlert(s.userId, m.listing.id).catch(() => undefined)));
  let delivery: AlertDelivery;
  try {
    delivery = await sendAlert(deps, s, kind, [...claimed, ...rest]);
  } catch (err) {
    await release();
    throw err;
  }
  if (delivery.email === 'none' && delivery.whatsapp === 'failed') {
    // WhatsApp failed and no e-mail could go (suppressed address): not recorded as sent. (A
    // suppressed address with WhatsApp off stays claimed, as before: there is nothing to retry.)
    await release();
    throw new Error(`Alert for ${s.userId} not delivered on any channel (WhatsApp ${delivery.whatsapp})`);
  }
  if (delivery.whatsapp === 'failed')
    await deps.store.markWhatsAppUndelivered(
      s.userId,
      claimed.map((m) => m.listing.id),
      at,
    );
  return claimed.length;
}

async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Platinum: a new listing, matched against every instant schedule at once. The first 3 matches in
 * 10 minutes go out one by one; beyond that they are held and go out together (flushPendingAlerts).
 */
export async function alertInstantly(deps: AlertDeps, listing: Listing): Promise<{ sent: number; held: number }> {
  const located = [locateListing(listing)];
  const schedules = schedulesMatching((await deps.store.listDueSchedules('instant')).filter(receivesAlerts), located);
  let sent = 0;
  let held = 0;
  const failures: unknown[] = [];
  await eachLimited(schedules, 8, async (s) => {
    const matches = matchesFor(s, located);
    if (matches.length === 0) return;
    try {
      const since = new Date(deps.now().getTime() - FLOOD_WINDOW_MS).toISOString();
      if ((await deps.store.countAlertsSince(s.userId, since)) >= FLOOD_LIMIT) {
        const at = deps.now().toISOString();
        if (await deps.store.claimAlert({ userId: s.userId, listingId: listing.id, sentAt: at, price: listing.price, pending: true }))
          held++;
        return;
      }
      sent += await claimAndSend(deps, s, 'instant', matches);
    } catch (err) {
      deps.log('Instant alert failed', {
        userId: s.userId,
        listingId: listing.id,
        error: err instanceof Error ? err.message : String(err),
      });
      failures.push(err);
    }
  });
  // Claims of the failed ones were given back: a retry of the event sends only those.
  if (failures.length) throw new Error(`${failures.length} instant alert(s) failed for listing ${listing.id}`);
  return { sent, held };
}

/**
 * Platinum, for a scraper run (its one 'scraper.run.completed' event): every listing the run found
 * is matched at once and each subscriber gets at most ONE message for the whole run — the flood
 * rule applied to a batch, never one message per scraped listing. Someone already at the flood
 * limit has the run's matches held for the flush job's combined message instead. Per-(user,
 * listing) claims keep it never-twice: a redelivered event, or a listing already sent, sends nothing.
 */
export function alertForScraperRun(deps: AlertDeps, listings: Listing[]): Promise<{ messages: number; sent: number; held: number }> {
  return alertForBatch(deps, listings, 'Scraper-run');
}

/**
 * Platinum, for a batch of new listings published as one event (a scraper run, a stock import):
 * at most one message per subscriber for the whole batch, under the flood rule, as above.
 */
export async function alertForBatch(
  deps: AlertDeps,
  listings: Listing[],
  label: string,
): Promise<{ messages: number; sent: number; held: number }> {
  const located = listings.map(locateListing);
  const schedules = schedulesMatching((await deps.store.listDueSchedules('instant')).filter(receivesAlerts), located);
  let messages = 0;
  let sent = 0;
  let held = 0;
  const failures: unknown[] = [];
  await eachLimited(schedules, 8, async (s) => {
    const matches = matchesFor(s, located, MAX_LISTINGS_PER_EMAIL);
    if (matches.length === 0) return;
    try {
      const since = new Date(deps.now().getTime() - FLOOD_WINDOW_MS).toISOString();
      if ((await deps.store.countAlertsSince(s.userId, since)) >= FLOOD_LIMIT) {
        const at = deps.now().toISOString();
        for (const m of matches)
          if (await deps.store.claimAlert({ userId: s.userId, listingId: m.listing.id, sentAt: at, price: m.listing.price, pending: true }))
            held++;
        return;
      }
      const n = await claimAndSend(deps, s, matches.length > 1 ? 'flood' : 'instant', matches);
      if (n > 0) messages++;
      sent += n;
    } catch (err) {
      deps.log(`${label} alert failed`, { userId: s.userId, error: err instanceof Error ? err.message : String(err) });
      failures.push(err);
    }
  });
  if (failures.length) throw new Error(`${failures.length} ${label.toLowerCase()} alert(s) failed`);
  return { messages, sent, held };
}

/** Held flood alerts go out as one message per user (the alerts-flush job). */
export async function flushPendingAlerts(deps: AlertDeps, loadListing: (id: string) => Promise<Listing | null>): Promise<number> {
  let messages = 0;
  for (const userId of await deps.store.usersWithPendingAlerts()) {
    const [schedule, pending] = await Promise.all([deps.store.getSchedule(userId), deps.store.pendingAlerts(userId)]);
    if (pending.length === 0) continue;
    const ids = pending.map((p) => p.listingId);
    if (!receivesAlerts(schedule)) {
      // Unsubscribed or unpaid since: drop them quietly, marked as handled.
      await deps.store.markAlertsSent(userId, ids, deps.now().toISOString());
      continue;
    }
    const listings = (await Promise.all(ids.map(loadListing))).filter((l): l is Listing => l !== null);
    const matches = matchesFor(schedule, listings.map(locateListing));
    if (matches.length) {
      const delivery = await sendAlert(deps, schedule, 'flood', matches);
      // Nothing reached the subscriber: they stay held, and the next run tries again.
      if (delivery.email === 'none' && delivery.whatsapp === 'failed') continue;
      if (delivery.whatsapp === 'failed') await deps.store.markWhatsAppUndelivered(userId, ids, deps.now().toISOString());
      messages++;
    }
    await deps.store.markAlertsSent(userId, ids, deps.now().toISOString());
  }
  return messages;
}

/** How far back a first digest looks when the schedule has no cursor yet. */
const PERIOD_MS: Record<AlertFrequency, number> = { instant: 0, daily: 86_400_000, weekly: 7 * 86_400_000 };

/**
 * One queue message of a digest run: for each user, the listings created since their last digest
 * that match, at most 20 shown, sent once; the cursor then moves to this run's time.
 */
export async function sendDigests(
  deps: AlertDeps,
  frequency: 'daily' | 'weekly',
  userIds: string[],
  runAtIso: string,
  newListingsSince: (sinceIso: string) => Promise<Listing[]>,
): Promise<{ users: number; sent: number }> {
  const schedules = (await Promise.all(userIds.map((id) => deps.store.getSchedule(id)))).filter(
    (s): s is AlertSchedule => receivesAlerts(s) && s.frequency === frequency,
  );
  if (schedules.length === 0) return { users: 0, sent: 0 };
  const fallbackSince = new Date(Date.parse(runAtIso) - PERIOD_MS[frequency]).toISOString();
  const sinceOf = (s: AlertSchedule) => (s.lastDigestAt && s.lastDigestAt < runAtIso ? s.lastDigestAt : fallbackSince);
  const earliest = schedules.map(sinceOf).sort()[0];
  // Newest first, so the 20 an e-mail shows are the latest.
  const located = (await newListingsSince(earliest))
    .filter((l) => l.createdAt <= runAtIso)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map(locateListing);
  let sent = 0;
  await eachLimited(schedules, 4, async (s) => {
    const since = sinceOf(s);
    const fresh = located.filter((c) => c.listing.createdAt > since);
    // Reasons for a few more than are shown, in case some were already sent instantly.
    const matches = matchesFor(s, fresh, MAX_LISTINGS_PER_EMAIL * 2);
    if (matches.length) sent += await claimAndSend(deps, s, frequency, matches);
    await deps.store.setLastDigestAt(s.userId, runAtIso);
  });
  return { users: schedules.length, sent };
}

/** A price drop: the users who were told about the listing hear the new price, once per price. */
export async function alertPriceDrop(deps: AlertDeps, listing: Listing, oldPrice: number): Promise<number> {
  if (!listing.price || listing.price >= oldPrice || listing.status !== 'active') return 0;
  const located = [locateListing(listing)];
  let sent = 0;
  for (const told of await deps.store.alertsForListing(listing.id)) {
    if (told.pending) continue;
    const schedule = await deps.store.getSchedule(told.userId);
    if (!receivesAlerts(schedule)) continue;
    const matches = matchesFor(schedule, located);
    if (matches.length === 0) continue;
    const marker = `drop#${listing.id}#${listing.price}`;
    if (!(await deps.store.claimMarker(told.userId, marker))) continue;
    await sendAlert(deps, schedule, 'price-drop', matches, oldPrice);
    sent++;
  }
  return sent;
}
