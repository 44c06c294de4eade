import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, type TestUser, applyLocalCloudEnv, createTestUser, startTestApi } from '../../../../dev/testing/harness.js';
import type { FinanceSettings } from '../../../../shared/schemas/finance.js';

/**
 * Finance settings (issue 26 §3) against the real stand-ins: staff only (the staff gate on the
 * server), zod's numeric checks as 400s naming the field with nothing written, one audit entry per
 * save, and the public read that turns the calculator on only with an FCA number and a
 * representative example.
 */
let api: TestApi;
let buyer: TestUser;
let admin: TestUser;
let superAdmin: TestUser;

type Res = { status: number; body: Record<string, unknown> & { error?: { code: string; message: string } } };

async function call(method: string, path: string, who: TestUser | null, body?: unknown): Promise<Res> {
  const headers: Record<string, string> = { 'user-agent': 'finance-int-test' };
  if (who) headers.authorization = `Bearer ${who.accessToken}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${api.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

const VALID: FinanceSettings = {
  defaultAprPercent: 10.9,
  defaultTermMonths: 48,
  defaultDepositPercent: 10,
  representativeExample: { cashPricePounds: 50_000, depositPounds: 5_000, termMonths: 48, aprPercent: 9.9, balloonPounds: 0 },
  fcaNumber: '123456',
  demo: false,
};

const financeAudit = async () =>
  ((await call('GET', '/api/admin/audit?resource=finance-settings', superAdmin)).body.items as Array<Record<string, unknown>>) ?? [];

beforeAll(async () => {
  applyLocalCloudEnv();
  api = await startTestApi({ tablePrefix: 'finance' });
  [buyer, admin, superAdmin] = await Promise.all([
    createTestUser({ name: 'Bea Buyer' }),
    createTestUser({ name: 'Fin Admin', groups: ['admins'] }),
    createTestUser({ name: 'Sue Super', groups: ['super_admins'] }),
  ]);
});
afterAll(async () => {
  await api?.close();
});

describe('finance settings API', () => {
  it('is off until staff save an FCA number and a representative example', async () => {
    const res = await call('GET', '/api/finance', null);
    expect(res.status).toBe(200);
    expect(res.body.settings).toBeNull();
    const adminView = await call('GET', '/api/admin/finance-settings', admin);
    expect(adminView.status).toBe(200);
    expect(adminView.body).toMatchObject({ representativeExample: null, fcaNumber: null, updatedAt: null });
  });

  it('refuses anyone but staff: 401 without a token, 403 for a buyer, nothing written', async () => {
    expect((await call('PUT', '/api/admin/finance-settings', null, VALID)).status).toBe(401);
    expect((await call('PUT', '/api/admin/finance-settings', buyer, VALID)).status).toBe(403);
    expect((await call('GET', '/api/admin/finance-settings', buyer)).status).toBe(403);
    expect((await call('GET', '/api/finance', null)).body.settings).toBeNull();
  });

  it.each([
    ['an APR over 50 %', { defaultAprPercent: 120 }, 'defaultAprPercent'],
    ['a negative deposit %', { defaultDepositPercent: -5 }, 'defaultDepositPercent'],
    ['a term under 24 months', { defaultTermMonths: 12 }, 'defaultTermMonths'],
    ['a term that is not whole months', { defaultTermMonths: 36.5 }, 'defaultTermMonths'],
    ['an APR as text', { defaultAprPercent: '9.9' }, 'defaultAprPercent'],
    ['an FCA number that is not 6 or 7 digits', { fcaNumber: '12AB' }, 'fcaNumber'],
    [
      'a representative deposit above the cash price',
      { representativeExample: { ...VALID.representativeExample, depositPounds: 60_000 } },
      'representativeExample.depositPounds',
    ],
    [
      'a balloon above the amount of credit',
      { representativeExample: { ...VALID.representativeExample, balloonPounds: 45_000 } },
      'representativeExample.balloonPounds',
    ],
    ['an unknown field', { lender: 'x' }, ''],
  ])('answers 400 naming the field for %s, writing nothing', async (_label, patch, field) => {
    const res = await call('PUT', '/api/admin/finance-settings', admin, { ...VALID, ...patch });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('VALIDATION');
    if (field) expect(res.body.error?.message).toContain(`${field}:`);
    expect((await call('GET', '/api/finance', null)).body.settings).toBeNull();
    expect(await financeAudit()).toEqual([]);
  });

  it('saves valid settings for staff, audited once, and the site reads them', async () => {
    const res = await call('PUT', '/api/admin/finance-settings', admin, VALID);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...VALID, updatedAt: expect.any(String) });
    expect((await call('GET', '/api/finance', null)).body.settings).toEqual(VALID);

    const entries = await financeAudit();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'update',
      resourceType: 'finance-settings',
      resourceId: 'finance',
      adminUserId: admin.userId,
      details: expect.objectContaining({ fcaNumber: '123456', defaultAprPercent: 10.9 }),
    });
  });

  it('turns the calculator off again when the FCA number is cleared', async () => {
    expect((await call('PUT', '/api/admin/finance-settings', superAdmin, { ...VALID, fcaNumber: null })).status).toBe(200);
    expect((await call('GET', '/api/finance', null)).body.settings).toBeNull();
    expect((await call('GET', '/api/admin/finance-settings', admin)).body.fcaNumber).toBeNull();
    expect(await financeAudit()).toHaveLength(2);
  });
});
