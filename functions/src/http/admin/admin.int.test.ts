import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestApi,
  type TestUser,
  applyLocalCloudEnv,
  clearOfRateWindowEdge,
  createTestUser,
  startTestApi,
  testMailDir,
  apiCaller,
} from '../../../../dev/testing/harness.js';
import { emailOutboxStore } from '../../adapters/dynamodb/email-outbox-repo.js';
import { keys } from '../../adapters/dynamodb/keys.js';
import { createListingsRepo } from '../../adapters/dynamodb/listings-repo.js';
import { siteRelativeMediaUrls } from '../../deploy/data-migrations.js';
import { adminRoutes } from '../../routes/admin.js';
import { originOf } from '../../../../shared/media-url.js';
import { solvedChallenge } from '../../../../dev/testing/challenge.js';
import { waitForMail } from '../../../../dev/mail/store.test-support.js';

/**
 * The admin API against the real stand-ins: every admin route × {anonymous, user, suspended
 * user, admin, super admin} with the whole table compared before and after the refusals, then
 * every mutation done once, each leaving exactly one audit entry.
 */
let api: TestApi;
let ddb: DynamoDBDocumentClient;
let user: TestUser;
let suspendedUser: TestUser;
let admin: TestUser;
let superAdmin: TestUser;
let seller: TestUser;

type Res = { status: number; body: Record<string, unknown> & { error?: { code: string; message: string } } };

const call = apiCaller(() => api, { 'user-agent': 'admin-int-test' });

async function setSuspended(who: TestUser) {
  expect((await call('GET', '/api/me', who)).status).toBe(200);
  await ddb.send(
    new UpdateCommand({
      TableName: api.tableName,
      Key: keys.profile(who.userId),
      UpdateExpression: 'SET accountStatus = :s',
      ExpressionAttributeValues: { ':s': 'suspended' },
    }),
  );
}

/** Every item of this file's table (a test-only Scan), to prove a refused request changed nothing. */
async function snapshot(): Promise<string> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const res = await ddb.send(new ScanCommand({ TableName: api.tableName, ExclusiveStartKey, ConsistentRead: true }));
    items.push(...(res.Items ?? []));
    ExclusiveStartKey = res.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  // Rate-limit windows are written before authorization by some public routes; none here, but keep them out.
  return JSON.stringify(
    items.filter((i) => !String(i.pk).startsWith('RATE#')).sort((a, b) => `${a.pk}${a.sk}`.localeCompare(`${b.pk}${b.sk}`)),
  );
}

const UNKNOWN = '01JUNKNOWN0000000000000000';
/** The listing reports' per-address window (domain/reports/listing-reports.ts: 5 per ten minutes). */
const REPORT_WINDOW_SECONDS = 600;
/** A request per route that passes validation, aimed at an id that does not exist (so allowed callers change nothing either). */
const probe: Record<string, { path: string; body?: unknown }> = {
  AdminGetSession: { path: '/api/admin/session' },
  AdminGetAnalytics: { path: '/api/admin/analytics' },
  AdminListJobRuns: { path: '/api/admin/jobs' },
  AdminListUsers: { path: '/api/admin/users' },
  AdminSetUserStatus: { path: `/api/admin/users/${UNKNOWN}/status`, body: { status: 'suspended' } },
  AdminSetStorefrontVisibility: { path: `/api/admin/users/${UNKNOWN}/storefront`, body: { hidden: true } },
  AdminSendPasswordReset: { path: `/api/admin/users/${UNKNOWN}/password-reset` },
  AdminMakeAdmin: { path: `/api/admin/users/${UNKNOWN}/admin-role` },
  AdminRemoveAdmin: { path: `/api/admin/users/${UNKNOWN}/admin-role` },
  AdminListDealerApplications: { path: '/api/admin/dealer-applications' },
  AdminDecideDealerApplication: { path: `/api/admin/dealer-applications/${UNKNOWN}/decision`, body: { decision: 'approve' } },
  AdminSetListingCap: { path: `/api/admin/users/${UNKNOWN}/listing-cap`, body: { listingCap: 50 } },
  AdminListPendingImports: { path: '/api/admin/stock-imports' },
  AdminReviewStockImport: { path: `/api/admin/stock-imports/${UNKNOWN}/${UNKNOWN}/review`, body: { decision: 'approve' } },
  AdminListListings: { path: '/api/admin/listings' },
  AdminSetListingStatus: { path: `/api/admin/listings/${UNKNOWN}/status`, body: { status: 'sold' } },
  AdminSetListingDescription: { path: `/api/admin/listings/${UNKNOWN}/description`, body: { description: 'x' } },
  AdminSetListingImages: { path: `/api/admin/listings/${UNKNOWN}/images`, body: { imageKeys: [] } },
  AdminDeleteListing: { path: `/api/admin/listings/${UNKNOWN}` },
  AdminListScraped: { path: '/api/admin/scraped' },
  AdminSetScrapedVisibility: { path: `/api/admin/scraped/${UNKNOWN}/visibility`, body: { hidden: true } },
  AdminListMedia: { path: '/api/admin/media' },
  AdminRequestMediaUploads: {
    path: '/api/admin/media/uploads',
    body: { category: 'banners', files: [{ name: 'a.png', type: 'image/png', size: 10 }] },
  },
  AdminCompleteMediaUploads: {
    path: '/api/admin/media',
    body: { category: 'banners', uploads: [{ key: `media/pending/${UNKNOWN}/x`, name: 'x.png' }] },
  },
  AdminUpdateMedia: { path: `/api/admin/media/${UNKNOWN}`, body: { altText: 'x' } },
  AdminDeleteMedia: { path: `/api/admin/media/${UNKNOWN}` },
  AdminListContent: { path: '/api/admin/content' },
  AdminCreateContent: { path: '/api/admin/content', body: { pageSlug: 'probe', sectionKey: 'probe', content: 'x' } },
  AdminUpdateContent: { path: `/api/admin/content/${UNKNOWN}`, body: { pageSlug: 'probe', sectionKey: 'probe', content: 'x' } },
  AdminDeleteContent: { path: `/api/admin/content/${UNKNOWN}` },
  AdminListPromotions: { path: '/api/admin/promotions' },
  AdminCreatePromotion: { path: '/api/admin/promotions', body: { title: 'Probe', position: 'hero' } },
  AdminUpdatePromotion: { path: `/api/admin/promotions/${UNKNOWN}`, body: { title: 'Probe', position: 'hero' } },
  AdminDeletePromotion: { path: `/api/admin/promotions/${UNKNOWN}` },
  AdminListInbox: { path: '/api/admin/inbox/contacts' },
  AdminUpdateInboxItem: { path: `/api/admin/inbox/contacts/${UNKNOWN}`, body: { status: 'done' } },
  // Equipment orders (issue 24 §3): an order id is its checkout session's id.
  AdminUpdateEquipmentOrder: { path: '/api/admin/orders/cs_unknown00000000/status', body: { status: 'delivered' } },
  AdminListReports: { path: '/api/admin/reports' },
  AdminUpdateReport: { path: `/api/admin/reports/${UNKNOWN}`, body: { action: 'mark-handled' } },
  AdminGetFinanceSettings: { path: '/api/admin/finance-settings' },
  AdminUpdateFinanceSettings: {
    path: '/api/admin/finance-settings',
    body: {
      defaultAprPercent: 9.9,
      defaultTermMonths: 48,
      defaultDepositPercent: 10,
      representativeExample: null,
      fcaNumber: null,
      demo: false,
    },
  },
  AdminListAudit: { path: '/api/admin/audit' },
  AdminListFailedEmails: { path: '/api/admin/failed-emails' },
  AdminRetryFailedEmail: { path: `/api/admin/failed-emails/${UNKNOWN}/retry` },
};

const protectedRoutes = adminRoutes.filter((r) => r.auth === 'admin' || r.auth === 'superAdmin');
/** Creates something; an allowed caller's probe would add it, so only refusals are probed for these. */
const CREATES = new Set(['AdminCreateContent', 'AdminCreatePromotion']);

beforeAll(async () => {
  applyLocalCloudEnv();
  api = await startTestApi({ tablePrefix: 'admin' });
  ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}), { marshallOptions: { removeUndefinedValues: true } });
  [user, suspendedUser, admin, superAdmin, seller] = await Promise.all([
    createTestUser({ name: 'Una User' }),
    createTestUser({ name: 'Sid Suspended' }),
    createTestUser({ name: 'Ada Admin', groups: ['admins'] }),
    createTestUser({ name: 'Sam Super', groups: ['super_admins'] }),
    createTestUser({ name: 'Sel Seller' }),
  ]);
  await setSuspended(suspendedUser);
  for (const who of [user, admin, superAdmin]) expect((await call('GET', '/api/me', who)).status).toBe(200);
});
afterAll(async () => {
  await api?.queues.idle();
  ddb?.destroy();
  await api?.close();
});

describe('authorization matrix', () => {
  it('has a probe for every admin route', () => {
    expect(protectedRoutes.map((r) => r.id).sort()).toEqual(Object.keys(probe).sort());
  });

  it('refuses anonymous (401), users and suspended users (403), and admins on super-admin routes (403), changing nothing', async () => {
    const before = await snapshot();
    const refusals: string[] = [];
    for (const route of protectedRoutes) {
      const p = probe[route.id];
      const expected: Array<[TestUser | null, number, string]> = [
        [null, 401, 'anonymous'],
        [user, 403, 'user'],
        [suspendedUser, 403, 'suspended user'],
      ];
      if (route.auth === 'superAdmin') expected.push([admin, 403, 'admin']);
      for (const [who, status, label] of expected) {
        const res = await call(route.method, p.path, who, p.body);
        if (res.status !== status) refusals.push(`${route.id} as ${label}: ${res.status} (want ${status})`);
      }
    }
    expect(refusals).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('lets admins and super admins through every route they may use (no 401/403)', async () => {
    const wrong: string[] = [];
    for (const route of protectedRoutes) {
      if (CREATES.has(route.id)) continue;
      const p = probe[route.id];
      const allowed = route.auth === 'superAdmin' ? [superAdmin] : [admin, superAdmin];
      for (const who of allowed) {
        const res = await call(route.method, p.path, who, p.body);
        if (res.status === 401 || res.status === 403 || res.status >= 500)
          wrong.push(`${route.id}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a suspended admin (403 SUSPENDED)', async () => {
    const suspendedAdmin = await createTestUser({ name: 'Susie Staff', groups: ['admins'] });
    await setSuspended(suspendedAdmin);
    const res = await call('GET', '/api/admin/analytics', suspendedAdmin);
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe('SUSPENDED');
  });
});

describe('staff TOTP', () => {
  it('refuses staff whose Cognito user has no TOTP on every admin route (403 MFA_REQUIRED), changing nothing; staff with TOTP get in', async () => {
    // Prepare: a super admin who never set up an authenticator app, beside `superAdmin`, who did
    // (createTestUser sets TOTP up for staff through the Cognito stand-in, and signs in with a code).
    const withoutTotp = await createTestUser({ name: 'Nora No-TOTP', groups: ['super_admins'], totp: false });
    const before = await snapshot();
    const wrong: string[] = [];

    // Act
    for (const route of protectedRoutes) {
      const p = probe[route.id];
      const res = await call(route.method, p.path, withoutTotp, p.body);
      if (res.status !== 403 || res.body.error?.code !== 'MFA_REQUIRED')
        wrong.push(`${route.id}: ${res.status} ${JSON.stringify(res.body)}`);
    }

    // Assess: refused everywhere with nothing written; the same role with TOTP gets in.
    expect(wrong).toEqual([]);
    expect(await snapshot()).toBe(before);
    expect(superAdmin.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect((await call('GET', '/api/admin/analytics', superAdmin)).status).toBe(200);
  });
});

describe('every admin mutation leaves exactly one audit entry', () => {
  async function auditCount(): Promise<number> {
    let n = 0;
    let cursor: string | null = null;
    do {
      const res: Res = await call('GET', `/api/admin/audit${cursor ? `?cursor=${cursor}` : ''}`, superAdmin);
      expect(res.status).toBe(200);
      n += (res.body.items as unknown[]).length;
      cursor = res.body.nextCursor as string | null;
    } while (cursor);
    return n;
  }
  async function once(label: string, act: () => Promise<Res>, status = 200): Promise<Res> {
    const before = await auditCount();
    const res = await act();
    expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(status);
    expect(await auditCount(), label).toBe(before + 1);
    return res;
  }

  it('users: suspend (sign-in refused, listings hidden), activate, password reset, Make Admin; admins cannot suspend admins', async () => {
    const created = await call('POST', '/api/my-listings', seller, {
      make: 'volvo',
      model: 'FH',
      year: 2020,
      category: 'articulated',
      price: 42000,
      contactName: 'Sel',
      phone: '07700 900123',
    });
    expect(created.status).toBe(201);
    const listingId = String(created.body.id);

    // 202: the account is suspended; its listings are hidden by the queued job (functions/src/queues/account-listings.int.test.ts).
    await once('suspend', () => call('PATCH', `/api/admin/users/${seller.userId}/status`, admin, { status: 'suspended' }), 202);
    expect((await call('GET', `/api/listings/${listingId}`, null)).status).toBe(404);
    await api.queues.idle();
    expect((await call('GET', `/api/listings/${listingId}`, null)).status).toBe(404);
    const write = await call('POST', '/api/my-listings', seller, {
      make: 'volvo',
      model: 'FM',
      year: 2021,
      category: 'rigid',
      price: 1000,
      contactName: 'Sel',
      phone: '07700 900123',
    });
    expect(write.body.error?.code).toBe('SUSPENDED');
    await expect(createTestUser({ email: seller.email, password: seller.password })).rejects.toThrow(/disabled/i);
    const suspendedList = await call('GET', '/api/admin/users?filter=suspended', admin);
    expect((suspendedList.body.items as Array<{ userId: string }>).map((u) => u.userId)).toContain(seller.userId);

    await once('activate', () => call('PATCH', `/api/admin/users/${seller.userId}/status`, admin, { status: 'active' }), 202);
    await api.queues.idle();
    expect((await call('GET', `/api/listings/${listingId}`, null)).status).toBe(200);
    await once('password reset', () => call('POST', `/api/admin/users/${seller.userId}/password-reset`, admin));

    expect((await call('PATCH', `/api/admin/users/${superAdmin.userId}/status`, admin, { status: 'suspended' })).status).toBe(403);
    expect((await call('POST', `/api/admin/users/${user.userId}/admin-role`, admin)).status).toBe(403);
    await once('make admin', () => call('POST', `/api/admin/users/${user.userId}/admin-role`, superAdmin));
    const admins = await call('GET', '/api/admin/users?filter=admins', admin);
    expect((admins.body.items as Array<{ userId: string; adminRole: string }>).find((u) => u.userId === user.userId)?.adminRole).toBe(
      'admin',
    );

    const log = await call('GET', '/api/admin/audit?resource=user&action=update', superAdmin);
    const entry = (log.body.items as Array<Record<string, unknown>>)[0];
    expect(entry).toMatchObject({ adminUserId: superAdmin.userId, resourceId: user.userId, userAgent: 'admin-int-test' });
    expect(entry.ipAddress).toBeTruthy();
  });

  it('reactivating an admin follows the suspension rules; Remove admin (super admins only) ends their access at once', async () => {
    // Prepare: a staff member a super admin suspended.
    const staffer = await createTestUser({ name: 'Rita Removed', groups: ['admins'] });
    expect((await call('GET', '/api/me', staffer)).status).toBe(200);
    expect((await call('GET', '/api/admin/session', staffer)).status).toBe(200);
    await once('suspend admin', () => call('PATCH', `/api/admin/users/${staffer.userId}/status`, superAdmin, { status: 'suspended' }), 202);

    // Act / Assess: a plain admin may not reactivate them (403 with the reason); a super admin may.
    const refused = await call('PATCH', `/api/admin/users/${staffer.userId}/status`, admin, { status: 'active' });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe('Only a super admin can reactivate an admin');
    await once('reactivate admin', () => call('PATCH', `/api/admin/users/${staffer.userId}/status`, superAdmin, { status: 'active' }), 202);

    // Remove admin: refused to admins, done once by a super admin; their still-valid token is refused by the gate.
    // (Their access token from before the suspension is still within its hour, as in AWS.)
    expect((await call('GET', '/api/admin/analytics', staffer)).status).toBe(200);
    expect((await call('DELETE', `/api/admin/users/${staffer.userId}/admin-role`, admin)).status).toBe(403);
    expect((await call('DELETE', `/api/admin/users/${superAdmin.userId}/admin-role`, superAdmin)).status).toBe(403);
    const removed = await once('remove admin', () => call('DELETE', `/api/admin/users/${staffer.userId}/admin-role`, superAdmin));
    expect(removed.body).toMatchObject({ userId: staffer.userId, adminRole: null });
    const gone = await call('GET', '/api/admin/analytics', staffer);
    expect(gone.status).toBe(403);
    expect(gone.body.error?.message).toBe('Your admin access was removed');
    const admins = await call('GET', '/api/admin/users?filter=admins', superAdmin);
    expect((admins.body.items as Array<{ userId: string }>).map((u) => u.userId)).not.toContain(staffer.userId);
    const log = await call('GET', '/api/admin/audit?resource=user&action=update', superAdmin);
    expect((log.body.items as Array<Record<string, unknown>>)[0]).toMatchObject({
      adminUserId: superAdmin.userId,
      resourceId: staffer.userId,
      details: expect.objectContaining({ change: 'admin_role', from: 'admin', to: null }),
    });
  });

  it('listings: status (leaves browse, owner sees why), description, images, delete; scraped hide', async () => {
    const created = await call('POST', '/api/my-listings', seller, {
      make: 'daf',
      model: 'XF',
      year: 2018,
      category: 'articulated',
      price: 30000,
      contactName: 'Sel',
      phone: '07700 900123',
    });
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    await once('status', () => call('PATCH', `/api/admin/listings/${id}/status`, admin, { status: 'sold' }));
    const own = await call('GET', `/api/my-listings/${id}`, seller);
    expect(own.body).toMatchObject({ status: 'sold', statusSetByStaff: true });
    expect((await call('PATCH', `/api/my-listings/${id}/status`, seller, { status: 'active' })).status).toBe(409);
    const sold = await call('GET', '/api/admin/listings?status=sold', admin);
    expect((sold.body.items as Array<{ id: string }>).map((l) => l.id)).toContain(id);
    // 'all' merges every status partition newest first; a page of one continues with the cursor.
    const first = await call('GET', '/api/admin/listings?status=all', admin);
    expect((first.body.items as Array<{ id: string; status: string }>)[0]).toMatchObject({ id, status: 'sold' });
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const res: Res = await call('GET', `/api/admin/listings${cursor ? `?cursor=${cursor}` : ''}`, admin);
      all.push(...(res.body.items as Array<{ id: string }>).map((l) => l.id));
      cursor = res.body.nextCursor as string | null;
    } while (cursor);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain(id);
    await once('description', () => call('PATCH', `/api/admin/listings/${id}/description`, admin, { description: 'Checked by staff' }));
    await once('images', () => call('PUT', `/api/admin/listings/${id}/images`, admin, { imageKeys: [] }));
    await once('delete', () => call('DELETE', `/api/admin/listings/${id}`, admin));
    expect((await call('GET', `/api/listings/${id}`, null)).status).toBe(404);

    await createListingsRepo({ ddb, tableName: api.tableName }).putScraped({
      id: 'src-1',
      externalId: '1',
      sourceWebsite: 'example.test',
      sourceUrl: null,
      make: 'MAN',
      model: 'TGX',
      year: 2017,
      mileage: null,
      price: 20000,
      location: null,
      dealerName: null,
      dealerContact: null,
      category: null,
      fuelType: null,
      transmission: null,
      description: null,
      scrapedAt: new Date().toISOString(),
      isActive: true,
      updatedAt: new Date().toISOString(),
    });
    await once('scraped hide', () => call('PATCH', '/api/admin/scraped/src-1/visibility', admin, { hidden: true }));
    const hidden = await call('GET', '/api/admin/scraped?hidden=true', admin);
    expect((hidden.body.items as Array<{ id: string }>).map((s) => s.id)).toContain('src-1');
  });

  it('reports: anyone reports a listing behind the challenge; staff see them newest first, hide the listing (audited) and mark them handled', async () => {
    const LISTING = {
      make: 'scania',
      model: 'R 450',
      year: 2019,
      category: 'articulated',
      price: 35000,
      contactName: 'Sel',
      phone: '07700 900123',
    };
    const created = await call('POST', '/api/my-listings', seller, LISTING);
    const id = String(created.body.id);
    const report = async (body: Record<string, unknown>, listingId = id) =>
      fetch(`${api.baseUrl}/api/listings/${listingId}/reports`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ altcha: await solvedChallenge(api.baseUrl), ...body }),
      });
    // The reports below count to the per-address limit (ten-minute windows): start well inside one.
    await clearOfRateWindowEdge(REPORT_WINDOW_SECONDS, 120);
    // Refused: no challenge (403), "Other" without a text (400), no such listing (404); nothing stored.
    const noChallenge = await fetch(`${api.baseUrl}/api/listings/${id}/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'scam', altcha: 'x' }),
    });
    expect(noChallenge.status).toBe(403);
    const other = await report({ reason: 'other' });
    expect(other.status).toBe(400);
    expect(JSON.stringify(await other.json())).toContain('Please tell us what is wrong');
    expect((await report({ reason: 'sold' }, UNKNOWN)).status).toBe(404);
    expect((await call('GET', '/api/admin/reports', admin)).body.items).toEqual([]);

    expect((await report({ reason: 'scam', details: 'Asks for a deposit by bank transfer' })).status).toBe(202);
    expect((await report({ reason: 'other', details: 'Photos are of another truck', email: 'buyer@example.com' })).status).toBe(202);
    const list = await call('GET', '/api/admin/reports', admin);
    const items = list.body.items as Array<{
      id: string;
      reason: string;
      status: string;
      listingTitle: string;
      reporterEmail: string | null;
    }>;
    expect(items.map((r) => r.reason)).toEqual(['other', 'scam']);
    expect(items[0]).toMatchObject({ status: 'open', listingTitle: '2019 Scania R 450', reporterEmail: 'buyer@example.com' });

    const before = await auditCount();
    const hidden = await call('PATCH', `/api/admin/reports/${items[1].id}`, admin, { action: 'hide-listing' });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(hidden.body).toMatchObject({ status: 'listing-hidden', handledBy: admin.userId });
    // One entry for the listing (as the Listings tab writes it), one for the report.
    expect(await auditCount()).toBe(before + 2);
    expect((await call('GET', `/api/listings/${id}`, null)).status).toBe(404);
    await once('report handled', () => call('PATCH', `/api/admin/reports/${items[0].id}`, admin, { action: 'mark-handled' }));
    const after = (await call('GET', '/api/admin/reports', admin)).body.items as Array<{ status: string }>;
    expect(after.map((r) => r.status)).toEqual(['handled', 'listing-hidden']);
    expect((await call('PATCH', `/api/admin/reports/${items[0].id}`, admin, { action: 'delete' })).status).toBe(400);

    // Five reports per address per ten minutes, as the contact form (three counted above).
    const other2 = await call('POST', '/api/my-listings', seller, { ...LISTING, model: 'R 500' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await report({ reason: 'wrong-details' }, String(other2.body.id))).status);
    expect(statuses).toEqual([202, 202, 429]);
    // The analytics test below counts the listings left.
    for (const listingId of [id, String(other2.body.id)])
      expect((await call('DELETE', `/api/admin/listings/${listingId}`, admin)).status).toBe(200);
  }, 300_000);

  it('content and promotions: create, update, delete; public reads sanitise and apply the activity rule', async () => {
    const c = await once(
      'content create',
      () =>
        call('POST', '/api/admin/content', admin, {
          pageSlug: 'home',
          sectionKey: 'hero',
          title: 'Hi',
          content: 'Hello <script>alert(1)</script>**bold**',
        }),
      201,
    );
    const pub = await call('GET', '/api/content/home', null);
    const hero = (pub.body.sections as Array<{ sectionKey: string; html: string }>).find((s) => s.sectionKey === 'hero');
    expect(hero?.html).toContain('<strong>bold</strong>');
    expect(hero?.html).not.toContain('<script');
    expect((await call('POST', '/api/admin/content', admin, { pageSlug: 'home', sectionKey: 'hero', content: 'dup' })).status).toBe(409);
    await once('content update', () =>
      call('PUT', `/api/admin/content/${c.body.id}`, admin, { pageSlug: 'home', sectionKey: 'hero', content: 'Changed', isActive: false }),
    );
    expect((await call('GET', '/api/content/home', null)).body.sections).toEqual([]);
    await once('content delete', () => call('DELETE', `/api/admin/content/${c.body.id}`, admin));

    const p = await once(
      'promotion create',
      () =>
        call('POST', '/api/admin/promotions', admin, {
          title: 'Winter deals',
          position: 'hero',
          linkUrl: 'https://example.test',
          startDate: '',
          endDate: '',
        }),
      201,
    );
    expect(p.body).toMatchObject({ startDate: null, endDate: null });
    expect(
      (await call('POST', '/api/admin/promotions', admin, { title: 'Bad', position: 'hero', linkUrl: 'javascript:alert(1)' })).status,
    ).toBe(400);
    const live = await call('GET', '/api/promotions', null);
    expect((live.body.hero as Array<{ title: string }>).map((x) => x.title)).toEqual(['Winter deals']);
    await once('promotion update', () =>
      call('PUT', `/api/admin/promotions/${p.body.id}`, admin, { title: 'Winter deals', position: 'hero', endDate: '2001-01-01' }),
    );
    expect((await call('GET', '/api/promotions', null)).body.hero).toEqual([]);
    await once('promotion delete', () => call('DELETE', `/api/admin/promotions/${p.body.id}`, admin));
  });

  it('media: images re-encoded without EXIF or GPS; a promotion using the absolute "Copy URL" blocks deleting the image', async () => {
    // Prepare: a JPEG with a camera GPS position in its EXIF.
    const sharp = (await import('sharp')).default;
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCam', Copyright: 'Staff' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const req = await call('POST', '/api/admin/media/uploads', admin, {
      category: 'promotional',
      files: [{ name: 'truck.jpg', type: 'image/jpeg', size: jpeg.length }],
    });
    const u = (req.body.uploads as Array<{ key: string; url: string; fields: Record<string, string> }>)[0];
    const form = new FormData();
    for (const [k, v] of Object.entries(u.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(jpeg)]), 'truck.jpg');
    expect((await fetch(u.url, { method: 'POST', body: form })).status).toBeLessThan(300);

    // Act
    const done = await once(
      'media upload (jpeg)',
      () => call('POST', '/api/admin/media', admin, { category: 'promotional', uploads: [{ key: u.key, name: 'truck.jpg' }] }),
      201,
    );

    // Assess: the published file is a clean JPEG of the same picture.
    const asset = (done.body.items as Array<{ id: string; url: string; fileSize: number }>)[0];
    const published = Buffer.from(await (await fetch(`${api.baseUrl}${asset.url}`)).arrayBuffer());
    const meta = await sharp(published).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    expect(published.includes(Buffer.from('PhoneCam'))).toBe(false);
    expect(asset.fileSize).toBe(published.length);

    // A promotion saved with the absolute URL staff copied is stored site-relative, and blocks the delete.
    const absolute = new URL(asset.url, api.baseUrl).toString();
    const promo = await call('POST', '/api/admin/promotions', admin, { title: 'Copied URL', position: 'sidebar', imageUrl: absolute });
    expect(promo.status, JSON.stringify(promo.body)).toBe(201);
    expect(promo.body.imageUrl).toBe(asset.url);
    const refused = await call('DELETE', `/api/admin/media/${asset.id}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toContain("promotion 'Copied URL'");
    // One stored absolute before saves normalised blocks it too (compared without its origin), and the migration rewrites it.
    await ddb.send(
      new UpdateCommand({
        TableName: api.tableName,
        Key: keys.promotion(String(promo.body.id)),
        UpdateExpression: 'SET imageUrl = :u',
        ExpressionAttributeValues: { ':u': absolute },
      }),
    );
    expect((await call('DELETE', `/api/admin/media/${asset.id}`, admin)).status).toBe(409);
    expect(await siteRelativeMediaUrls(ddb, api.tableName, originOf(api.baseUrl))).toEqual({ promotions: 1, sections: 0 });
    expect((await ddb.send(new GetCommand({ TableName: api.tableName, Key: keys.promotion(String(promo.body.id)) }))).Item?.imageUrl).toBe(
      asset.url,
    );
    expect(await siteRelativeMediaUrls(ddb, api.tableName, originOf(api.baseUrl))).toEqual({ promotions: 0, sections: 0 });
    await call('DELETE', `/api/admin/promotions/${promo.body.id}`, admin);
    await once('media delete (jpeg)', () => call('DELETE', `/api/admin/media/${asset.id}`, admin));
  });

  it('media: checked by bytes, published under {category}/, in-use delete refused; inbox update', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const upload = async (name: string, bytes: Buffer) => {
      const req = await call('POST', '/api/admin/media/uploads', admin, {
        category: 'banners',
        files: [{ name, type: 'image/png', size: bytes.length }],
      });
      expect(req.status).toBe(200);
      const u = (req.body.uploads as Array<{ key: string; url: string; fields: Record<string, string> }>)[0];
      const form = new FormData();
      for (const [k, v] of Object.entries(u.fields)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      expect((await fetch(u.url, { method: 'POST', body: form })).status).toBeLessThan(300);
      return u.key;
    };
    const fakeKey = await upload('fake.png', Buffer.from('<html>not an image</html>'));
    const before = await snapshot();
    expect(
      (await call('POST', '/api/admin/media', admin, { category: 'banners', uploads: [{ key: fakeKey, name: 'fake.png' }] })).status,
    ).toBe(415);
    expect(await snapshot()).toBe(before);

    const key = await upload('banner.png', png);
    const done = await once(
      'media upload',
      () => call('POST', '/api/admin/media', admin, { category: 'banners', uploads: [{ key, name: 'banner.png' }] }),
      201,
    );
    const asset = (done.body.items as Array<{ id: string; url: string; filePath: string; usageCount: number }>)[0];
    expect(asset.filePath).toMatch(/^banners\/\d+-[a-z0-9]+\.png$/);
    expect(asset.url).toBe(`/media/banners/${asset.filePath}`);
    expect((await fetch(`${api.baseUrl}${asset.url}`)).status).toBe(200);
    await once('media update', () => call('PATCH', `/api/admin/media/${asset.id}`, admin, { altText: 'Winter banner', tags: ['winter'] }));

    const promo = await call('POST', '/api/admin/promotions', admin, { title: 'Uses banner', position: 'footer', imageUrl: asset.url });
    const refused = await call('DELETE', `/api/admin/media/${asset.id}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toContain("promotion 'Uses banner'");
    await call('DELETE', `/api/admin/promotions/${promo.body.id}`, admin);
    await once('media delete', () => call('DELETE', `/api/admin/media/${asset.id}`, admin));

    const at = new Date().toISOString();
    await ddb.send(
      new PutCommand({
        TableName: api.tableName,
        Item: {
          ...keys.contactMessage('msg-1'),
          ...keys.contactMessagesByDate(at),
          id: 'msg-1',
          createdAt: at,
          firstName: 'A',
          lastName: 'B',
          email: 'a@b.test',
          subject: 'S',
          message: 'M',
          status: 'new',
        },
      }),
    );
    await once('inbox update', () =>
      call('PATCH', '/api/admin/inbox/contacts/msg-1', admin, { status: 'in_progress', assignee: 'Ada', note: 'Called back' }),
    );
    const inbox = await call('GET', '/api/admin/inbox/contacts', admin);
    expect((inbox.body.items as Array<Record<string, unknown>>)[0]).toMatchObject({ id: 'msg-1', status: 'in_progress', assignee: 'Ada' });
  });

  it('failed e-mails: listed newest first; a retry sends it through the mailer, leaves the list and writes one audit entry', async () => {
    // Prepare: an e-mail dead-lettered after its last attempt (the outbox's RetryEmails job gave up).
    const outbox = emailOutboxStore(ddb, api.tableName);
    const createdAt = new Date(Date.now() - 3600_000);
    const to = `failed-${Date.now()}@example.com`;
    await outbox.add({
      id: 'mail-dead-1',
      createdAt: createdAt.toISOString(),
      email: { to, subject: 'Your valuation request', text: 'We will call you back.', html: '<p>We will call you back.</p>' },
      status: 'pending',
      attempts: 8,
    });
    await outbox.markFailed('mail-dead-1', new Date(), 'Error: connect ECONNREFUSED');
    const listed = await call('GET', '/api/admin/failed-emails', admin);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        id: 'mail-dead-1',
        to,
        subject: 'Your valuation request',
        attempts: 8,
        lastError: 'Error: connect ECONNREFUSED',
      }),
    ]);

    // Act
    const retried = await once('failed e-mail retry', () => call('POST', '/api/admin/failed-emails/mail-dead-1/retry', admin));

    // Assess
    expect(retried.body).toEqual({ outcome: 'sent' });
    await waitForMail(testMailDir(), { to });
    expect((await call('GET', '/api/admin/failed-emails', admin)).body.items).toEqual([]);
    expect(await outbox.get('mail-dead-1')).toMatchObject({ status: 'sent', attempts: 9 });
    expect((await call('POST', '/api/admin/failed-emails/mail-dead-1/retry', admin)).status).toBe(404);
  });

  it('reads of personal data are audited: the user list, the Inbox and failed e-mails, each as action read', async () => {
    // Act
    expect((await call('GET', '/api/admin/users?filter=dealers&q=Sel', admin)).status).toBe(200);
    expect((await call('GET', '/api/admin/inbox/valuations', admin)).status).toBe(200);
    expect((await call('GET', '/api/admin/failed-emails', admin)).status).toBe(200);

    // Assess: newest first, who read what, filterable by action and by resource.
    const reads = await call('GET', '/api/admin/audit?action=read', superAdmin);
    expect((reads.body.items as Array<Record<string, unknown>>).slice(0, 3)).toEqual([
      expect.objectContaining({ adminUserId: admin.userId, action: 'read', resourceType: 'failed-email', resourceId: 'list' }),
      expect.objectContaining({ adminUserId: admin.userId, action: 'read', resourceType: 'inbox', resourceId: 'valuations' }),
      expect.objectContaining({
        adminUserId: admin.userId,
        action: 'read',
        resourceType: 'user',
        resourceId: 'list',
        details: expect.objectContaining({ filter: 'dealers', q: 'sel' }),
        userAgent: 'admin-int-test',
      }),
    ]);
    const inboxReads = await call('GET', '/api/admin/audit?action=read&resource=inbox', superAdmin);
    expect((inboxReads.body.items as Array<{ resourceType: string }>).every((e) => e.resourceType === 'inbox')).toBe(true);
    expect((await call('GET', '/api/admin/audit?resource=failed-email', superAdmin)).body.items).not.toEqual([]);
  });

  it('analytics come from the counters kept by the writes', async () => {
    const res = await call('GET', '/api/admin/analytics', admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ promotions: 0, mediaAssets: 0 });
    expect(res.body.totalUsers as number).toBeGreaterThanOrEqual(5);
    expect(res.body.totalListings).toBe(1);
    expect((res.body.weeks as unknown[]).length).toBe(12);
  });
});
