import {
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type ShippingAddress,
  orderReference,
} from '../../../../shared/schemas/equipment.js';
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { InboxItem, InboxKind } from '../../../../shared/schemas/admin.js';
import type { InboxStore } from '../../domain/admin/ports.js';
import { keys } from './keys.js';
import { type Item, str } from './item-fields.js';
import { byGsi, page } from './paging.js';
import { writeAudited } from './audited-write.js';

// Patterns 25, 26, 27.
export function inboxStore(ddb: DynamoDBDocumentClient, tableName: string, photoUrl: (key: string) => Promise<string>): InboxStore {
  const keyOf = (kind: InboxKind, id: string) =>
    kind === 'contacts' ? keys.contactMessage(id) : kind === 'orders' ? keys.equipmentOrder(id) : keys.valuationRequest(id);
  const partitionOf = (kind: InboxKind) => ({ contacts: 'CONTACTS', valuations: 'VALUATIONS', orders: 'ORDERS' })[kind];
  async function toItem(kind: InboxKind, i: Item): Promise<InboxItem> {
    const common = {
      id: String(i.id),
      kind,
      createdAt: String(i.createdAt),
      status: (i.status === 'in_progress' || i.status === 'done' ? i.status : 'new') as InboxItem['status'],
      assignee: str(i.assignee),
      note: str(i.note),
      // Set on a platinum subscriber's contact message (domain/contact/send-contact-message.ts); its GSI2 key `P#…` lists it first.
      priority: i.priority === true,
    };
    if (kind === 'contacts') {
      return {
        ...common,
        from: `${i.firstName ?? ''} ${i.lastName ?? ''}`.trim(),
        email: String(i.email ?? ''),
        subject: String(i.subject ?? ''),
        body: String(i.message ?? ''),
        photos: [],
        details: { phone: i.phone ?? null },
      };
    }
    if (kind === 'orders') {
      // Equipment orders (pattern 27): paid at checkout; staff track dispatch with status and note.
      const lines = Array.isArray(i.lines) ? (i.lines as Array<{ name?: unknown; quantity?: unknown; unitAmount?: unknown }>) : [];
      const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
      // The order's own status (Paid → Dispatched → Delivered, or Cancelled/Refunded) is orderStatus;
      // `status` is the Inbox's triage state, as for the other kinds.
      const orderStatus = ORDER_STATUSES.includes(i.orderStatus as OrderStatus) ? (i.orderStatus as OrderStatus) : 'paid';
      const reference = str(i.reference) ?? orderReference(String(i.id));
      const ship = (i.shipping ?? null) as ShippingAddress | null;
      return {
        ...common,
        from: String(i.email ?? ''),
        email: String(i.email ?? ''),
        subject: `Equipment order ${reference}: ${pounds(Number(i.amountTotal ?? 0))} · ${ORDER_STATUS_LABELS[orderStatus]}`,
        body: lines
          .map((l) => `${Number(l.quantity)} × ${String(l.name)} (${pounds(Number(l.unitAmount) * Number(l.quantity))})`)
          .join('\n'),
        photos: [],
        details: {
          orderId: String(i.id),
          reference,
          orderStatus,
          userId: i.userId ?? null,
          paid: pounds(Number(i.amountTotal ?? 0)),
          deliverTo: ship ? [ship.name, ship.line1, ship.line2, ship.city, ship.postcode].filter(Boolean).join(', ') : null,
          phone: str(i.phone),
          carrier: str(i.carrier),
          trackingReference: str(i.trackingReference),
        },
      };
    }
    const imageKeys = Array.isArray(i.imageKeys) ? i.imageKeys.map(String) : [];
    return {
      ...common,
      from: String(i.contactName ?? ''),
      email: String(i.contactEmail ?? ''),
      subject: `Valuation: ${i.age ?? ''} ${i.make ?? ''} ${i.model ?? ''}`.replace(/\s+/g, ' ').trim(),
      body: String(i.additionalInfo ?? ''),
      photos: await Promise.all(imageKeys.map(photoUrl)),
      details: {
        vehicleType: i.vehicleType,
        mileage: i.mileage,
        motStatus: i.motStatus,
        wheelConfiguration: i.wheelConfiguration,
        horsePower: i.horsePower ?? null,
        transmissionType: i.transmissionType ?? null,
        phone: i.contactPhone,
        company: i.company ?? null,
      },
    };
  }
  return {
    async list(kind, cursor, limit) {
      const res = await page(ddb, byGsi(tableName, 'gsi2', partitionOf(kind)), cursor, limit);
      const items = await Promise.all(res.items.map((i) => toItem(kind, i)));
      // Priority messages first within the page (the page itself stays newest first).
      items.sort((a, b) => Number(b.priority) - Number(a.priority));
      return { items, nextCursor: res.nextCursor };
    },
    async get(kind, id) {
      const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keyOf(kind, id), ConsistentRead: true }));
      return res.Item ? toItem(kind, res.Item) : null;
    },
    async update(kind, id, changes, at, audit) {
      const sets = ['updatedAt = :at'];
      const values: Record<string, unknown> = { ':at': at };
      const names: Record<string, string> = {};
      for (const [k, v] of Object.entries(changes)) {
        if (v === undefined) continue;
        names[`#${k}`] = k;
        values[`:${k}`] = v;
        sets.push(`#${k} = :${k}`);
      }
      try {
        // A transaction returns no attributes: the item is read again after the write.
        await writeAudited(
          ddb,
          tableName,
          [
            {
              Update: {
                TableName: tableName,
                Key: keyOf(kind, id),
                ConditionExpression: 'attribute_exists(pk)',
                UpdateExpression: `SET ${sets.join(', ')}`,
                ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
                ExpressionAttributeValues: values,
              },
            },
          ],
          audit,
        );
      } catch (err) {
        if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return null;
        throw err;
      }
      const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keyOf(kind, id), ConsistentRead: true }));
      return res.Item ? toItem(kind, res.Item) : null;
    },
  };
}
