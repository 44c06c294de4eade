import type { RateLimiter } from '../rate-limit.js';

/**
 * At most 3 contact or valuation acknowledgements per recipient address per day (issue 23 "Old
 * M2"), together: the forms take any address, so without this they could fill a stranger's
 * inbox. Past the limit the message is still stored and staff still get it; only the
 * acknowledgement is skipped. The window is the UTC day.
 */
const ACKNOWLEDGEMENT_LIMIT = { scope: 'ack-mail', limit: 3, windowSeconds: 24 * 3600 } as const;

/** Whether one more acknowledgement may go to this address today (and counts it when so). */
export async function mayAcknowledge(rateLimit: RateLimiter, email: string): Promise<boolean> {
  return (await rateLimit({ ...ACKNOWLEDGEMENT_LIMIT, key: email.trim().toLowerCase() })).allowed;
}
