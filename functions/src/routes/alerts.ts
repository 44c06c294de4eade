import type { RouteDef } from '../routes.js';
import { OUTBOX_KEYS } from './accounts.js';

/**
 * Truck alerts and subscriptions (issue 10): preferences and alert settings (area 'alerts'), plans,
 * checkout, the customer portal and Stripe's webhook (area 'payments').
 */
export const alertsRoutes: RouteDef[] = [
  {
    id: 'GetAlertPreferences',
    method: 'GET',
    path: '/api/alert-preferences',
    handler: 'http/alerts/get-preferences.ts',
    auth: 'user',
    area: 'alerts',
    access: { table: 'readWrite' },
  },
  {
    id: 'SaveAlertPreferences',
    method: 'PUT',
    path: '/api/alert-preferences',
    handler: 'http/alerts/save-preferences.ts',
    auth: 'user',
    area: 'alerts',
    access: { table: 'readWrite' },
  },
  {
    id: 'UpdateAlertSettings',
    method: 'PATCH',
    path: '/api/alert-settings',
    handler: 'http/alerts/update-alert-settings.ts',
    auth: 'user',
    area: 'alerts',
    access: { table: 'readWrite' },
  },
  {
    // Issue 23: a 6-digit code by WhatsApp before alerts go to the number. Its own item (WACODE) and
    // the preferences under the caller's USER# key; the token secret for the sender.
    id: 'SendWhatsAppCode',
    method: 'POST',
    path: '/api/alert-preferences/whatsapp/code',
    handler: 'http/alerts/send-whatsapp-code.ts',
    auth: 'user',
    area: 'alerts',
    access: { table: 'readWrite', tableKeys: ['USER#'], secrets: ['whatsappToken'] },
  },
  {
    // Checks the code; no WhatsApp access at all.
    id: 'VerifyWhatsAppCode',
    method: 'POST',
    path: '/api/alert-preferences/whatsapp/verify',
    handler: 'http/alerts/verify-whatsapp-code.ts',
    auth: 'user',
    area: 'alerts',
    access: { table: 'readWrite', tableKeys: ['USER#'] },
  },
  {
    id: 'CheckUnsubscribeLink',
    method: 'GET',
    path: '/api/alerts/unsubscribe',
    handler: 'http/alerts/check-unsubscribe.ts',
    auth: 'public',
    area: 'alerts',
    access: { secrets: ['unsubscribeSigningKey'] },
  },
  {
    // RFC 8058 one-click: no sign-in, the signed token is the credential.
    id: 'UnsubscribeFromAlerts',
    method: 'POST',
    path: '/api/alerts/unsubscribe',
    handler: 'http/alerts/unsubscribe.ts',
    auth: 'public',
    area: 'alerts',
    // Narrowed (issue 23 "Old M4"): the user's alert schedule only.
    access: { table: 'readWrite', tableKeys: ['USER#'], secrets: ['unsubscribeSigningKey'] },
  },
  {
    id: 'ListSubscriptionTiers',
    method: 'GET',
    path: '/api/subscription-tiers',
    handler: 'http/payments/list-tiers.ts',
    auth: 'public',
    area: 'payments',
    access: { table: 'read' },
  },
  {
    id: 'GetMySubscription',
    method: 'GET',
    path: '/api/subscription',
    handler: 'http/payments/get-subscription.ts',
    auth: 'user',
    area: 'payments',
    access: { table: 'read' },
  },
  {
    id: 'CreateSubscriptionCheckout',
    method: 'POST',
    path: '/api/subscription/checkout',
    handler: 'http/payments/create-checkout.ts',
    auth: 'user',
    area: 'payments',
    access: { table: 'readWrite', secrets: ['stripeSecretKey'] },
  },
  {
    id: 'SyncMySubscription',
    method: 'POST',
    path: '/api/subscription/sync',
    handler: 'http/payments/sync-subscription.ts',
    auth: 'user',
    area: 'payments',
    access: { table: 'readWrite', secrets: ['stripeSecretKey'] },
  },
  {
    id: 'OpenCustomerPortal',
    method: 'POST',
    path: '/api/subscription/portal',
    handler: 'http/payments/open-portal.ts',
    auth: 'user',
    area: 'payments',
    access: { table: 'readWrite', secrets: ['stripeSecretKey'] },
  },
  {
    id: 'StripeWebhook',
    method: 'POST',
    path: '/api/payments/webhook',
    handler: 'http/payments/stripe-webhook.ts',
    auth: 'public',
    rawBody: true,
    area: 'payments',
    // The most API Gateway waits; a slow Stripe call (10 s, one retry) still leaves time to answer.
    timeoutSeconds: 29,
    // mail: the equipment order's confirmation to the buyer.
    // Narrowed (issue 23 "Old M4"): the user's subscription, billing customer, preferences, profile
    // and alert schedule (USER#), equipment orders, the event leases, the outbox; the customer-id
    // lookup on gsi1 (when a subscription carries no user id).
    access: {
      table: 'readWrite',
      tableKeys: ['USER#', 'ORDER#', 'STRIPEEVENT#', ...OUTBOX_KEYS],
      tableIndexQueries: ['gsi1'],
      mail: true,
      secrets: ['stripeSecretKey', 'stripeWebhookSecret'],
    },
  },
  {
    // Equipment checkout (issue 10 §7): a Checkout Session in payment mode, priced from the catalogue.
    id: 'CreateEquipmentCheckout',
    method: 'POST',
    path: '/api/equipment/checkout',
    handler: 'http/payments/create-equipment-checkout.ts',
    auth: 'user',
    area: 'payments',
    access: { table: 'readWrite', secrets: ['stripeSecretKey'] },
  },
  // The buyer's equipment orders (issue 24 §3): /account's list and /equipment/order-success's order.
  {
    id: 'ListMyEquipmentOrders',
    method: 'GET',
    path: '/api/me/equipment-orders',
    handler: 'http/payments/my-equipment-orders.ts',
    auth: 'user',
    area: 'payments',
    access: { table: 'read' },
  },
  {
    id: 'GetMyEquipmentOrder',
    method: 'GET',
    path: '/api/equipment/orders/{id}',
    handler: 'http/payments/my-equipment-orders.ts',
    auth: 'user',
    area: 'payments',
    access: { table: 'read' },
  },
];
