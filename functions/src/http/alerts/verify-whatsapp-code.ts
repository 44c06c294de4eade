import { whatsappVerifySchema } from '../../../../shared/schemas/alerts.js';
import { verifyWhatsAppCode } from '../../domain/alerts/whatsapp-verification.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { whatsappVerificationDeps } from './deps.js';

/** POST /api/alert-preferences/whatsapp/verify — the code; right, and WhatsApp alerts can go to the number. */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const input = parseWith(whatsappVerifySchema, jsonBody(event));
  return json(200, await verifyWhatsAppCode(whatsappVerificationDeps(), caller, input));
});
