/**
 * Paying by card through the embedded sandbox (issue 14), the way the payment panel does it:
 * create-payment-intent, the sandbox card form's confirmation (3-D Secure where asked), then the
 * shop's own check with the provider. Everything through real HTTP calls; the clock is the test's.
 */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { confirmCardPayment, confirmSandboxCard } from '../../../src/contract/payments';
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import { ORDER_STATUS } from '../../../src/domain/orders';
import { invoices, orders, parts, paymentAttempts, sandboxPaymentIntents } from '../../db/schema';
import { expectOk, PARTS, shopper } from '../../test/checkout';
import { testDatabase } from '../../test/database';
import { releaseExpiredHolds } from '../orders/index';
import { confirmCard, confirmPayment, paidMails, paymentApp, paymentState, placeOrder, startCardPayment, TEST_CARDS, usePaymentData } from '../../test/payments';

usePaymentData();

const sandboxAnswer = (body: unknown) => confirmSandboxCard.response.parse(body);
const paidAnswer = (body: unknown) => confirmCardPayment.response.parse(body);

async function statusOf(...tags: string[]) {
  const { db } = await testDatabase();
  const rows = await db.select({ tag: parts.tag, status: parts.status }).from(parts).where(inArray(parts.tag, tags));
  return Object.fromEntries(rows.map((row) => [row.tag, row.status]));
}

describe('card payments through the sandbox', () => {
  it('pays with 4242…: the order is PAID once, its parts sold, an invoice issued and one e-mail sent', async () => {
    const { app } = await paymentApp();
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.alternator, PARTS.starter]);

    const intent = await startCardPayment(buyer, order.hash);
    expect(intent).toMatchObject({ amount: order.to_pay, currency: 'gbp', status: 'requires_payment_method' });
    expect(intent.cs).toMatch(/^pi_\w+_secret_\w+$/);
    expect(sandboxAnswer((await expectOk(confirmCard(buyer, intent.cs, TEST_CARDS.succeeds))).json())).toMatchObject({ status: 'succeeded', error: null });

    const answer = paidAnswer((await expectOk(confirmPayment(buyer, order.hash, intent.cs_session))).json());
    expect(answer).toEqual({
      success: true,
      msg: t('payment.successful'),
      paid: true,
      transaction: { status: 'succeeded', id: intent.cs_session },
      redirect: `/order-paid?hash=${order.hash}`,
    });
    // Asked again (a reload): the same answer, nothing more recorded.
    expect(paidAnswer((await expectOk(confirmPayment(buyer, order.hash, intent.cs_session))).json()).paid).toBe(true);

    const state = await paymentState();
    expect(state.payments).toHaveLength(1);
    expect(state.payments[0]).toMatchObject({ provider: 'stripe', providerReference: intent.cs_session, method: 'STRIPE_CARD', amount: order.to_pay, currency: 'gbp', status: 'succeeded' });
    expect(state.orders[0]).toMatchObject({ statusId: ORDER_STATUS.PAID });
    expect(state.orders[0]?.paidAt).not.toBeNull();
    expect(await statusOf(PARTS.alternator, PARTS.starter)).toEqual({ [PARTS.alternator]: 'sold', [PARTS.starter]: 'sold' });
    const mails = await paidMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(t('payment.mail_subject', { number: order.number }));
    expect(mails[0]?.text).toContain(`/order-paid?hash=${order.hash}`);
    expect(mails[0]?.text).toContain(intent.cs_session);
    const { db } = await testDatabase();
    expect(await db.select().from(invoices)).toHaveLength(1);

    // The order page now says paid, and paying again is refused.
    const created = (await expectOk(buyer.call('GET', `/orders/created/${order.hash}`))).json();
    expect(created.order).toMatchObject({ order_status_id: ORDER_STATUS.PAID, pay_again: false });
    const again = await buyer.call('POST', '/payments/stripe/create-payment-intent', { order_id: order.hash });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(t('payment.already_paid'));
    // Stripe refuses to confirm an intent that already succeeded.
    const reconfirm = await confirmCard(buyer, intent.cs, TEST_CARDS.succeeds);
    expect(reconfirm.statusCode).toBe(409);
    expect(reconfirm.json().msg).toMatch(/because it has a status of succeeded/);
  });

  it('asks for 3-D Secure with 4000 0027 6000 3184: completed pays, failed leaves the order payable with Stripe’s message', async () => {
    const { app } = await paymentApp();
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.alternator]);

    const intent = await startCardPayment(buyer, order.hash);
    expect(sandboxAnswer((await expectOk(confirmCard(buyer, intent.cs, TEST_CARDS.threeDSecure))).json())).toMatchObject({ status: 'requires_action', error: null });
    // Not paid while the challenge is open.
    expect(paidAnswer((await expectOk(confirmPayment(buyer, order.hash, intent.cs_session))).json())).toMatchObject({ paid: false, msg: t('payment.unsuccessful') });

    const failed = sandboxAnswer((await expectOk(buyer.call('POST', '/payments/sandbox/card/authenticate', { client_secret: intent.cs, outcome: 'fail' }))).json());
    expect(failed).toMatchObject({ status: 'requires_payment_method', error: { code: 'payment_intent_authentication_failure' } });
    const unpaid = paidAnswer((await expectOk(confirmPayment(buyer, order.hash, intent.cs_session))).json());
    expect(unpaid).toMatchObject({ paid: false, transaction: null, msg: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.' });
    expect((await paymentState()).payments).toHaveLength(0);

    // The panel offers the card form again: the same intent, the challenge this time completed.
    const retry = await startCardPayment(buyer, order.hash);
    expect(retry.cs_session).toBe(intent.cs_session);
    await expectOk(confirmCard(buyer, retry.cs, TEST_CARDS.threeDSecure));
    expect(sandboxAnswer((await expectOk(buyer.call('POST', '/payments/sandbox/card/authenticate', { client_secret: retry.cs, outcome: 'complete' }))).json()).status).toBe('succeeded');
    expect(paidAnswer((await expectOk(confirmPayment(buyer, order.hash, retry.cs_session))).json()).paid).toBe(true);
    expect((await paymentState()).orders[0]?.statusId).toBe(ORDER_STATUS.PAID);
  });

  it('declines 4000…0002 and 4000…9995 with Stripe’s texts; the order stays payable and 4242 then pays it', async () => {
    const { app } = await paymentApp();
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.alternator]);
    const intent = await startCardPayment(buyer, order.hash);

    const declined = sandboxAnswer((await expectOk(confirmCard(buyer, intent.cs, TEST_CARDS.declined))).json());
    expect(declined).toEqual({ success: true, status: 'requires_payment_method', error: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } });
    expect(paidAnswer((await expectOk(confirmPayment(buyer, order.hash, intent.cs_session))).json())).toMatchObject({ paid: false, msg: 'Your card was declined.' });
    const poor = sandboxAnswer((await expectOk(confirmCard(buyer, intent.cs, TEST_CARDS.insufficientFunds))).json());
    expect(poor.error).toEqual({ code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    // A real card in test mode is refused as Stripe refuses it.
    const live = sandboxAnswer((await expectOk(confirmCard(buyer, intent.cs, '4012888888881881'))).json());
    expect(live.error).toMatchObject({ code: 'card_declined', decline_code: 'live_mode_test_card' });
    expect(live.error?.message).toMatch(/^Your card was declined\. Your request was in test mode, but used a non test \(live\) card/);

    // Still payable: the same intent again (no pile of intents), now with 4242.
    const retry = await startCardPayment(buyer, order.hash);
    expect(retry.cs_session).toBe(intent.cs_session);
    await expectOk(confirmCard(buyer, retry.cs, TEST_CARDS.succeeds));
    expect(paidAnswer((await expectOk(confirmPayment(buyer, order.hash, retry.cs_session))).json()).paid).toBe(true);
    const { db } = await testDatabase();
    expect(await db.select().from(sandboxPaymentIntents)).toHaveLength(1);
    expect(await db.select().from(paymentAttempts)).toHaveLength(1);
  });

  it('refuses card details the form would refuse, naming the field, and an unknown intent', async () => {
    const { app } = await paymentApp();
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.alternator]);
    const intent = await startCardPayment(buyer, order.hash);
    const send = (changes: Record<string, unknown>) =>
      buyer.call('POST', '/payments/sandbox/card/confirm', { client_secret: intent.cs, card_number: TEST_CARDS.succeeds, exp_month: 12, exp_year: 2030, cvc: '123', name: 'Sam Turner', ...changes });

    const badNumber = await send({ card_number: '4242424242424241' });
    expect(badNumber.statusCode).toBe(422);
    expect(Object.keys(badNumber.json().errors)).toEqual(['card_number']);
    const badMonth = await send({ exp_month: 13 });
    expect(badMonth.statusCode).toBe(422);
    expect(Object.keys(badMonth.json().errors)).toEqual(['exp_month']);
    const past = await send({ exp_month: 1, exp_year: 2024 });
    expect(Object.keys(past.json().errors)).toEqual(['exp_year']);
    const badCvc = await send({ cvc: '12' });
    expect(Object.keys(badCvc.json().errors)).toEqual(['cvc']);
    expect((await send({ client_secret: 'pi_nothing_secret_x' })).statusCode).toBe(404);
    // Nothing was charged by any of these.
    const { db } = await testDatabase();
    const [row] = await db.select().from(sandboxPaymentIntents);
    expect(row?.status).toBe('requires_payment_method');
  });
});

describe('GET /web-api/payments/methods.json', () => {
  it('offers the sandboxes by default and turns each method off with its flag', async () => {
    const { app } = await paymentApp();
    const methods = (await app.inject({ method: 'GET', url: '/web-api/payments/methods.json' })).json();
    expect(methods).toEqual({ success: true, methods: { card: { mode: 'sandbox', publishable_key: null }, paypal: { mode: 'sandbox', client_id: null, currency: 'GBP' } } });

    const { app: off } = await paymentApp(undefined, { FEATURE_PAYMENTS_STRIPE: '0', FEATURE_PAYMENTS_PAYPAL: '0' });
    expect((await off.inject({ method: 'GET', url: '/web-api/payments/methods.json' })).json().methods).toEqual({ card: null, paypal: null });
    const buyer = await shopper(off);
    const order = await placeOrder(buyer, [PARTS.alternator]);
    expect((await buyer.call('POST', '/payments/stripe/create-payment-intent', { order_id: order.hash })).statusCode).toBe(404);
    expect((await buyer.call('POST', '/payments/paypal/create-order', { order_id: order.hash })).statusCode).toBe(404);
  });
});

describe('who may pay an order', () => {
  it('answers another visitor 404, a write without a session 403, and a paid order 409', async () => {
    const { app } = await paymentApp();
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.alternator]);

    const stranger = await shopper(app);
    const theirs = await stranger.call('POST', '/payments/stripe/create-payment-intent', { order_id: order.hash });
    expect(theirs.statusCode).toBe(404);
    expect((await stranger.call('POST', '/payments/paypal/create-order', { order_id: order.hash })).statusCode).toBe(404);

    // No session at all: a write is refused before the call runs (CSRF: no session, no token).
    const anonymous = await app.inject({ method: 'POST', url: '/web-api/payments/stripe/create-payment-intent', payload: { order_id: order.hash } });
    expect(anonymous.statusCode).toBe(403);

    const intent = await startCardPayment(buyer, order.hash);
    // Someone else cannot use the buyer's intent to learn or record anything.
    expect((await confirmPayment(stranger, order.hash, intent.cs_session)).statusCode).toBe(404);
    await expectOk(confirmCard(buyer, intent.cs, TEST_CARDS.succeeds));
    await expectOk(confirmPayment(buyer, order.hash, intent.cs_session));
    expect((await buyer.call('POST', '/payments/stripe/create-payment-intent', { order_id: order.hash })).statusCode).toBe(409);
    expect((await buyer.call('POST', '/payments/paypal/create-order', { order_id: order.hash })).statusCode).toBe(409);
  });

  it('refuses to charge an order whose hold ran out and whose part was bought meanwhile, naming it; no intent is made', async () => {
    const { app, clock } = await paymentApp();
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.alternator, PARTS.starter]);
    // The hold runs out and the release timer puts the parts back on sale.
    const { db } = await testDatabase();
    clock.advance(61 * 60_000);
    await releaseExpiredHolds(db, clock());
    expect(await statusOf(PARTS.alternator, PARTS.starter)).toEqual({ [PARTS.alternator]: 'available', [PARTS.starter]: 'available' });
    // Another customer buys the starter motor.
    const other = await shopper(app);
    await placeOrder(other, [PARTS.starter]);

    const refused = await buyer.call('POST', '/payments/stripe/create-payment-intent', { order_id: order.hash });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toContain(PARTS.starter);
    expect(refused.json().errors).toEqual({ gone: [PARTS.starter] });
    expect((await buyer.call('POST', '/payments/paypal/create-order', { order_id: order.hash })).statusCode).toBe(409);
    expect(await db.select().from(sandboxPaymentIntents)).toHaveLength(0);
    // The alternator was not taken back for an order that cannot be paid.
    expect(await statusOf(PARTS.alternator)).toEqual({ [PARTS.alternator]: 'available' });
  });

  it('takes the parts back on hold when they are still there after the hold ran out, and pays', async () => {
    const { app, clock } = await paymentApp();
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.alternator]);
    const { db } = await testDatabase();
    clock.advance(61 * 60_000);
    await releaseExpiredHolds(db, clock());
    expect(await statusOf(PARTS.alternator)).toEqual({ [PARTS.alternator]: 'available' });

    const intent = await startCardPayment(buyer, order.hash);
    expect(await statusOf(PARTS.alternator)).toEqual({ [PARTS.alternator]: 'reserved' });
    const [held] = await db.select().from(orders).where(eq(orders.hash, order.hash));
    expect(held?.holdReleasedAt).toBeNull();
    expect(held?.holdExpiresAt.getTime()).toBe(clock().getTime() + 60 * 60_000);
    await expectOk(confirmCard(buyer, intent.cs, TEST_CARDS.succeeds));
    expect(paidAnswer((await expectOk(confirmPayment(buyer, order.hash, intent.cs_session))).json()).paid).toBe(true);
    expect(await statusOf(PARTS.alternator)).toEqual({ [PARTS.alternator]: 'sold' });
  });
});
