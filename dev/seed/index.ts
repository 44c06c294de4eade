/**
 * Demo data for the local cloud. Called once by dev/ when the stand-ins are up (contract with the
 * local-cloud start-up, dev/bootstrap.ts): creates the demo users and their profiles, the
 * listings with drawn pictures, and the scraped listings. The subscription tiers are not demo
 * data: the deploy step writes them (functions/src/deploy/deploy-data.ts), locally as in AWS.
 * Deterministic (see data.ts), so tests can rely on titles, ids and counts.
 */
import { DEMO_STOREFRONT_ABOUT } from './storefronts.js';
import { storefrontStore } from '../../functions/src/adapters/dynamodb/storefronts-repo.js';
import { ensureStorefront } from '../../functions/src/domain/dealers/storefronts.js';
import { resolveLocation } from '../../functions/src/domain/geo/geo.js';
import type { DayHours } from '../../shared/schemas/storefront.js';
import { WEEKDAYS } from '../../shared/weekdays.js';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../functions/src/adapters/dynamodb/client.js';
import { recountAnalytics } from '../../functions/src/adapters/dynamodb/counters.js';
import { keys } from '../../functions/src/adapters/dynamodb/keys.js';
import { profileItem } from '../../functions/src/adapters/dynamodb/profiles-repo.js';
import { createListingsRepo } from '../../functions/src/adapters/dynamodb/listings-repo.js';
import { defaultImageStore, putImageVariants } from '../../functions/src/adapters/images/variants.js';
import type { StoredImage } from '../../functions/src/domain/listings/types.js';
import type { Profile } from '../../shared/schemas/profile.js';
import {
  DEMO_LISTINGS,
  DEMO_PASSWORD,
  DEMO_SCRAPED,
  DEMO_USERS,
  type DemoUser,
  demoImageKeys,
  toListingRecord,
  toScrapedRecord,
} from './data.js';
import { seedAdminDemoData } from './admin-content.js';
import {
  type StoredVehicleChecks,
  buildStoredChecks,
  isMileageConsistent,
} from '../../functions/src/domain/vehicle-checks/vehicle-checks.js';
import { buildVehicleRegistry } from '../vehicle-records/registry.js';
import { seedDemoFailedEmail } from './failed-email.js';
import { createImageRenderer, imageJobsFor } from './images.js';

export interface SeedContext {
  env: Record<string, string>;
  createConfirmedUser: (u: {
    email: string;
    password: string;
    name: string;
    phone?: string;
    groups?: string[];
    /** A fixed authenticator secret to set up and enable (the staff accounts). */
    totpSecret?: string;
  }) => Promise<string>;
  log: (msg: string) => void;
}

export interface SeedResult {
  /** `totpSecret`: staff accounts' authenticator secret (base32), for `npm start` to print beside the password. */
  logins: Array<{ role: string; email: string; password: string; totpSecret?: string }>;
}

const ROLE_LABELS: Record<DemoUser['role'], string> = {
  admin: 'admin',
  super_admin: 'super admin',
  dealer: 'dealer',
  private_seller: 'private seller',
  buyer: 'buyer',
};

export async function seedDemoData(ctx: SeedContext): Promise<SeedResult> {
  const started = performance.now();
  const now = new Date();
  const env = { ...process.env, ...ctx.env };
  const tableName = env.TABLE_NAME;
  if (!tableName) throw new Error('seedDemoData: TABLE_NAME is not set');
  const repo = createListingsRepo({ ddb, tableName });
  ctx.log(`seed: demo accounts all use the password ${DEMO_PASSWORD}`);

  // Users first: listings need their owners' ids.
  const subs = new Map<string, string>();
  for (const user of DEMO_USERS) {
    const sub = await ctx.createConfirmedUser({
      email: user.email,
      password: DEMO_PASSWORD,
      name: user.name,
      phone: user.phone,
      groups: user.groups,
      ...(user.totpSecret ? { totpSecret: user.totpSecret } : {}),
    });
    subs.set(user.key, sub);
  }
  const profiles = DEMO_USERS.map((user) => {
    const userId = subs.get(user.key) as string;
    const createdAt = new Date(now.getTime() - user.joinedDaysAgo * 24 * 3600 * 1000).toISOString();
    const profile: Profile = {
      userId,
      fullName: user.name,
      companyName: user.companyName,
      phone: user.phone,
      email: user.email,
      accountStatus: 'active',
      accountType: user.accountType,
      // The demo dealers are approved dealers (issue 23): they import stock and show the badge.
      ...(user.accountType === 'dealer' ? { dealerStatus: 'approved' as const } : {}),
      createdAt,
      updatedAt: createdAt,
    };
    // adminRole mirrors the Cognito groups for the admin screens (docs/data-model.md pattern 12).
    const adminRole = user.groups.includes('super_admins') ? 'super_admin' : user.groups.includes('admins') ? 'admin' : null;
    return Promise.all([
      ddb.send(new PutCommand({ TableName: tableName, Item: profileItem(profile, adminRole) })),
      ...(adminRole
        ? [ddb.send(new PutCommand({ TableName: tableName, Item: { ...keys.staffMember(userId), role: adminRole, since: createdAt } }))]
        : []),
      ...(user.accountType === 'dealer'
        ? [ddb.send(new PutCommand({ TableName: tableName, Item: demoDealerApplication(user, userId, createdAt) }))]
        : []),
    ]);
  });
  const scraped = repo.putScrapedBatch(DEMO_SCRAPED.map((row) => toScrapedRecord(row, now)));
  await Promise.all([...profiles, scraped]);
  await seedStorefronts(tableName, subs, now);
  const usersDone = performance.now();

  // Pictures: drawn, re-encoded into the same variants an upload gets, stored under each listing's keys.
  const store = defaultImageStore();
  const renderer = createImageRenderer();
  const imagesByListing = new Map<string, StoredImage[]>();
  const jobs = DEMO_LISTINGS.flatMap((listing) => {
    const imageKeys = demoImageKeys(listing);
    const stored: StoredImage[] = [];
    imagesByListing.set(listing.id, stored);
    return imageJobsFor(listing, imageKeys).map((job, n) => async () => {
      const variants = await renderer.variantsFor(job);
      await putImageVariants(store, job.key, variants);
      stored[n] = { key: job.key, width: variants.width, height: variants.height };
    });
  });
  await runWithConcurrency(jobs, renderer.concurrency);
  const imagesDone = performance.now();

  // Issue 27: the demo vehicles of the DVLA/DVSA stand-ins' registry, with their checks as the
  // listing.created consumer would store them (read from the same registry, without the HTTP round trip).
  const vehicles = [...buildVehicleRegistry(now).values()];
  const vehicleOf = new Map(vehicles.filter((v) => v.listingId).map((v) => [v.listingId as string, v]));
  const checks: StoredVehicleChecks[] = [];
  const records = DEMO_LISTINGS.map((listing) => {
    const record = toListingRecord(listing, subs.get(listing.seller) as string, imagesByListing.get(listing.id) ?? [], now);
    const vehicle = vehicleOf.get(listing.id);
    if (!vehicle) return record;
    const stored = buildStoredChecks(listing.id, vehicle.registration, vehicle.dvla, vehicle.dvsa, now);
    checks.push(stored);
    return {
      ...record,
      registration: vehicle.registration,
      mileageConsistent: isMileageConsistent(stored, record.mileage),
      vehicleChecksAt: stored.checkedAt,
    };
  });
  await repo.putListingsBatch(records);
  await Promise.all(
    checks.map((c) => ddb.send(new PutCommand({ TableName: tableName, Item: { ...keys.vehicleChecks(c.listingId), ...c } }))),
  );
  await seedAdminDemoData({
    tableName,
    privateBucket: env.BUCKET_PRIVATE_UPLOADS ?? 'private-uploads',
    truckImagesBucket: env.BUCKET_TRUCK_IMAGES ?? 'truck-images',
    photoKeys: records.flatMap((r) => r.images.map((i) => i.key)).slice(0, 2),
    now,
  });
  await seedDemoFailedEmail({ tableName, now });
  // The bulk writes above bypass the counted writes: start the analytics counters from the data.
  await recountAnalytics(ddb, tableName);

  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  ctx.log(
    `seed: ${DEMO_USERS.length} users, ${records.length} listings, ${DEMO_SCRAPED.length} scraped, ` +
      `${jobs.length} images (${renderer.stats().rendered} drawn, ${renderer.stats().fromCache} cached) ` +
      `in ${seconds(performance.now() - started)} (users ${seconds(usersDone - started)}, images ${seconds(imagesDone - usersDone)})`,
  );
  return {
    logins: DEMO_USERS.map((u) => ({
      role: u.role === 'dealer' ? `${ROLE_LABELS[u.role]} (${u.companyName})` : ROLE_LABELS[u.role],
      email: u.email,
      password: DEMO_PASSWORD,
      ...(u.totpSecret ? { totpSecret: u.totpSecret } : {}),
    })),
  };
}

async function runWithConcurrency(jobs: Array<() => Promise<void>>, limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      await job();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
}

/** The approved application behind a demo dealer (pattern 56), with a made-up Companies House number. */
function demoDealerApplication(user: (typeof DEMO_USERS)[number], userId: string, createdAt: string): Record<string, unknown> {
  const digits = [...user.key].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 100_000_000, 7);
  return {
    ...keys.dealerApplication(userId),
    type: 'DealerApplication',
    userId,
    status: 'approved',
    email: user.email,
    contactName: user.name,
    tradingName: user.companyName ?? user.name,
    address: user.depots[0] ? `${user.depots[0].location} ${user.depots[0].postcode}` : 'United Kingdom',
    companyNumber: String(digits).padStart(8, '0'),
    vatNumber: null,
    submittedAt: createdAt,
    decidedAt: createdAt,
  };
}

/** Each demo dealer's storefront (issue 26 §1): made as the dashboard makes it, then its about, head depot and hours. */
async function seedStorefronts(tableName: string, subs: Map<string, string>, now: Date): Promise<void> {
  const store = storefrontStore(ddb, tableName);
  const hours: DayHours[] = WEEKDAYS.map((day) =>
    day === 'sun'
      ? { day, closed: true, open: null, close: null }
      : { day, closed: false, open: day === 'sat' ? '08:00' : '07:30', close: day === 'sat' ? '12:30' : '17:30' },
  );
  for (const user of DEMO_USERS.filter((u) => u.accountType === 'dealer')) {
    const userId = subs.get(user.key) as string;
    const record = await ensureStorefront(
      store,
      { userId, accountType: 'dealer', companyName: user.companyName, fullName: user.name, dealerStatus: 'approved' },
      now,
    );
    const depot = user.depots[0];
    const place = depot ? resolveLocation(depot.postcode) : null;
    await store.update(
      record.slug,
      {
        about: DEMO_STOREFRONT_ABOUT[user.key] ?? '',
        town: depot?.town ?? null,
        postcodeDistrict: place?.outcode ?? null,
        lat: place?.lat ?? null,
        lon: place?.lon ?? null,
        hours,
        updatedAt: now.toISOString(),
      },
      null,
      userId,
    );
  }
}
