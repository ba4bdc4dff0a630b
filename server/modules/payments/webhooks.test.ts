/**
 * The providers' webhooks and "paid exactly once" (issue 14): signatures checked on the raw body
 * (bad signature, changed body, old timestamp → 400 and no effect), duplicates and reordered
 * events, the webhook before and after the browser's return, an amount that is not the order's,
 * refunds, and that only these two routes skip CSRF and the session. The sandbox sends the events
 * (through app.inject, as a provider's server would); some are sent by hand to tamper with them.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '../../../src/domain/orders';
import { orders, sandboxWebhookDeliveries } from '../../db/schema';
import { expectOk, PARTS, shopper } from '../../test/checkout';
import { testDatabase } from '../../test/database';
import {
  confirmCard,
  confirmPayment,
  deliverWebhooks,
  paidMails,
  paymentApp,
  paymentState,
  placeOrder,
  postPaypalWebhook,
  postStripeWebhook,
  sandboxGateways,
  startCardPayment,
  TEST_CARDS,
  usePaymentData,
} from '../../test/payments';

usePaymentData();

/** The events the sandbox queued, oldest first, as sent. */
async function queued(provider: 'stripe' | 'paypal') {
  const { db } = await testDatabase();
  const rows = await db.select().from(sandboxWebhookDeliveries).where(eq(sandboxWebhookDeliveries.provider, provider)).orderBy(sandboxWebhookDeliveries.id);
  return rows.map((row) => ({ row, event: JSON.parse(row.payload) as { id: string; type?: string; event_type?: string; data?: { object: Record<string, unknown> }; resource?: Record<string, unknown> } }));
}

/** A card paid in the sandbox (its succeeded event queued, not yet sent). */
async function paidInSandbox(app: FastifyInstance, tag: string = PARTS.alternator) {
  const buyer = await shopper(app);
  const order = await placeOrder(buyer, [tag]);
  const intent = await startCardPayment(buyer, order.hash);
  await expectOk(confirmCard(buyer, intent.cs, TEST_CARDS.succeeds));
  return { buyer, order, intent };
}

describe('POST /web-api/payments/stripe/webhook', () => {
  it('pays the order from the webhook alone (the customer never came back), once however often it is sent', async () => {
    const { app, clock } = await paymentApp();
    const { order } = await paidInSandbox(app);
    expect(await deliverWebhooks(app, clock)).toBe(1);
    const [succeeded] = await queued('stripe');
    expect(succeeded?.event.type).toBe('payment_intent.succeeded');
    expect(succeeded?.row.deliveredAt).not.toBeNull();

    // Stripe may deliver an event more than once: 5 more times changes nothing.
    for (let i = 0; i < 5; i++) {
      const again = await postStripeWebhook(app, succeeded?.row.payload ?? '', clock());
      expect(again.statusCode).toBe(200);
      expect(again.json().outcome).toBe('duplicate');
    }
    const state = await paymentState();
    expect(state.payments).toHaveLength(1);
    expect(state.orders[0]).toMatchObject({ hash: order.hash, statusId: ORDER_STATUS.PAID });
    expect(state.events.filter((event) => event.outcome === 'applied')).toHaveLength(1);
    expect(await paidMails()).toHaveLength(1);
  });

  it('refuses a bad signature, a changed body and a timestamp 10 minutes old with 400, and nothing changes', async () => {
    const { app, clock } = await paymentApp();
    await paidInSandbox(app);
    const [succeeded] = await queued('stripe');
    const payload = succeeded?.row.payload ?? '';
    // The sandbox's own delivery of the event leaves its queue: its round runs on a real 1 s timer
    // and, with the clock moved on, would send the genuine event in the middle of the forged ones.
    const { db } = await testDatabase();
    await db.delete(sandboxWebhookDeliveries).where(eq(sandboxWebhookDeliveries.id, succeeded?.row.id ?? -1));
    clock.advance(2000);

    expect((await postStripeWebhook(app, payload, clock(), { secret: 'whsec_not_the_secret' })).statusCode).toBe(400);
    const tampered = payload.replace(/"amount":(\d+)/, '"amount":1');
    expect(tampered).not.toBe(payload);
    // The header signed for the real body, sent with a changed one.
    expect((await postStripeWebhook(app, payload, clock(), { body: tampered })).statusCode).toBe(400);
    expect((await postStripeWebhook(app, payload, new Date(clock().getTime() - 10 * 60_000))).statusCode).toBe(400);
    const unsigned = await app.inject({ method: 'POST', url: '/web-api/payments/stripe/webhook', headers: { 'content-type': 'application/json' }, payload });
    expect(unsigned.statusCode).toBe(400);

    const state = await paymentState();
    expect(state.payments).toHaveLength(0);
    expect(state.events).toHaveLength(0);
    expect(state.orders[0]?.statusId).toBe(ORDER_STATUS.NOT_PAID);
    // The same event, signed as the sandbox signs it, is accepted.
    expect((await postStripeWebhook(app, payload, clock())).statusCode).toBe(200);
    expect((await paymentState()).payments).toHaveLength(1);
  });

  it('the webhook before the browser’s return, and after it: one payment, one status change, one e-mail', async () => {
    const { app, clock } = await paymentApp();
    // Webhook first, then the customer comes back.
    const first = await paidInSandbox(app);
    await deliverWebhooks(app, clock);
    const back = (await expectOk(confirmPayment(first.buyer, first.order.hash, first.intent.cs_session))).json();
    expect(back).toMatchObject({ paid: true, transaction: { id: first.intent.cs_session } });

    // The customer first, then the webhook.
    const second = await paidInSandbox(app, PARTS.starter);
    expect((await expectOk(confirmPayment(second.buyer, second.order.hash, second.intent.cs_session))).json().paid).toBe(true);
    await deliverWebhooks(app, clock);

    const state = await paymentState();
    expect(state.payments.map((payment) => payment.providerReference).sort()).toEqual([first.intent.cs_session, second.intent.cs_session].sort());
    expect(state.orders.map((order) => order.statusId)).toEqual([ORDER_STATUS.PAID, ORDER_STATUS.PAID]);
    expect(state.events.filter((event) => event.outcome === 'applied')).toHaveLength(2);
    expect(state.events.map((event) => event.outcome).sort()).toEqual(['already_paid', 'already_paid', 'applied', 'applied']);
    expect(await paidMails()).toHaveLength(2);
  });

  it('takes events out of order: a refund before its payment is sent back for later, then applied; REFUNDED in the end', async () => {
    const { app, clock } = await paymentApp();
    const { intent } = await paidInSandbox(app);
    await (await sandboxGateways(app)).card.refund(intent.cs_session);
    const [succeeded, refunded] = await queued('stripe');
    expect(refunded?.event.type).toBe('charge.refunded');
    clock.advance(2000);

    // The refund arrives first: not known yet, so Stripe is told to send it again.
    const early = await postStripeWebhook(app, refunded?.row.payload ?? '', clock());
    expect(early.statusCode).toBe(409);
    expect((await paymentState()).events).toHaveLength(0);
    expect((await postStripeWebhook(app, succeeded?.row.payload ?? '', clock())).statusCode).toBe(200);
    expect((await postStripeWebhook(app, refunded?.row.payload ?? '', clock())).json().outcome).toBe('refunded');
    // The succeeded event again, late: still one payment, still refunded.
    expect((await postStripeWebhook(app, succeeded?.row.payload ?? '', clock())).json().outcome).toBe('duplicate');

    const state = await paymentState();
    expect(state.payments).toHaveLength(1);
    expect(state.payments[0]).toMatchObject({ status: 'refunded', refundedAmount: state.payments[0]?.amount });
    expect(state.orders[0]?.statusId).toBe(ORDER_STATUS.REFUNDED);
    expect(await paidMails()).toHaveLength(1);
  });

  it('the sandbox retries a delivery that was not accepted, later, until it is', async () => {
    const { app, clock } = await paymentApp();
    const { intent } = await paidInSandbox(app);
    await (await sandboxGateways(app)).card.refund(intent.cs_session);
    const { db } = await testDatabase();
    // Make the refund due before the payment (same instant, but the payment is held back).
    const [succeeded] = await queued('stripe');
    await db.update(sandboxWebhookDeliveries).set({ deliverAfter: new Date(clock().getTime() + 3_600_000) }).where(eq(sandboxWebhookDeliveries.id, succeeded?.row.id ?? 0));
    expect(await deliverWebhooks(app, clock)).toBe(0);
    const [, refunded] = await queued('stripe');
    expect(refunded?.row).toMatchObject({ attempts: 1, deliveredAt: null });
    clock.advance(3_600_000);
    expect(await deliverWebhooks(app, clock)).toBe(2);
    expect((await paymentState()).orders[0]?.statusId).toBe(ORDER_STATUS.REFUNDED);
  });

  it('leaves an order unpaid when the amount or currency paid is not its own', async () => {
    const { app, clock } = await paymentApp();
    const { buyer, order, intent } = await paidInSandbox(app);
    // The order's total changed after the intent was made: the payment no longer matches it.
    const { db } = await testDatabase();
    await db.update(orders).set({ toPay: order.to_pay + 100 }).where(eq(orders.hash, order.hash));
    await deliverWebhooks(app, clock);
    const back = (await expectOk(confirmPayment(buyer, order.hash, intent.cs_session))).json();
    expect(back).toMatchObject({ paid: false, transaction: null, redirect: null });

    // The right amount in another currency, sent as a new event.
    await db.update(orders).set({ toPay: order.to_pay }).where(eq(orders.hash, order.hash));
    const [succeeded] = await queued('stripe');
    const foreign = JSON.parse(succeeded?.row.payload ?? '{}');
    foreign.id = 'evt_foreign_currency';
    foreign.data.object.currency = 'usd';
    expect((await postStripeWebhook(app, JSON.stringify(foreign), clock())).json().outcome).toBe('mismatch');

    const state = await paymentState();
    expect(state.payments).toHaveLength(0);
    expect(state.orders[0]).toMatchObject({ statusId: ORDER_STATUS.NOT_PAID, paidAt: null });
    expect(state.events.map((event) => event.outcome)).toEqual(['mismatch', 'mismatch', 'mismatch']);
    expect(await paidMails()).toHaveLength(0);
  });
});

describe('POST /web-api/payments/paypal/webhook', () => {
  it('pays from PAYMENT.CAPTURE.COMPLETED once, and refuses a bad signature, a changed body and an old transmission', async () => {
    const { app, clock } = await paymentApp();
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.alternator]);
    const { id } = (await expectOk(buyer.call('POST', '/payments/paypal/create-order', { order_id: order.hash }))).json();
    await expectOk(buyer.call('POST', `/payments/sandbox/paypal/approve/${id}`, { choice: 'approve' }));
    // The capture's own answer is lost (the browser closed): the payment is known from the webhook only.
    await (await sandboxGateways(app)).paypal.captureOrder(id, 'lost-capture');
    const [completed] = await queued('paypal');
    expect(completed?.event.event_type).toBe('PAYMENT.CAPTURE.COMPLETED');
    const payload = completed?.row.payload ?? '';
    clock.advance(2000);

    expect((await postPaypalWebhook(app, payload, clock(), { secret: 'not-the-sandbox-secret-at-all-0123456789' })).statusCode).toBe(400);
    expect((await postPaypalWebhook(app, payload, new Date(clock().getTime() - 10 * 60_000))).statusCode).toBe(400);
    const tampered = payload.replace(/"value":"[\d.]+"/, '"value":"0.01"');
    expect(tampered).not.toBe(payload);
    expect((await postPaypalWebhook(app, payload, clock(), { body: tampered })).statusCode).toBe(400);
    expect((await paymentState()).events).toHaveLength(0);
    expect((await postPaypalWebhook(app, payload, clock())).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await postPaypalWebhook(app, payload, clock())).json().outcome).toBe('duplicate');
    await deliverWebhooks(app, clock);

    const state = await paymentState();
    expect(state.payments).toHaveLength(1);
    expect(state.payments[0]).toMatchObject({ provider: 'paypal', method: 'PAYPAL', amount: order.to_pay });
    expect(state.orders[0]?.statusId).toBe(ORDER_STATUS.PAID);
    expect(await paidMails()).toHaveLength(1);

    // A refund at PayPal: REFUNDED.
    await (await sandboxGateways(app)).paypal.refund(state.payments[0]?.providerReference ?? '');
    await deliverWebhooks(app, clock);
    expect((await paymentState()).orders[0]?.statusId).toBe(ORDER_STATUS.REFUNDED);
  });
});

describe('CSRF and the session', () => {
  it('exempts the two webhooks and the signed unsubscribe link, and no other write', async () => {
    const { app } = await paymentApp();
    const buyer = await shopper(app);
    // The alert mail's unsubscribe link: its signed token is the authority, no cookie is involved
    // (a mail client's one-click POST carries none), so there is nothing for a forged request to ride on.
    const tokenAuthorised = new Set(['POST /alerts/unsubscribe/:token']);
    // Every write call the app registered, sent by a visitor with a session but without the token.
    const writes = [...app.calls.values()].filter(({ call }) => call.method !== 'GET');
    expect(writes.length).toBeGreaterThan(10);
    for (const { call } of writes) {
      const url = `${call.base ?? '/web-api'}${call.path.replace(/:(\w+)/g, '1')}`;
      const response = await app.inject({ method: call.method, url, headers: { cookie: buyer.cookie }, payload: {} });
      if (tokenAuthorised.has(`${call.method} ${call.path}`)) expect(response.statusCode, `${call.method} ${url}`).not.toBe(200);
      else expect(response.statusCode, `${call.method} ${url}`).toBe(403);
    }
    expect(writes.filter(({ call }) => tokenAuthorised.has(`${call.method} ${call.path}`))).toHaveLength(tokenAuthorised.size);
    // The webhooks answer without any session or token: 400 for a body that is not signed, and no session is started.
    for (const url of ['/web-api/payments/stripe/webhook', '/web-api/payments/paypal/webhook']) {
      const response = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });
});
