import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type EquipmentOrder, ORDER_STATUSES, type OrderStatus, orderReference } from '../../../../shared/schemas/equipment.js';
import type { EquipmentOrderStore } from '../../domain/payments/equipment-orders.js';
import { keys } from './keys.js';
import { queryAll } from './query-all.js';

type Item = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** An order item back as the domain's order; orders stored before statuses existed read as paid. */
function toOrder(i: Item): EquipmentOrder {
  const id = String(i.id);
  return {
    id,
    reference: text(i.reference) ?? orderReference(id),
    userId: text(i.userId),
    email: text(i.email),
    lines: (i.lines as EquipmentOrder['lines']) ?? [],
    amountTotal: Number(i.amountTotal ?? 0),
    paymentStatus: 'paid',
    shipping: (i.shipping as EquipmentOrder['shipping']) ?? null,
    phone: text(i.phone),
    paymentIntentId: text(i.paymentIntentId),
    orderStatus: ORDER_STATUSES.includes(i.orderStatus as OrderStatus) ? (i.orderStatus as OrderStatus) : 'paid',
    carrier: text(i.carrier),
    trackingReference: text(i.trackingReference),
    dispatchedAt: text(i.dispatchedAt),
    deliveredAt: text(i.deliveredAt),
    refundedAt: text(i.refundedAt),
    refundId: text(i.refundId),
    createdAt: String(i.createdAt),
  };
}

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
    async get(id) {
      const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.equipmentOrder(id), ConsistentRead: true }));
      return res.Item ? toOrder(res.Item) : null;
    },
    // Only from the status it was read in, so two staff members cannot both move (or refund) it.
    async updateStatus(id, from, changes) {
      const names: Record<string, string> = { '#s': 'orderStatus' };
      const values: Record<string, unknown> = { ':from': from };
      const sets: string[] = [];
      for (const [k, v] of Object.entries(changes)) {
        if (v === undefined) continue;
        names[`#${k}`] = k;
        values[`:${k}`] = v;
        sets.push(`#${k} = :${k}`);
      }
      try {
        const res = await ddb.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.equipmentOrder(id),
            // Orders stored before statuses existed have none: they are paid.
            ConditionExpression: from === 'paid' ? '(#s = :from OR attribute_not_exists(#s)) AND attribute_exists(pk)' : '#s = :from',
            UpdateExpression: `SET ${sets.join(', ')}`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ReturnValues: 'ALL_NEW',
          }),
        );
        return res.Attributes ? toOrder(res.Attributes) : null;
      } catch (err) {
        if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return null;
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
      return items.map(toOrder);
    },
  };
}
