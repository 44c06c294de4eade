import { ddb } from '../../adapters/dynamodb/client.js';
import { enquiryStore } from '../../adapters/dynamodb/enquiries-repo.js';
import { config } from '../../config.js';
import { listSellerEnquiries } from '../../domain/enquiries/send-enquiry.js';
import { httpHandler, json } from '../handler.js';

/** GET /api/my-enquiries — enquiries the caller received as a seller, newest first (pattern 23). */
export const handler = httpHandler('user', async ({ caller }) => {
  const items = await listSellerEnquiries(enquiryStore(ddb, config.tableName), caller);
  return json(200, { items }, { 'cache-control': 'private, no-store' });
});
