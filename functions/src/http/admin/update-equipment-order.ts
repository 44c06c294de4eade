import { checkoutSessionIdSchema, updateEquipmentOrderSchema } from '../../../../shared/schemas/equipment.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { equipmentOrderStore } from '../../adapters/dynamodb/equipment-orders-repo.js';
import { getMailer } from '../../adapters/mail/mailer.js';
import { createStripeGateway } from '../../adapters/stripe/stripe-gateway.js';
import { config } from '../../config.js';
import { notFound } from '../../domain/errors.js';
import { updateEquipmentOrder } from '../../domain/payments/equipment-orders.js';
import { json, jsonBody, parseWith } from '../handler.js';
import { adminHandler, audit$ } from './deps.js';

let gateway: ReturnType<typeof createStripeGateway> | undefined;
const log = (message: string, detail?: unknown) => console.log(JSON.stringify({ level: 'info', message, detail }));

/**
 * POST /api/admin/orders/{id}/status — staff move an equipment order on from the Inbox: dispatched
 * (optional carrier and tracking reference; the buyer gets the dispatch e-mail), delivered,
 * cancelled or refunded (a refund through Stripe, and an e-mail). Audited.
 */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  const id = checkoutSessionIdSchema.safeParse(event.pathParameters?.id ?? '');
  if (!id.success) throw notFound('Order not found');
  const input = parseWith(updateEquipmentOrderSchema, jsonBody(event));
  gateway ??= createStripeGateway();
  const order = await updateEquipmentOrder(
    {
      orders: equipmentOrderStore(ddb, config.tableName),
      gateway,
      audit: audit$(),
      mailer: getMailer(),
      mail: { siteUrl: config.siteUrl },
      now: () => new Date(),
      log,
    },
    staff,
    id.data,
    input,
  );
  return json(200, { id: order.id, reference: order.reference, orderStatus: order.orderStatus });
});
