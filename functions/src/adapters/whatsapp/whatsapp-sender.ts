import type { WhatsAppSender } from '../../domain/alerts/send-alerts.js';
import { getSecret } from '../secrets/secrets.js';

/**
 * WhatsApp Cloud API (Meta): approved template messages to E.164 numbers. WHATSAPP_API_URL points
 * at Meta's Graph API in AWS and at the local recorder (dev/whatsapp) locally; the access token is
 * the `whatsappToken` secret; WHATSAPP_PHONE_NUMBER_ID is the sending number. Without a phone
 * number id WhatsApp is off (null).
 */
export function whatsappSenderFromEnv(env: NodeJS.ProcessEnv = process.env, fetchFn: typeof fetch = fetch): WhatsAppSender | null {
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID;
  if (!phoneNumberId) return null;
  const base = (env.WHATSAPP_API_URL ?? 'https://graph.facebook.com').replace(/\/$/, '');
  const version = env.WHATSAPP_API_VERSION ?? 'v21.0';
  return {
    async sendTemplate(to, template, parameters) {
      const res = await fetchFn(`${base}/${version}/${phoneNumberId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await getSecret('whatsappToken')}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          to,
          type: 'template',
          template: {
            name: template,
            language: { code: 'en_GB' },
            components: [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text: text.slice(0, 1000) })) }],
          },
        }),
      });
      if (!res.ok) throw new Error(`WhatsApp Cloud API answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    },
  };
}
