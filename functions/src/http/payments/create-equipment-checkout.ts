import { equipmentCheckoutSchema } from '../../../../shared/schemas/equipment.js';
import { startEquipmentCheckout } from '../../domain/payments/equipment-orders.js';
import { subscriptionDeps } from '../alerts/deps.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { ensureProfile } from '../my-listings/deps.js';

/** POST /api/equipment/checkout — `{ url }` of the hosted checkout for the cart (payment mode). */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const input = parseWith(equipmentCheckoutSchema, jsonBody(event));
  // The profile holds the e-mail the payment customer and the order confirmation go to.
  await ensureProfile(event, caller);
  return json(200, await startEquipmentCheckout(subscriptionDeps(), caller, input));
});
