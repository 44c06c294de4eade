import { IdempotencyAlreadyInProgressError, IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type WebhookEventLedger, WebhookEventInProgress } from '../../domain/payments/ports.js';
import { sdkClientConfig } from '../sdk-config.js';
import { keys } from './keys.js';
import { TTL_ATTRIBUTE } from './table.js';

/** How long a processed event id is remembered (Stripe retries for 3 days). */
const WEBHOOK_EVENT_RETENTION_SECONDS = 30 * 24 * 3600;
/** The idempotency key's prefix: the sort key is `stripe-webhook#<md5 of the event id>`. */
const WEBHOOK_LEASE_KEY_PREFIX = 'stripe-webhook';

/**
 * Stripe event ids as leases (pattern 28), kept by Powertools' idempotency utility on the app's
 * table: the first delivery writes INPROGRESS with an in-progress expiry at the end of the
 * invocation (Lambda's remaining time), then COMPLETED once processed. A failed processing deletes
 * the record, so Stripe's retry processes the event; one that died with its Lambda (a timeout)
 * leaves an INPROGRESS record whose lease has run out, which the next delivery takes over.
 *
 * Calls: GetItem, PutItem (conditional), UpdateItem, DeleteItem on keys with
 * pk `STRIPEEVENT#LEASE`; the webhook row's narrowed grant (`tableKeys` STRIPEEVENT#) allows them.
 */
export function webhookEventLedger(tableName: string, client: DynamoDBClient = new DynamoDBClient(sdkClientConfig())): WebhookEventLedger {
  const persistenceStore = new DynamoDBPersistenceLayer({
    tableName,
    awsSdkV3Client: client,
    keyAttr: 'pk',
    sortKeyAttr: 'sk',
    staticPkValue: keys.webhookEventLeasePk,
    // Seconds since the epoch, so the table's TTL removes records after the retention.
    expiryAttr: TTL_ATTRIBUTE,
    statusAttr: 'leaseStatus',
    inProgressExpiryAttr: 'leaseUntilMs',
    dataAttr: 'result',
  });
  return {
    async runOnce(eventId, remainingMs, work) {
      let ran = false;
      const config = new IdempotencyConfig({
        eventKeyJmesPath: 'eventId',
        expiresAfterSeconds: WEBHOOK_EVENT_RETENTION_SECONDS,
        throwOnNoIdempotencyKey: true,
        // The lease ends when this invocation must have ended.
        lambdaContext: { getRemainingTimeInMillis: () => Math.max(1, remainingMs()) } as never,
      });
      const once = makeIdempotent(
        async (_payload: { eventId: string }) => {
          ran = true;
          await work();
          return { eventId };
        },
        { persistenceStore, config, keyPrefix: WEBHOOK_LEASE_KEY_PREFIX },
      );
      try {
        await once({ eventId });
      } catch (err) {
        // Another delivery holds the lease; the processing's own errors come through unchanged.
        if (err instanceof IdempotencyAlreadyInProgressError) throw new WebhookEventInProgress(eventId);
        throw err;
      }
      return ran ? 'processed' : 'duplicate';
    },
  };
}
