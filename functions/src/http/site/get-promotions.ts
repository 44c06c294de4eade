import { promotionStore } from '../../adapters/dynamodb/promotion-store.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { config } from '../../config.js';
import { activePromotions } from '../../domain/admin/promotions.js';
import { httpHandler, json } from '../handler.js';

/** GET /api/promotions — effectively active promotions by position, newest first. */
export const handler = httpHandler('public', async () =>
  json(200, await activePromotions({ promotions: promotionStore(ddb, config.tableName) }, new Date()), {
    'cache-control': 'public, max-age=30',
  }),
);
