/**
 * Subscriptions, their invoices and the customer portal: /v1/subscriptions (retrieve, list, update
 * cancel_at_period_end or price, delete), /v1/billing_portal/sessions, and the hosted portal page
 * (cancel at period end, resume, switch plan) with a test control that ends the current period now
 * (renews, or ends a cancelling subscription). Objects carry the fields the adapter reads, in
 * Stripe's shapes (2025+ API: the period end is on subscription items).
 */
import {
  type ApiRequest,
  type Context,
  type Json,
  type PageRequest,
  PERIOD_SECONDS,
  date,
  done,
  esc,
  id,
  listOf,
  missing,
  money,
  redirect,
  sendHtml,
  sendJson,
} from './context.js';
import { bool, list, obj, str } from './form.js';
import { page } from './pages.js';
import type { Webhooks } from './webhooks.js';

export function createSubscriptions(ctx: Context, hooks: Webhooks) {
  const { state } = ctx;
  const { emit } = hooks;
  const now = ctx.now;

  function subscriptionObject(sub: Json): Json {
    // The SDK reads the price inside items; keep it current with the prices table.
    const items = (sub.items as { data: Json[] }).data.map((item) => ({
      ...item,
      price: state.prices[String((item.price as Json).id)] ?? item.price,
      current_period_start: sub.current_period_start,
      current_period_end: sub.current_period_end,
    }));
    return { ...sub, items: { object: 'list', data: items, has_more: false, url: `/v1/subscription_items?subscription=${sub.id}` } };
  }

  function createInvoice(sub: Json, status: 'paid' | 'open'): Json {
    const item = (sub.items as { data: Json[] }).data[0];
    const price = state.prices[String((item.price as Json).id)] ?? (item.price as Json);
    const invoice: Json = {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      status,
      amount_due: price.unit_amount,
      amount_paid: status === 'paid' ? price.unit_amount : 0,
      currency: 'gbp',
      created: now(),
      period_start: sub.current_period_start,
      period_end: sub.current_period_end,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: { object: 'list', data: [], has_more: false },
    };
    state.invoices[String(invoice.id)] = invoice;
    return invoice;
  }

  /**
   * A completed subscription-mode Checkout Session starts its subscription, paid for the first
   * period: customer.subscription.created now, and invoice.paid (returned for the caller to emit
   * after checkout.session.completed, the order Stripe sends them in).
   */
  function startFromCheckout(session: Json, delayMs?: number): { sub: Json; invoice: Json } {
    const t = now();
    const lines = session.line_items_input as Json[];
    const price = state.prices[String(lines[0].price)];
    const sub: Json = {
      id: id('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: t,
      start_date: t,
      current_period_start: t,
      current_period_end: t + PERIOD_SECONDS,
      currency: 'gbp',
      livemode: false,
      metadata: (session.subscription_data as Json | undefined)?.metadata ?? {},
      items: { object: 'list', data: [{ id: id('si'), object: 'subscription_item', price, quantity: 1 }] },
    };
    state.subscriptions[String(sub.id)] = sub;
    const invoice = createInvoice(sub, 'paid');
    emit('customer.subscription.created', subscriptionObject(sub), undefined, delayMs);
    return { sub, invoice };
  }

  function updateSubscription(subId: string, change: (sub: Json) => Json | undefined): Json {
    const sub = state.subscriptions[subId];
    if (!sub) throw new Error(`No such subscription: ${subId}`);
    const previous = change(sub);
    emit(sub.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated', subscriptionObject(sub), previous);
    ctx.save();
    return subscriptionObject(sub);
  }

  const cancelAtPeriodEnd = (subId: string, cancel: boolean) =>
    updateSubscription(subId, (sub) => {
      const previous = { cancel_at_period_end: sub.cancel_at_period_end, cancel_at: sub.cancel_at };
      sub.cancel_at_period_end = cancel;
      sub.cancel_at = cancel ? sub.current_period_end : null;
      sub.canceled_at = cancel ? now() : null;
      return previous;
    });

  function endPeriodNow(subId: string): Json {
    const sub = state.subscriptions[subId];
    if (!sub) throw new Error(`No such subscription: ${subId}`);
    if (sub.status === 'canceled') return subscriptionObject(sub);
    if (sub.cancel_at_period_end) {
      return updateSubscription(subId, (s) => {
        const previous = { status: s.status };
        s.status = 'canceled';
        s.ended_at = now();
        s.current_period_end = now();
        return previous;
      });
    }
    const result = updateSubscription(subId, (s) => {
      const previous = { current_period_end: s.current_period_end };
      s.current_period_start = now();
      s.current_period_end = now() + PERIOD_SECONDS;
      s.status = 'active';
      return previous;
    });
    emit('invoice.paid', createInvoice(sub, 'paid'));
    return result;
  }

  function failPayment(subId: string): Json {
    const sub = state.subscriptions[subId];
    if (!sub) throw new Error(`No such subscription: ${subId}`);
    const result = updateSubscription(subId, (s) => {
      const previous = { status: s.status };
      s.status = 'past_due';
      return previous;
    });
    emit('invoice.payment_failed', createInvoice(sub, 'open'));
    return result;
  }

  function switchPrice(subId: string, priceId: string): Json {
    const price = state.prices[priceId];
    if (!price) throw new Error(`No such price: ${priceId}`);
    return updateSubscription(subId, (sub) => {
      const item = (sub.items as { data: Json[] }).data[0];
      const previous = { items: { data: [{ ...item }] } };
      item.price = price;
      return previous;
    });
  }

  function api(r: ApiRequest): boolean {
    const { method, params, res, origin } = r;
    const [resource, objId] = r.parts;

    if (resource === 'billing_portal' && objId === 'sessions' && method === 'POST') {
      const customer = str(params.customer);
      if (!customer || !state.customers[customer]) return done(missing(res, 'customer', customer ?? ''));
      const flow = obj(params.flow_data);
      const portal: Json = {
        id: id('bps'),
        object: 'billing_portal.session',
        customer,
        return_url: str(params.return_url) ?? null,
        flow: str(flow.type)
          ? { type: str(flow.type), subscription_cancel: { subscription: str(obj(flow.subscription_cancel).subscription) ?? null } }
          : null,
        created: now(),
        livemode: false,
      };
      portal.url = `${origin}/_dev/stripe/portal/${portal.id}`;
      state.portals[String(portal.id)] = portal;
      ctx.save();
      return done(sendJson(res, 200, portal));
    }

    if (resource === 'subscriptions') {
      if (method === 'GET' && objId) {
        const s = state.subscriptions[objId];
        return done(s ? sendJson(res, 200, subscriptionObject(s)) : missing(res, 'subscription', objId));
      }
      if (method === 'GET') {
        const customer = str(params.customer);
        const status = str(params.status);
        const found = Object.values(state.subscriptions)
          .filter(
            (s) =>
              (!customer || s.customer === customer) && (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled'),
          )
          .sort((a, b) => Number(b.created) - Number(a.created))
          .map(subscriptionObject);
        return done(sendJson(res, 200, listOf(found, '/v1/subscriptions', Number(str(params.limit) ?? 10))));
      }
      if (method === 'POST' && objId) {
        if (!state.subscriptions[objId]) return done(missing(res, 'subscription', objId));
        const cancel = bool(params.cancel_at_period_end);
        if (cancel !== undefined) cancelAtPeriodEnd(objId, cancel);
        const newPrice = str(obj(list(params.items)[0]).price);
        if (newPrice) switchPrice(objId, newPrice);
        return done(sendJson(res, 200, subscriptionObject(state.subscriptions[objId])));
      }
      if (method === 'DELETE' && objId) {
        if (!state.subscriptions[objId]) return done(missing(res, 'subscription', objId));
        return done(
          sendJson(
            res,
            200,
            updateSubscription(objId, (s) => {
              const previous = { status: s.status };
              s.status = 'canceled';
              s.ended_at = now();
              return previous;
            }),
          ),
        );
      }
    }
    return false;
  }

  function portalPage(res: PageRequest['res'], portal: Json, message = '') {
    const subs = Object.values(state.subscriptions)
      .filter((s) => s.customer === portal.customer && s.status !== 'canceled')
      .sort((a, b) => Number(b.created) - Number(a.created));
    const flow = portal.flow as { type?: string; subscription_cancel?: { subscription?: string } } | null;
    const plans = Object.values(state.prices).filter((p) => p.active && p.recurring);
    const rows = subs
      .map((s) => {
        const item = (s.items as { data: Json[] }).data[0];
        const price = state.prices[String((item.price as Json).id)] ?? (item.price as Json);
        const product = state.products[String(price.product)];
        const confirmCancel = flow?.type === 'subscription_cancel' && flow.subscription_cancel?.subscription === s.id;
        const switcher = s.cancel_at_period_end
          ? ''
          : plans
              .filter((p) => p.id !== price.id)
              .map(
                (p) =>
                  `<form method="post" action="/_dev/stripe/portal/${esc(portal.id)}/switch"><input type="hidden" name="subscription" value="${esc(s.id)}"><input type="hidden" name="price" value="${esc(p.id)}"><button type="submit" class="secondary">Switch to ${esc(state.products[String(p.product)]?.name ?? p.id)} (${money(p.unit_amount)}/month)</button></form>`,
              )
              .join('');
        return `<h2>${esc(product?.name ?? 'Plan')}</h2><div class="amount">${money(price.unit_amount)} <small style="font-size:16px;font-weight:400">per month</small></div>
<table><tr><td>Status</td><td>${esc(s.status)}</td></tr><tr><td>${s.cancel_at_period_end ? 'Cancels on' : 'Renews on'}</td><td>${date(s.current_period_end)}</td></tr></table>
${
  s.cancel_at_period_end
    ? `<form method="post" action="/_dev/stripe/portal/${esc(portal.id)}/resume"><input type="hidden" name="subscription" value="${esc(s.id)}"><button type="submit">Don't cancel</button></form>`
    : `<form method="post" action="/_dev/stripe/portal/${esc(portal.id)}/cancel"><input type="hidden" name="subscription" value="${esc(s.id)}"><button type="submit" class="danger">${confirmCancel ? 'Confirm cancellation' : 'Cancel plan'}</button></form>`
}
${switcher}
<form method="post" action="/_dev/stripe/subscriptions/${esc(s.id)}/end-period?portal=${esc(portal.id)}"><button type="submit" class="secondary">End the current period now (test)</button></form>`;
      })
      .join('<hr>');
    sendHtml(
      res,
      200,
      page(
        'Customer portal',
        `<h1>Manage your subscription</h1>${message ? `<p role="status"><strong>${esc(message)}</strong></p>` : ''}
${rows || '<p>No active subscriptions.</p>'}
<a class="button secondary" href="${esc(portal.return_url ?? '/')}">Return to TruckYard</a>`,
      ),
    );
  }

  /** The portal page and the subscription test controls; false when the page is not theirs. */
  function pages(p: PageRequest): boolean {
    const { kind, objectId, action, method, form, res, req, url } = p;
    if (kind === 'portal' && objectId) {
      const portal = state.portals[objectId];
      if (!portal) return done(sendHtml(res, 404, page('Customer portal', '<h1>Unknown portal session</h1>')));
      const subId = str(form.subscription) ?? '';
      const owned = state.subscriptions[subId]?.customer === portal.customer;
      if (method === 'GET' && !action) return done(portalPage(res, portal));
      if (method === 'POST' && owned && action === 'cancel') {
        cancelAtPeriodEnd(subId, true);
        return done(
          portalPage(res, { ...portal, flow: null }, 'Your plan has been cancelled. It stays active until the end of the period.'),
        );
      }
      if (method === 'POST' && owned && action === 'resume') {
        cancelAtPeriodEnd(subId, false);
        return done(portalPage(res, portal, 'Your plan will renew.'));
      }
      if (method === 'POST' && owned && action === 'switch') {
        switchPrice(subId, str(form.price) ?? '');
        return done(portalPage(res, portal, 'Your plan has been changed.'));
      }
    }
    if (kind === 'subscriptions' && objectId && action === 'end-period' && method === 'POST') {
      endPeriodNow(objectId);
      const portalId = url.searchParams.get('portal');
      if (portalId && state.portals[portalId]) return done(portalPage(res, state.portals[portalId], 'The period has ended.'));
      if (String(req.headers.accept ?? '').includes('application/json'))
        return done(sendJson(res, 200, subscriptionObject(state.subscriptions[objectId])));
      return done(redirect(res, '/_dev/stripe'));
    }
    if (kind === 'subscriptions' && objectId && action === 'fail-payment' && method === 'POST') {
      return done(sendJson(res, 200, failPayment(objectId)));
    }
    return false;
  }

  return { subscriptionObject, startFromCheckout, cancelAtPeriodEnd, endPeriodNow, failPayment, switchPrice, api, pages };
}
