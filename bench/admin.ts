/**
 * Admin area at scale (issue 11 §4): 100k listings and 50k users in a separate DynamoDB Local
 * table, then the p50/p99 of the analytics read and of each admin list's first and a later page.
 * The figures are the handlers' data work (the same adapter calls, against DynamoDB Local), without
 * HTTP and Lambda overhead; every list is a key-condition query with a cursor, never a Scan.
 * Seeding is BatchWrite with 12 requests in flight (profiles and listings side by side), items in
 * the repositories' own shapes; each phase prints its wall clock beside the CPU it took (this
 * process and the DynamoDB Local JVM), since a busy machine inflates the wall clock only.
 *
 *   npx tsx bench/admin.ts          (BENCH_ADMIN_LISTINGS / BENCH_ADMIN_USERS to change the sizes)
 */
import os from 'node:os';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { LISTING_STATUSES } from '../shared/listing-options.js';
import { makeDynamoClient } from '../dev/stand-ins/dynamodb-local.js';
import { adminListingStore } from '../functions/src/adapters/dynamodb/admin-listing-store.js';
import { adminUserStore } from '../functions/src/adapters/dynamodb/admin-user-store.js';
import { analyticsSource } from '../functions/src/adapters/dynamodb/analytics-source.js';
import { auditLog } from '../functions/src/adapters/dynamodb/audit-log-store.js';
import { COUNTER, dayOf, recountAnalytics } from '../functions/src/adapters/dynamodb/counters.js';
import { listingItem } from '../functions/src/adapters/dynamodb/listings-repo.js';
import { profileItem } from '../functions/src/adapters/dynamodb/profiles-repo.js';
import { keys } from '../functions/src/adapters/dynamodb/keys.js';
import { loadAnalytics } from '../functions/src/domain/admin/inbox-analytics.js';
import type { Profile } from '../shared/schemas/profile.js';
import { createBenchTable, startBenchDynamo } from './dynamo-local.js';
import { loadText, stamp, summaryText, tail, verdict } from './stats.js';
import { rng, syntheticListings } from './synthetic.js';

const LISTINGS = Number(process.env.BENCH_ADMIN_LISTINGS ?? 100_000);
const USERS = Number(process.env.BENCH_ADMIN_USERS ?? 50_000);
/** Enough for a p99 (bench/stats.ts); the two-page and search rows take fewer and print their maximum. */
const SAMPLES = 1_000;
const PAGE = 25;
const log = (msg: string) => console.log(msg);

/** Times fn n times; prints p50 and the tail (p99 from 1,000 samples, else the maximum) against the target, with the load. */
async function time(label: string, n: number, fn: (i: number) => Promise<unknown>, target?: number) {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    samples.push(performance.now() - t0);
  }
  const t = tail(samples);
  const judged = target === undefined ? '' : `  target ≤ ${target} ms: ${verdict(t.value <= target)}`;
  log(`  ${label.padEnd(46)} ${summaryText(samples)}${judged} [${loadText()}]`);
}

/** Runs one seeding phase and says what it cost: wall clock, this process's CPU and DynamoDB Local's. */
async function phase<T>(dynamo: { cpuSeconds(): number | null }, label: string, fn: () => Promise<T>): Promise<T> {
  const wall0 = performance.now();
  const cpu0 = process.cpuUsage();
  const java0 = dynamo.cpuSeconds();
  const out = await fn();
  const cpu = process.cpuUsage(cpu0);
  const java1 = dynamo.cpuSeconds();
  const javaCpu = java0 === null || java1 === null ? 'n/a' : `${(java1 - java0).toFixed(1)} s`;
  log(
    `  ${label.padEnd(44)} ${((performance.now() - wall0) / 1000).toFixed(1).padStart(6)} s wall   node CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s   DynamoDB Local CPU ${javaCpu}`,
  );
  return out;
}

async function batchPut(ddb: DynamoDBDocumentClient, tableName: string, items: Record<string, unknown>[], concurrency = 8) {
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      let requests = chunks[next++].map((Item) => ({ PutRequest: { Item } }));
      while (requests.length) {
        const res = await ddb.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
        requests = (res.UnprocessedItems?.[tableName] ?? []) as typeof requests;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

async function main() {
  const started = performance.now();
  log(
    `admin bench: load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} on ${os.cpus().length} CPUs`,
  );
  const dynamo = await startBenchDynamo();
  const tableName = `bench-admin-${Date.now().toString(36)}`;
  await createBenchTable(dynamo.endpoint, tableName);
  const ddb = DynamoDBDocumentClient.from(makeDynamoClient(dynamo.endpoint), { marshallOptions: { removeUndefinedValues: true } });
  try {
    log(
      `admin bench: seeding ${USERS.toLocaleString('en-GB')} users and ${LISTINGS.toLocaleString('en-GB')} listings into DynamoDB Local…`,
    );
    const r = rng(11);
    const now = Date.parse('2026-11-01T00:00:00.000Z');
    const userIds: string[] = [];
    const profiles: Record<string, unknown>[] = [];
    for (let i = 0; i < USERS; i++) {
      const userId = `user-${i.toString(36).padStart(6, '0')}`;
      userIds.push(userId);
      const createdAt = new Date(now - Math.floor(r.next() * 730 * 86_400_000)).toISOString();
      const profile: Profile = {
        userId,
        fullName: `Bench User ${i}`,
        companyName: r.chance(0.3) ? `Bench Haulage ${i} Ltd` : null,
        phone: null,
        email: `bench${i}@example.test`,
        accountStatus: r.chance(0.01) ? 'suspended' : 'active',
        accountType: r.chance(0.3) ? 'dealer' : 'individual',
        createdAt,
        updatedAt: createdAt,
      };
      const item = profileItem(profile, i < 20 ? 'admin' : null);
      if (profile.accountStatus === 'suspended') Object.assign(item, keys.suspendedProfile(createdAt, userId));
      profiles.push(item);
      if (i < 20) profiles.push({ ...keys.staffMember(userId), role: 'admin', since: createdAt });
    }
    const generated = syntheticListings(Math.ceil(LISTINGS * 1.12), 7, 'adm');
    const listings = generated.listings.slice(0, LISTINGS).map((l) => ({
      ...l,
      userId: userIds[Math.floor(r.next() * userIds.length)],
      status: r.chance(0.85) ? ('active' as const) : LISTING_STATUSES[1 + Math.floor(r.next() * 4)],
    }));
    // The listings repo's own item shape (main, owner and status keys, every attribute), less the
    // search change-feed keys (gsi3): no admin path reads that index, and maintaining it is a
    // quarter of DynamoDB Local's work per item. Profiles and listings load side by side.
    const listingItems = listings.map((l) => {
      const { gsi3pk: _feedPk, gsi3sk: _feedSk, ...item } = listingItem(l);
      return item;
    });
    await phase(
      dynamo,
      `${profiles.length.toLocaleString('en-GB')} profile + ${listingItems.length.toLocaleString('en-GB')} listing items (BatchWrite × 12)`,
      () => Promise.all([batchPut(ddb, tableName, profiles, 4), batchPut(ddb, tableName, listingItems, 8)]),
    );
    const audit = auditLog(ddb, tableName);
    for (let i = 0; i < 300; i++) {
      await audit.record({
        adminUserId: userIds[i % 20],
        action: i % 3 === 0 ? 'update' : 'create',
        resourceType: i % 2 === 0 ? 'listing' : 'user',
        resourceId: `x${i}`,
        details: {},
        ipAddress: '203.0.113.1',
        userAgent: 'bench',
      });
    }
    const seeded = performance.now();
    log(`  seeded in ${((seeded - started) / 1000).toFixed(1)} s`);

    // The bulk load bypassed the counted writes: set the counters they would have kept (or, with
    // BENCH_ADMIN_RECOUNT=1, rebuild them from the items as the seed does — minutes at this size).
    const t0 = performance.now();
    if (process.env.BENCH_ADMIN_RECOUNT === '1') {
      await recountAnalytics(ddb, tableName);
      log(`  counters rebuilt from the items (a repair, not per request) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    } else {
      const counts = new Map<string, number>();
      const add = (name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);
      for (const p of profiles) {
        if (p.sk !== 'PROFILE') continue;
        add(COUNTER.users);
        if (p.accountType === 'dealer') add(COUNTER.dealers);
        add(COUNTER.signupsOn(dayOf(String(p.createdAt))));
      }
      for (const l of listings) {
        add(COUNTER.listings);
        add(COUNTER.listingsWithStatus(l.status));
        add(COUNTER.newListingsOn(dayOf(l.createdAt)));
      }
      await batchPut(
        ddb,
        tableName,
        [...counts].map(([name, n]) => ({ ...keys.counter(name), n })),
      );
      log(`  ${counts.size} counters written (what the counted writes keep; BENCH_ADMIN_RECOUNT=1 rebuilds them from the items)`);
    }

    log(
      `\nadmin endpoints' data work, ${stamp()}, ${SAMPLES} samples each unless said (DynamoDB Local in memory); the admin figure is the analytics p99:`,
    );
    const analytics = analyticsSource(ddb, tableName);
    const nowDate = new Date('2026-11-01T12:00:00Z');
    await time('GET /api/admin/analytics (counters)', SAMPLES, () => loadAnalytics(analytics, nowDate), 100);
    const users = adminUserStore(ddb, tableName);
    const lists = adminListingStore(ddb, tableName, '/images');
    const secondPage = async (fn: (cursor?: string) => Promise<{ nextCursor: string | null }>) => {
      const first = await fn();
      return first.nextCursor ? fn(first.nextCursor) : first;
    };
    await time('GET /api/admin/users (all, first page)', SAMPLES, () => users.list('all', undefined, undefined, PAGE), 100);
    await time(
      'GET /api/admin/users (dealers, pages 1+2)',
      SAMPLES / 2,
      () => secondPage((c) => users.list('dealers', undefined, c, PAGE)),
      200,
    );
    await time('GET /api/admin/users (suspended)', SAMPLES, () => users.list('suspended', undefined, undefined, PAGE), 100);
    await time('GET /api/admin/users (admins)', SAMPLES, () => users.list('admins', undefined, undefined, PAGE), 100);
    await time('GET /api/admin/users?q= (search, ≤1000 read)', SAMPLES / 4, (i) => users.list('all', `bench user ${i}`, undefined, PAGE));
    await time('GET /api/admin/listings (all statuses merged)', SAMPLES, () => lists.list('all', undefined, PAGE), 100);
    await time('GET /api/admin/listings (all, pages 1+2)', SAMPLES / 2, () => secondPage((c) => lists.list('all', c, PAGE)), 200);
    await time('GET /api/admin/listings?status=sold', SAMPLES, () => lists.list('sold', undefined, PAGE), 100);
    await time('GET /api/admin/audit (latest 100)', SAMPLES, () => audit.list({}, undefined, 100), 100);
    await time(
      'GET /api/admin/audit?action=update&resource=user',
      SAMPLES,
      () => audit.list({ action: 'update', resource: 'user' }, undefined, 100),
      100,
    );
    log('  (the user search reads at most 1,000 profiles per request and answers with a cursor to continue; no target is set for it)');
    const javaCpu = dynamo.cpuSeconds();
    log(
      `\nadmin bench done in ${((performance.now() - started) / 1000).toFixed(0)} s wall; node CPU ${(process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6).toFixed(0)} s, DynamoDB Local CPU ${javaCpu === null ? 'n/a' : `${javaCpu.toFixed(0)} s`}; load average now ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    ddb.destroy();
    await dynamo.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
