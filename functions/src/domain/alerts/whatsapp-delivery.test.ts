import { describe, expect, it } from 'vitest';
import type { AlertPreferences } from '../../../../shared/schemas/alerts.js';
import type { Listing } from '../../../../shared/schemas/listing.js';
import type { OutgoingEmail } from '../mail/mailer.js';
import type { AlertSchedule, AlertSent, AlertsStore } from './ports.js';
import { type AlertDeps, WHATSAPP_ALERT_NOT_SENT_METRIC, type WhatsAppSender, alertInstantly } from './send-alerts.js';

/**
 * Issue 22 (WhatsApp): a WhatsApp alert is never recorded as sent without a sender, the failure is
 * a metric an alarm watches, and a subscriber who turned e-mail off gets the alert by e-mail
 * instead, told why. Issue 23: an unverified number gets no WhatsApp message at all.
 */

const NOW = new Date('2026-03-02T09:00:00Z');
const PHONE = '+447700900111';

const listing = {
  id: 'l-1',
  source: 'user',
  status: 'active',
  title: '2019 Volvo FH 500',
  make: 'volvo',
  model: 'FH 500',
  year: 2019,
  price: 45_000,
  vatStatus: 'plus_vat',
  location: 'Leeds',
  images: [],
  createdAt: NOW.toISOString(),
} as unknown as Listing;

const prefs = (over: Partial<AlertPreferences> = {}): AlertPreferences => ({
  userId: 'u-1',
  name: 'Pat',
  phone: PHONE,
  email: 'pat@example.com',
  whatsappOptedIn: true,
  whatsappVerifiedPhone: PHONE,
  make: 'volvo',
  model: null,
  budgetMin: null,
  budgetMax: null,
  yearMin: null,
  yearMax: null,
  fuelType: null,
  transmission: null,
  maxMileage: null,
  location: null,
  radiusMiles: null,
  frequency: 'instant',
  createdAt: NOW.toISOString(),
  updatedAt: NOW.toISOString(),
  ...over,
});

/** The parts of the store instant alerts use, in memory (the DynamoDB adapter has its own tests). */
function memoryStore(schedule: AlertSchedule) {
  const claims = new Map<string, AlertSent & { whatsappUndeliveredAt?: string }>();
  const schedules = new Map([[schedule.userId, schedule]]);
  const unused = () => {
    throw new Error('not used here');
  };
  const store = {
    listDueSchedules: async () => [...schedules.values()],
    getSchedule: async (id: string) => schedules.get(id) ?? null,
    countAlertsSince: async () => 0,
    claimAlert: async (e: AlertSent) => {
      const k = `${e.userId}#${e.listingId}`;
      if (claims.has(k)) return false;
      claims.set(k, { ...e });
      return true;
    },
    releaseAlert: async (userId: string, listingId: string) => {
      claims.delete(`${userId}#${listingId}`);
    },
    markWhatsAppUndelivered: async (userId: string, ids: string[], at: string) => {
      for (const id of ids) {
        const c = claims.get(`${userId}#${id}`);
        if (c) c.whatsappUndeliveredAt = at;
      }
    },
    setWhatsAppProblem: async (userId: string, problem: AlertSchedule['whatsappProblem']) => {
      const s = schedules.get(userId);
      if (s) schedules.set(userId, { ...s, whatsappProblem: problem });
    },
  };
  return {
    store: new Proxy(store, { get: (t, k) => (k in t ? t[k as keyof typeof t] : unused) }) as unknown as AlertsStore,
    claims,
    schedules,
  };
}

function setup(
  opts: { emailEnabled?: boolean; sender?: WhatsAppSender | null; suppressed?: boolean; prefs?: Partial<AlertPreferences> } = {},
) {
  const schedule: AlertSchedule = {
    userId: 'u-1',
    isActive: true,
    emailEnabled: opts.emailEnabled ?? true,
    whatsappEnabled: true,
    frequency: 'instant',
    tier: 'platinum',
    paid: true,
    preferences: prefs(opts.prefs),
    lastDigestAt: NOW.toISOString(),
    whatsappProblem: null,
    updatedAt: NOW.toISOString(),
  };
  const mem = memoryStore(schedule);
  const mails: OutgoingEmail[] = [];
  const metrics: Array<{ name: string; properties: Record<string, unknown> }> = [];
  const deps: AlertDeps = {
    store: mem.store,
    mailer: { send: async (m: OutgoingEmail) => void mails.push(m) } as AlertDeps['mailer'],
    whatsapp: opts.sender === undefined ? null : opts.sender,
    siteUrl: 'https://truckyard.example',
    unsubscribeKey: async () => 'k',
    isSuppressed: async () => opts.suppressed ?? false,
    now: () => NOW,
    log: () => undefined,
    metric: (name, properties) => void metrics.push({ name, properties }),
  };
  return { deps, mails, metrics, ...mem };
}

const recordingSender = () => {
  const sent: Array<{ to: string; template: string }> = [];
  return { sent, sender: { sendTemplate: async (to: string, template: string) => void sent.push({ to, template }) } };
};

describe('a WhatsApp alert without a sender (issue 22)', () => {
  it('is not recorded as sent by WhatsApp: the claim says so, a metric line is logged, the dashboard gets a warning', async () => {
    // Prepare: no WHATSAPP_PHONE_NUMBER_ID, so no sender; e-mail on.
    const t = setup({ sender: null });
    // Act
    const result = await alertInstantly(t.deps, listing);
    // Assess
    expect(result.sent).toBe(1);
    expect(t.claims.get('u-1#l-1')?.whatsappUndeliveredAt).toBe(NOW.toISOString());
    expect(t.metrics).toEqual([
      expect.objectContaining({
        name: WHATSAPP_ALERT_NOT_SENT_METRIC,
        properties: expect.objectContaining({ reason: 'not-configured', userId: 'u-1' }),
      }),
    ]);
    expect(t.schedules.get('u-1')?.whatsappProblem).toEqual({ reason: 'not-configured', at: NOW.toISOString() });
    expect(t.mails).toHaveLength(1);
    expect(t.mails[0].text).toContain('We could not send this alert to you on WhatsApp.');
  });

  it('a failed send with nothing else delivered gives the claim back and fails, so a retry sends it', async () => {
    // Prepare: the sender fails, e-mail is off and the address is suppressed (no fallback possible).
    const t = setup({
      emailEnabled: false,
      suppressed: true,
      sender: {
        sendTemplate: async () => {
          throw new Error('WhatsApp Cloud API answered 500');
        },
      },
    });
    // Act + Assess
    await expect(alertInstantly(t.deps, listing)).rejects.toThrow(/1 instant alert\(s\) failed/);
    expect(t.claims.size).toBe(0);
    expect(t.metrics[0]).toMatchObject({ name: WHATSAPP_ALERT_NOT_SENT_METRIC, properties: { reason: 'send-failed' } });
  });

  it('a sent WhatsApp message clears an earlier warning and leaves no undelivered mark', async () => {
    const { sent, sender } = recordingSender();
    const t = setup({ sender });
    t.schedules.set('u-1', { ...(t.schedules.get('u-1') as AlertSchedule), whatsappProblem: { reason: 'send-failed', at: 'x' } });
    await alertInstantly(t.deps, listing);
    expect(sent).toEqual([{ to: PHONE, template: 'truck_alert' }]);
    expect(t.metrics).toEqual([]);
    expect(t.claims.get('u-1#l-1')?.whatsappUndeliveredAt).toBeUndefined();
    expect(t.schedules.get('u-1')?.whatsappProblem).toBeNull();
    expect(t.mails[0].text).not.toContain('WhatsApp');
  });
});

describe('a subscriber who turned e-mail off (issue 22)', () => {
  it('gets this one alert by e-mail, saying WhatsApp could not be reached and how to fix it', async () => {
    // Prepare: WhatsApp only, and WhatsApp cannot be sent.
    const t = setup({ emailEnabled: false, sender: null });
    // Act
    await alertInstantly(t.deps, listing);
    // Assess
    expect(t.mails).toHaveLength(1);
    expect(t.mails[0].to).toEqual({ name: 'Pat', address: 'pat@example.com' });
    expect(t.mails[0].subject).toBe('New match: 2019 Volvo FH 500');
    expect(t.mails[0].text).toContain('so it comes by e-mail this once (you turned e-mail alerts off)');
    expect(t.mails[0].text).toContain('https://truckyard.example/dashboard');
    expect(t.mails[0].html).toContain('comes by e-mail this once');
    expect(t.claims.get('u-1#l-1')?.whatsappUndeliveredAt).toBe(NOW.toISOString());
  });

  it('gets no e-mail when WhatsApp goes', async () => {
    const { sent, sender } = recordingSender();
    const t = setup({ emailEnabled: false, sender });
    await alertInstantly(t.deps, listing);
    expect(sent).toHaveLength(1);
    expect(t.mails).toEqual([]);
  });
});

describe('an unverified WhatsApp number (issue 23)', () => {
  it('gets no WhatsApp message, and a changed phone is unverified until verified again', async () => {
    for (const over of [{ whatsappVerifiedPhone: null }, { phone: '+447700900999' }]) {
      const { sent, sender } = recordingSender();
      const t = setup({ sender, prefs: over });
      await alertInstantly(t.deps, listing);
      expect(sent).toEqual([]);
      expect(t.mails).toHaveLength(1);
      expect(t.metrics).toEqual([]);
    }
  });
});
