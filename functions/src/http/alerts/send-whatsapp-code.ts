import { whatsappCodeRequestSchema } from '../../../../shared/schemas/alerts.js';
import { sendWhatsAppCode } from '../../domain/alerts/whatsapp-verification.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { whatsappVerificationDeps } from './deps.js';

/** POST /api/alert-preferences/whatsapp/code — a 6-digit code to the preferences' phone, by WhatsApp. */
export const handler = httpHandler('user', async ({ event, caller }) => {
  parseWith(whatsappCodeRequestSchema, jsonBody(event));
  return json(200, await sendWhatsAppCode(whatsappVerificationDeps(), caller));
});
