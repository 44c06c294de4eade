/** Customers, products and prices: /v1/customers, /v1/products, /v1/prices. */
import { type ApiRequest, type Context, type Json, done, id, listOf, metadataOf, missing, sendJson, stripeError } from './context.js';
import { bool, list, obj, str } from './form.js';

/** Answers a /v1 request for these resources; false when it is not one of theirs. */
export function createCatalogApi(ctx: Context) {
  const { state } = ctx;

  return function catalogApi(r: ApiRequest): boolean {
    const { method, params, res, earlier } = r;
    const [resource, objId] = r.parts;

    if (resource === 'customers') {
      if (method === 'POST' && !objId) {
        if (earlier && state.customers[earlier]) return done(sendJson(res, 200, state.customers[earlier]));
        const customer: Json = {
          id: id('cus'),
          object: 'customer',
          email: str(params.email) ?? null,
          name: str(params.name) ?? null,
          metadata: metadataOf(obj(params.metadata)),
          created: ctx.now(),
          livemode: false,
        };
        state.customers[String(customer.id)] = customer;
        r.remember(String(customer.id));
        ctx.save();
        return done(sendJson(res, 200, customer));
      }
      if (method === 'GET' && objId)
        return done(state.customers[objId] ? sendJson(res, 200, state.customers[objId]) : missing(res, 'customer', objId));
    }

    if (resource === 'products') {
      if (method === 'POST' && !objId) {
        const product: Json = {
          id: str(params.id) ?? id('prod'),
          object: 'product',
          name: str(params.name) ?? '',
          description: str(params.description) ?? null,
          active: true,
          metadata: metadataOf(obj(params.metadata)),
          created: ctx.now(),
        };
        state.products[String(product.id)] = product;
        ctx.save();
        return done(sendJson(res, 200, product));
      }
      if (method === 'GET' && objId)
        return done(state.products[objId] ? sendJson(res, 200, state.products[objId]) : missing(res, 'product', objId));
    }

    if (resource === 'prices') {
      if (method === 'POST' && !objId) {
        const lookupKey = str(params.lookup_key) ?? null;
        const holders = Object.values(state.prices).filter((p) => lookupKey && p.lookup_key === lookupKey && p.active);
        // As Stripe: a lookup key in use is an error unless transfer_lookup_key moves it to the new price.
        if (holders.length && !bool(params.transfer_lookup_key))
          return done(
            stripeError(res, 400, `A price (\`${lookupKey}\`) already uses that lookup key.`, 'invalid_request_error', 'lookup_key'),
          );
        for (const p of holders) p.lookup_key = null;
        const recurring = obj(params.recurring);
        const price: Json = {
          id: id('price'),
          object: 'price',
          active: true,
          currency: str(params.currency) ?? 'gbp',
          unit_amount: Number(str(params.unit_amount) ?? 0),
          product: str(params.product) ?? null,
          lookup_key: lookupKey,
          nickname: str(params.nickname) ?? null,
          recurring: str(recurring.interval) ? { interval: str(recurring.interval), interval_count: 1 } : null,
          type: str(recurring.interval) ? 'recurring' : 'one_time',
          metadata: metadataOf(obj(params.metadata)),
          created: ctx.now(),
        };
        state.prices[String(price.id)] = price;
        ctx.save();
        return done(sendJson(res, 200, price));
      }
      if (method === 'GET' && objId)
        return done(state.prices[objId] ? sendJson(res, 200, state.prices[objId]) : missing(res, 'price', objId));
      if (method === 'GET') {
        const keys = list(params.lookup_keys).map(String);
        const active = bool(params.active);
        const found = Object.values(state.prices).filter(
          (p) => (!keys.length || keys.includes(String(p.lookup_key))) && (active === undefined || p.active === active),
        );
        return done(sendJson(res, 200, listOf(found, '/v1/prices', Number(str(params.limit) ?? 10))));
      }
    }
    return false;
  };
}
