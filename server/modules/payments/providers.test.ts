/**
 * The shop with the real provider adapters, each talking to a local fake of the provider's HTTP
 * API (issue 14): Stripe selected by its keys with STRIPE_API_URL pointing at the fake; PayPal's
 * adapter built with the fake's HTTPS agent (its SDK has no host option). The whole path runs:
 * the shop's calls, the adapter, the SDK, HTTP, the webhook's signature and the settlement.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturePaypalOrder, confirmCardPayment, createPaypalOrder, getPaymentMethods } from '../../../src/contract/payments';
import { ORDER_STATUS } from '../../../src/domain/orders';
import { createPaypalGateway } from '../../integrations/payments/paypal/paypal-gateway';
import { FAKE_PAYPAL_CLIENT_ID, FAKE_PAYPAL_CLIENT_SECRET, FAKE_PAYPAL_WEBHOOK_ID, type FakePaypal, startFakePaypal } from '../../integrations/payments/paypal/fake-paypal';
import { FAKE_STRIPE_SECRET_KEY, type FakeStripe, startFakeStripe } from '../../integrations/payments/stripe/fake-stripe';
import { expectOk, PARTS, shopApp, shopper } from '../../test/checkout';
import { paidMails, paymentState, placeOrder, startCardPayment, testClock, usePaymentData } from '../../test/payments';

usePaymentData();

const WEBHOOK_SECRET = 'whsec_shop_test_secret';
let stripe: FakeStripe;
let paypal: FakePaypal;

beforeAll(async () => {
  stripe = await startFakeStripe();
  paypal = await startFakePaypal();
});
afterAll(async () => {
  await stripe.close();
  await paypal.close();
});

async function stripeShop() {
  const clock = testClock();
  const app = await shopApp({
    clock,
    env: { STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: 'pk_test_shop', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url.toString() },
  });
  return { app, clock };
}

async function paypalShop() {
  const clock = testClock();
  const gateway = createPaypalGateway({ clientId: FAKE_PAYPAL_CLIENT_ID, clientSecret: FAKE_PAYPAL_CLIENT_SECRET, webhookId: FAKE_PAYPAL_WEBHOOK_ID, environment: 'sandbox', httpsAgent: paypal.agent });
  const app = await shopApp({ clock, paymentGateways: { paypal: gateway } });
  return { app, clock };
}

describe('Stripe through its adapter and a fake of its API', () => {
  it('offers the Payment Element with the publishable key, and no sandbox calls', async () => {
    const { app } = await stripeShop();
    const buyer = await shopper(app);
    const methods = getPaymentMethods.response.parse((await expectOk(buyer.call('GET', '/payments/methods.json'))).json()).methods;
    expect(methods.card).toEqual({ mode: 'stripe', publishable_key: 'pk_test_shop' });
    const sandbox = await buyer.call('POST', '/payments/sandbox/card/confirm', { client_secret: 'pi_x_secret_y', card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', name: 'A' });
    expect(sandbox.statusCode).toBe(404);
  });

  it('pays once: the browser return and Stripe webhooks (duplicated, and one mis-signed) make one payment', async () => {
    const { app, clock } = await stripeShop();
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.alternator]);

    const intent = await startCardPayment(buyer, order.hash);
    const created = stripe.requests.find((request) => request.method === 'POST' && request.path === '/v1/payment_intents');
    expect(created?.body).toMatchObject({ amount: String(order.to_pay), currency: 'gbp', automatic_payment_methods: { enabled: 'true' }, metadata: { order_hash: order.hash } });
    expect(created?.idempotencyKey).toBe(`order-${order.hash}-stripe-attempt-1`);

    // Stripe.js confirms in the browser; the shop then asks Stripe for the intent's state.
    stripe.confirmInBrowser(intent.cs_session, 'pm_card_visa');
    const answer = confirmCardPayment.response.parse((await expectOk(buyer.call('POST', '/payments/stripe/confirm', { order_id: order.hash, payment_intent: intent.cs_session }))).json());
    expect(answer).toMatchObject({ paid: true, transaction: { status: 'succeeded', id: intent.cs_session } });

    const payload = JSON.stringify(stripe.event('payment_intent.succeeded', stripe.intent(intent.cs_session)));
    const signed = (secret: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(clock().getTime() / 1000) });
    const post = (header: string) => app.inject({ method: 'POST', url: '/web-api/payments/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
    expect((await post(signed('whsec_someone_else'))).statusCode).toBe(400);
    for (let i = 0; i < 3; i += 1) expect((await post(signed(WEBHOOK_SECRET))).statusCode).toBe(200);

    const state = await paymentState();
    expect(state.payments).toHaveLength(1);
    expect(state.payments[0]).toMatchObject({ provider: 'stripe', providerReference: intent.cs_session, amount: order.to_pay });
    expect(state.orders[0]?.statusId).toBe(ORDER_STATUS.PAID);
    expect(await paidMails()).toHaveLength(1);
  });

  it('a declined card leaves the order unpaid with Stripe’s message', async () => {
    const { app } = await stripeShop();
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.starter]);
    const intent = await startCardPayment(buyer, order.hash);
    stripe.confirmInBrowser(intent.cs_session, 'pm_card_chargeDeclined');
    const answer = confirmCardPayment.response.parse((await expectOk(buyer.call('POST', '/payments/stripe/confirm', { order_id: order.hash, payment_intent: intent.cs_session }))).json());
    expect(answer.paid).toBe(false);
    expect(answer.msg).toMatch(/declined/i);
    expect((await paymentState()).payments).toHaveLength(0);
  });
});

describe('PayPal through its adapter and a fake of its API', () => {
  it('creates, captures after approval and pays once despite repeated signed webhooks', async () => {
    const { app, clock } = await paypalShop();
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.alternator]);

    const created = createPaypalOrder.response.parse((await expectOk(buyer.call('POST', '/payments/paypal/create-order', { order_id: order.hash }))).json());
    paypal.approve(created.id);
    const captured = capturePaypalOrder.response.parse((await expectOk(buyer.call('POST', `/payments/paypal/capture/${created.id}`))).json());
    const capture = captured.purchase_units[0]?.payments.captures?.[0];
    expect(capture?.status).toBe('COMPLETED');
    expect(captured.paid).toBe(true);

    const body = JSON.stringify({
      id: 'WH-1',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: capture?.id, status: 'COMPLETED', amount: { value: (order.to_pay / 100).toFixed(2), currency_code: 'GBP' }, custom_id: order.hash },
    });
    const post = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/web-api/payments/paypal/webhook', headers: { 'content-type': 'application/json', ...headers }, payload: body });
    expect((await post({ ...paypal.signWebhook(body, clock()), 'paypal-transmission-sig': 'forged' })).statusCode).toBe(400);
    for (let i = 0; i < 3; i += 1) expect((await post(paypal.signWebhook(body, clock()))).statusCode).toBe(200);

    const state = await paymentState();
    expect(state.payments).toHaveLength(1);
    expect(state.payments[0]).toMatchObject({ provider: 'paypal', providerReference: capture?.id, method: 'PAYPAL', amount: order.to_pay });
    expect(state.orders[0]?.statusId).toBe(ORDER_STATUS.PAID);
    expect(await paidMails()).toHaveLength(1);
  });

  it('passes PayPal’s refusal on as §5 reads it: the details list and the debug id', async () => {
    const { app } = await paypalShop();
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.starter]);
    const created = createPaypalOrder.response.parse((await expectOk(buyer.call('POST', '/payments/paypal/create-order', { order_id: order.hash }))).json());
    paypal.approveToDecline(created.id);
    const refused = await buyer.call('POST', `/payments/paypal/capture/${created.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ success: false, details: [{ issue: 'INSTRUMENT_DECLINED' }], debug_id: expect.any(String) });
    expect((await paymentState()).payments).toHaveLength(0);
  });
});
