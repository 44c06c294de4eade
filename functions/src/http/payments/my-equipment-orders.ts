import { checkoutSessionIdSchema } from '../../../../shared/schemas/equipment.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { equipmentOrderStore } from '../../adapters/dynamodb/equipment-orders-repo.js';
import { config } from '../../config.js';
import { notFound } from '../../domain/errors.js';
import { getMyOrder, listMyOrders } from '../../domain/payments/equipment-orders.js';
import { httpHandler, json } from '../handler.js';
import { routeTo } from '../admin/route-to.js';

const orders = () => equipmentOrderStore(ddb, config.tableName);
const PRIVATE = { 'cache-control': 'private, no-store' };

/**
 * The buyer's own equipment orders: GET /api/me/equipment-orders (/account) and
 * GET /api/equipment/orders/{id} (/equipment/order-success: one paid order of the caller's, by
 * its checkout session id; anyone else's, or one not paid yet, is 404).
 */
export const handler = routeTo({
  'GET /api/me/equipment-orders': httpHandler('user', async ({ caller }) =>
    json(200, { orders: await listMyOrders(orders(), caller) }, PRIVATE),
  ),
  'GET /api/equipment/orders/{id}': httpHandler('user', async ({ event, caller }) => {
    const id = checkoutSessionIdSchema.safeParse(event.pathParameters?.id ?? '');
    if (!id.success) throw notFound('Order not found');
    return json(200, await getMyOrder(orders(), caller, id.data), PRIVATE);
  }),
});
