/** Refunds: /v1/refunds (create for a payment intent, retrieve). A payment is refunded once, in full. */
import { type ApiRequest, type Context, type Json, done, id, missing, sendJson, stripeError } from './context.js';
import { str } from './form.js';
import type { Webhooks } from './webhooks.js';

export function createRefunds(ctx: Context, hooks: Webhooks) {
  const { state } = ctx;

  return function refundsApi(r: ApiRequest): boolean {
    const { method, params, res, earlier } = r;
    const [resource, objId] = r.parts;
    if (resource !== 'refunds') return false;
    if (method === 'GET' && objId)
      return done(state.refunds[objId] ? sendJson(res, 200, state.refunds[objId]) : missing(res, 'refund', objId));
    if (method !== 'POST' || objId) return false;
    if (earlier && state.refunds[earlier]) return done(sendJson(res, 200, state.refunds[earlier]));
    const paymentIntent = str(params.payment_intent);
    const session = Object.values(state.sessions).find((s) => paymentIntent && s.payment_intent === paymentIntent);
    if (!paymentIntent || !session) return done(missing(res, 'payment_intent', paymentIntent ?? ''));
    if (session.payment_status !== 'paid')
      return done(
        stripeError(
          res,
          400,
          `PaymentIntent ${paymentIntent} has no successful charge to refund.`,
          'invalid_request_error',
          'payment_intent',
        ),
      );
    if (Object.values(state.refunds).some((x) => x.payment_intent === paymentIntent))
      return done(
        stripeError(
          res,
          400,
          `Charge for PaymentIntent ${paymentIntent} has already been refunded.`,
          'invalid_request_error',
          'charge_already_refunded',
        ),
      );
    const refund: Json = {
      id: id('re'),
      object: 'refund',
      amount: Number(str(params.amount) ?? session.amount_total),
      currency: 'gbp',
      payment_intent: paymentIntent,
      status: 'succeeded',
      reason: str(params.reason) ?? null,
      created: ctx.now(),
    };
    state.refunds[String(refund.id)] = refund;
    r.remember(String(refund.id));
    hooks.emit('refund.created', { ...refund });
    ctx.save();
    return done(sendJson(res, 200, refund));
  };
}
