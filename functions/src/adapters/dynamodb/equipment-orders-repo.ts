import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { EquipmentOrder } from '../../../../shared/schemas/equipment.js';
import type { EquipmentOrderStore } from '../../domain/payments/equipment-orders.js';
import { keys } from './keys.js';
import { queryAll } from './query-all.js';

/** Equipment orders (pattern 27). */
export function equipmentOrderStore(ddb: DynamoDBDocumentClient, tableName: string): EquipmentOrderStore {
  return {
    async putOnce(order) {
      try {
        await ddb.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.equipmentOrder(order.id),
              ...(order.userId ? keys.equipmentOrdersByUser(order.userId, order.createdAt) : {}),
              ...keys.equipmentOrdersByDate(order.createdAt),
              type: 'EquipmentOrder',
              ...order,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (err) {
        if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
        throw err;
      }
    },
    // Pattern 27 on GSI1, newest first.
    async listByUser(userId) {
      const items = await queryAll(ddb, {
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.equipmentOrdersByUser(userId, '').gsi1pk },
        ScanIndexForward: false,
      });
      return items.map(
        (i): EquipmentOrder => ({
          id: String(i.id),
          userId: (i.userId as string | null) ?? null,
          email: (i.email as string | null) ?? null,
          lines: (i.lines as EquipmentOrder['lines']) ?? [],
          amountTotal: Number(i.amountTotal ?? 0),
          paymentStatus: 'paid',
          createdAt: String(i.createdAt),
        }),
      );
    },
  };
}
