/** Names only: the CDK app's alarms read them without loading Powertools (observability.ts emits them). */
/** The app's own metrics (namespace POWERTOOLS_METRICS_NAMESPACE, dimension `service`). */
export const METRIC = {
  /** Time one search took in the search function (ms). */
  searchLatency: 'SearchLatency',
  /** A search answered from the function's result cache (1) or computed (0). */
  searchResultCacheHit: 'SearchResultCacheHit',
  /** Age of the search snapshot when the search function loaded it (s), once per environment. */
  snapshotAge: 'SearchSnapshotAge',
  /** Alerts sent, by channel dimension (email, whatsapp). */
  alertsSent: 'AlertsSent',
  /** Stripe webhook deliveries, by outcome dimension (processed, ignored, duplicate, rejected, failed). */
  webhookOutcome: 'StripeWebhookOutcome',
} as const;
