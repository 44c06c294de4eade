import { VALUATION_PROMISE, valuationRequestSchema } from '../../../../shared/schemas/valuation.js';
import { submitValuationRequest } from '../../domain/valuations/submit-valuation.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { viewerIp } from '../viewer-ip.js';
import { logEmailFailures } from '../log-email-failures.js';
import { valuationDeps } from './deps.js';

/** The answer to every accepted request, honeypot hits included, so a bot cannot tell them apart. */
export const VALUATION_RECEIVED = {
  status: 'received',
  message: VALUATION_PROMISE.acknowledgement,
} as const;

/**
 * POST /api/valuations — a valuation request (spec §2 Valuation) with the keys of photos already
 * uploaded through POST /api/uploads/valuation-images: 202 when accepted, 400 per field, 403 for a
 * key we did not issue, 413/415 for a photo that is too large or not an image, 429 when rate-limited.
 */
export const handler = httpHandler('public', async ({ event, requestId }) => {
  const input = parseWith(valuationRequestSchema, jsonBody(event));
  const result = await submitValuationRequest(input, { sourceIp: await viewerIp(event) }, valuationDeps());
  if (result.outcome === 'accepted') logEmailFailures(requestId, `Valuation request ${result.id}`, result.emailFailures);
  return json(202, VALUATION_RECEIVED);
});
