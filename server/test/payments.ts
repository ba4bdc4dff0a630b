/**
 * Payment API test helpers (issue 14): the checkout data plus empty payment tables before each
 * test, a clock the test moves, orders placed and paid through the real calls, the sandbox's
 * webhooks sent when the test says, and webhooks signed (or mis-signed) by hand.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeEach, expect } from 'vitest';
import { createOrder } from '../../src/contract/checkout';
import { createPaymentIntent } from '../../src/contract/payments';
import { loadConfig } from '../config';
import { mailOutbox, orders, paymentEvents, payments } from '../db/schema';
import { createCardGateway, createPaypalGateway, isSandboxCard, isSandboxPaypal } from '../integrations/payments';
import { paypalSignatureHeaders, stripeSignatureHeader } from '../integrations/payments/sandbox/signing';
import { expectOk, readyCart, shopApp, type Shopper, useCheckoutData } from './checkout';
import { testDatabase } from './database';

const PAYMENT_TABLES = ['payment_events', 'payments', 'payment_attempts', 'invoices', 'member_cards', 'payment_customers', 'sandbox_payment_intents', 'sandbox_payment_methods', 'sandbox_paypal_orders', 'sandbox_webhook_deliveries'];

/** The checkout's data (test/checkout.ts) and, before each test, no payment rows at all. */
export function usePaymentData(): void {
  useCheckoutData();
  beforeEach(async () => {
    const { db } = await testDatabase();
    await db.execute(sql.raw(`TRUNCATE ${PAYMENT_TABLES.map((table) => `"${table}"`).join(', ')} RESTART IDENTITY CASCADE`));
  });
}

/** A clock the test moves by hand; it starts on a fixed weekday morning. */
export function testClock(start = '2026-11-25T10:00:00Z') {
  let now = new Date(start).getTime();
  const clock = () => new Date(now);
  return Object.assign(clock, {
    advance(ms: number) {
      now += ms;
    },
  });
}
export type TestClock = ReturnType<typeof testClock>;

/** The shop on the checkout data with a clock the test moves. */
export async function paymentApp(clock: TestClock = testClock(), env: Record<string, string> = {}): Promise<{ app: FastifyInstance; clock: TestClock }> {
  return { app: await shopApp({ clock, env }), clock };
}

/** The test secret the sandbox signs with (config.payments.sandboxSecret outside production). */
export const sandboxSecret = () => loadConfig({ NODE_ENV: 'test' }).payments.sandboxSecret;

/** Places an order for `tags` (a guest's, unless the buyer signed up) and answers its hash, number and to_pay. */
export async function placeOrder(buyer: Shopper, tags: readonly string[], options: { ready?: boolean } = {}) {
  if (options.ready !== false) await readyCart(buyer, tags);
  return createOrder.response.parse((await expectOk(buyer.call('PATCH', '/carts/create-order'))).json()).order;
}

export const card = (number: string) => ({ card_number: number, exp_month: 12, exp_year: 2030, cvc: '123', name: 'Sam Turner' });

export const TEST_CARDS = {
  succeeds: '4242424242424242',
  threeDSecure: '4000002760003184',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** create-payment-intent for the order; answers the intent's secret and id. */
export async function startCardPayment(buyer: Shopper, hash: string, extra: { save_card?: boolean; member_card_id?: number } = {}) {
  return createPaymentIntent.response.parse((await expectOk(buyer.call('POST', '/payments/stripe/create-payment-intent', { order_id: hash, ...extra }))).json()).data;
}

/** What the shop's sandbox card form does: confirm the intent with a card. */
export function confirmCard(buyer: Shopper, clientSecret: string, number: string): Promise<LightMyRequestResponse> {
  return buyer.call('POST', '/payments/sandbox/card/confirm', { client_secret: clientSecret, ...card(number) });
}

/** The browser's return: ask the shop to check the intent with the provider. */
export function confirmPayment(buyer: Shopper, hash: string, intentId: string): Promise<LightMyRequestResponse> {
  return buyer.call('POST', '/payments/stripe/confirm', { order_id: hash, payment_intent: intentId });
}

/** Pays the order with 4242… through the browser's calls (no webhook sent yet). */
export async function payByCard(buyer: Shopper, hash: string) {
  const intent = await startCardPayment(buyer, hash);
  await expectOk(confirmCard(buyer, intent.cs, TEST_CARDS.succeeds));
  const answer = (await expectOk(confirmPayment(buyer, hash, intent.cs_session))).json();
  expect(answer.paid).toBe(true);
  return intent;
}

/** Sends the webhooks the sandbox owes, once the provider's moment has passed. */
export async function deliverWebhooks(app: FastifyInstance, clock: TestClock): Promise<number> {
  clock.advance(2000);
  const sender = app.sandboxWebhooks;
  if (!sender) throw new Error('the payment sandbox is not in use');
  return sender.deliverDue();
}

/**
 * A Stripe webhook as Stripe would send it: `payload` signed at `signedAt` with `secret`; `body`
 * sends other bytes under that signature (a body changed on the way).
 */
export async function postStripeWebhook(app: FastifyInstance, payload: string, signedAt: Date, options: { secret?: string; body?: string } = {}) {
  const header = await stripeSignatureHeader(payload, options.secret ?? sandboxSecret(), signedAt);
  return app.inject({ method: 'POST', url: '/web-api/payments/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload: options.body ?? payload });
}

export function postPaypalWebhook(app: FastifyInstance, payload: string, signedAt: Date, options: { secret?: string; body?: string } = {}) {
  const headers = paypalSignatureHeaders(payload, options.secret ?? sandboxSecret(), signedAt);
  return app.inject({ method: 'POST', url: '/web-api/payments/paypal/webhook', headers: { 'content-type': 'application/json', ...headers }, payload: options.body ?? payload });
}

/**
 * The sandboxes on the test database with the app's clock: what a provider's dashboard does
 * (refunds) and what a lost browser leaves behind (a capture whose answer never arrived).
 */
export async function sandboxGateways(app: FastifyInstance) {
  const config = loadConfig({ NODE_ENV: 'test' });
  const deps = { db: (await testDatabase()).db, clock: app.clock, sandboxSecret: config.payments.sandboxSecret, timeoutMs: config.payments.timeoutMs };
  const cardGateway = await createCardGateway(config.payments.stripe, deps);
  const paypalGateway = await createPaypalGateway(config.payments.paypal, deps);
  if (!isSandboxCard(cardGateway) || !isSandboxPaypal(paypalGateway)) throw new Error('expected the payment sandboxes');
  return { card: cardGateway, paypal: paypalGateway };
}

/** What the shop recorded: orders, payments, events and mails. */
export async function paymentState() {
  const { db } = await testDatabase();
  return {
    orders: await db.select().from(orders).orderBy(orders.id),
    payments: await db.select().from(payments).orderBy(payments.id),
    events: await db.select().from(paymentEvents).orderBy(paymentEvents.id),
    mails: await db.select().from(mailOutbox).orderBy(mailOutbox.id),
  };
}

/** The 'order paid' e-mails in the outbox. */
export async function paidMails() {
  const { mails } = await paymentState();
  return mails.filter((mail) => mail.subject.startsWith('Payment received'));
}
