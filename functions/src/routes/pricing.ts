import type { RouteDef } from '../routes.js';

/** Fair-price rating (issue 13 §1): what an asking price would rate, for the sell and edit forms. */
export const pricingRoutes: RouteDef[] = [
  {
    id: 'RatePrice',
    method: 'POST',
    path: '/api/price-rating',
    handler: 'http/pricing/rate-price.ts',
    auth: 'user',
    access: { buckets: [{ bucket: 'private-uploads', prefixes: ['models/'], access: 'read' }] },
  },
];
