import { alertsStore, openCheckoutStore } from '../../adapters/dynamodb/alerts-repo.js';
import { createRateLimiter } from '../../adapters/dynamodb/rate-limit.js';
import { webhookEventLedger } from '../../adapters/dynamodb/webhook-events.js';
import { equipmentOrderStore } from '../../adapters/dynamodb/equipment-orders-repo.js';
import { getMailer } from '../../adapters/mail/mailer.js';
import { emitMetric } from '../../adapters/metrics/emf.js';
import { whatsappSenderFromEnv } from '../../adapters/whatsapp/whatsapp-sender.js';
import type { WhatsAppVerificationDeps } from '../../domain/alerts/whatsapp-verification.js';
import { recordEquipmentOrder } from '../../domain/payments/equipment-orders.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { createStripeGateway } from '../../adapters/stripe/stripe-gateway.js';
import { config } from '../../config.js';
import type { AlertsStore } from '../../domain/alerts/ports.js';
import type { PreferencesDeps } from '../../domain/alerts/preferences.js';
import type { Caller } from '../../domain/caller.js';
import type { SubscriptionDeps, WebhookDeps } from '../../domain/payments/subscriptions.js';
import type { HttpEvent } from '../handler.js';
import { ensureProfile, logError, profiles$ } from '../my-listings/deps.js';

/** Composition for the alerts and payments handlers; adapters picked once per cold start, per table. */
const stores = new Map<string, AlertsStore>();
export function alertsStore$(tableName: string = config.tableName): AlertsStore {
  let store = stores.get(tableName);
  if (!store) {
    store = alertsStore(ddb, tableName);
    stores.set(tableName, store);
  }
  return store;
}

let gateway: ReturnType<typeof createStripeGateway> | undefined;
export const paymentsGateway$ = () => {
  gateway ??= createStripeGateway();
  return gateway;
};

const log = (message: string, detail?: unknown) => console.log(JSON.stringify({ level: 'info', message, detail }));

export function preferencesDeps(event: HttpEvent): PreferencesDeps {
  return {
    store: alertsStore$(),
    now: () => new Date(),
    accountEmail: async (caller: Caller & { kind: 'user' }) => (await ensureProfile(event, caller)).email,
  };
}

/** The WhatsApp number verification routes: the store and the WhatsApp sender (null when not configured). */
export function whatsappVerificationDeps(): WhatsAppVerificationDeps {
  return {
    store: alertsStore$(),
    whatsapp: whatsappSenderFromEnv(),
    now: () => new Date(),
    metric: (name, properties) => emitMetric({ metrics: { [name]: 1 }, properties }),
  };
}

export function subscriptionDeps(): SubscriptionDeps {
  return {
    store: alertsStore$(),
    gateway: paymentsGateway$(),
    siteUrl: config.siteUrl,
    now: () => new Date(),
    account: async (userId) => {
      const profile = await profiles$().get(userId);
      const prefs = await alertsStore$().getPreferences(userId);
      return { email: profile?.email ?? prefs?.email ?? '', name: profile?.fullName ?? prefs?.name ?? null };
    },
    log,
    rateLimit: createRateLimiter(ddb, config.tableName),
    openCheckouts: openCheckoutStore(ddb, config.tableName),
  };
}

let ledger: ReturnType<typeof webhookEventLedger> | undefined;

/** `remainingMs`: the invocation's time left (Lambda's context). */
export function webhookDeps(remainingMs: () => number): WebhookDeps {
  const subscriptions = subscriptionDeps();
  ledger ??= webhookEventLedger(config.tableName);
  return {
    ...subscriptions,
    events: ledger,
    remainingMs,
    log: (m, d) => (d instanceof Error ? logError(m, d) : log(m, d)),
    onPaymentCompleted: async (event) => {
      await recordEquipmentOrder(
        {
          orders: equipmentOrderStore(ddb, config.tableName),
          mailer: getMailer(),
          mail: { siteUrl: config.siteUrl },
          account: subscriptions.account,
          now: () => new Date(),
          log,
        },
        event,
      );
    },
  };
}
