import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.js';
import type { SuppressionList } from '../../domain/mail/outbox.js';
import { ddb as defaultDdb } from './client.js';
import { keys } from './keys.js';

export type SuppressionReason = 'bounce' | 'complaint';

/** Pattern 54: `pk=SUPPRESSED#<address lower-cased>`, `sk=SUPPRESSED`, with the reason and when SES reported it. */
export function suppressionList(
  ddb: DynamoDBDocumentClient,
  tableName: string,
): SuppressionList & { suppress(email: string, reason: SuppressionReason, at: Date, detail?: string): Promise<void> } {
  return {
    async isSuppressed(email) {
      const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.suppressedAddress(email) }));
      return Boolean(res.Item);
    },
    async suppress(email, reason, at, detail) {
      await ddb.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.suppressedAddress(email),
            type: 'SuppressedAddress',
            email: email.trim().toLowerCase(),
            reason,
            suppressedAt: at.toISOString(),
            ...(detail ? { detail: detail.slice(0, 200) } : {}),
          },
        }),
      );
    },
  };
}

/** For any area that mails or lists recipients: true when SES reported the address as bouncing or complaining. */
export function isSuppressed(email: string): Promise<boolean> {
  return suppressionList(defaultDdb, config.tableName).isSuppressed(email);
}
