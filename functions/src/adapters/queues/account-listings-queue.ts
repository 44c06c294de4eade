import type { AccountListingsQueue } from '../../domain/admin/ports.js';
import { queueSender } from './sender.js';

/** The queues.ts row of the account-listings job: queued by the status request, continued by its worker. */
const ACCOUNT_LISTINGS_QUEUE = 'account-listings';

export const accountListingsQueue = (): AccountListingsQueue => ({
  send: async (job) => (await queueSender()).send(ACCOUNT_LISTINGS_QUEUE, [job]),
});
