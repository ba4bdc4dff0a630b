import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CreateCardIntent, PaymentProviderError, WebhookVerificationError } from '../port';
import { FAKE_STRIPE_SECRET_KEY, type FakeStripe, startFakeStripe } from './fake-stripe';
import { createStripeGateway } from './stripe-gateway';

const WEBHOOK_SECRET = 'whsec_test_fake_shop_webhook_secret';
/** The moment the shop received each webhook in these tests; never the real clock. */
const RECEIVED_AT = new Date('2026-03-02T10:15:00Z');
const RECEIVED_SECONDS = Math.floor(RECEIVED_AT.getTime() / 1000);

describe('Stripe card gateway against a local fake of Stripe', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe({
      paymentMethods: {
        pm_card_visa_googlePay: { card: { brand: 'visa', last4: '1111', exp_month: 4, exp_year: 2031, wallet: { type: 'google_pay' } }, behaviour: 'succeed' },
        pm_card_mastercard_applePay: { card: { brand: 'mastercard', last4: '5100', exp_month: 9, exp_year: 2030, wallet: { type: 'apple_pay' } }, behaviour: 'succeed' },
      },
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.setOutage(null));

  const gateway = (secretKey = FAKE_STRIPE_SECRET_KEY) =>
    createStripeGateway({ secretKey, publishableKey: 'pk_test_fake', webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url, timeoutMs: 5000, maxNetworkRetries: 0 });

  let attempt = 0;
  const intentInput = (extra: Partial<CreateCardIntent> = {}): CreateCardIntent => ({
    orderHash: 'h4sh0rder',
    orderNumber: '100234',
    amount: 4599,
    currency: 'gbp',
    idempotencyKey: `order-100234-attempt-${(attempt += 1)}`,
    receiptEmail: 'jo@example.co.uk',
    ...extra,
  });

  const lastRequest = () => {
    const request = fake.requests.at(-1);
    if (!request) throw new Error('the fake received nothing');
    return request;
  };

  it('refunds part, then the rest, of a succeeded intent with POST /v1/refunds under the idempotency key; the same key again refunds nothing more', async () => {
    const intent = await gateway().createIntent(intentInput());
    fake.confirmInBrowser(intent.id, 'pm_card_visa');
    const first = await gateway().refundPayment({ paymentIntentId: intent.id, amount: 1000, idempotencyKey: 'refund-100234-a' });
    expect(first).toEqual({ id: expect.stringMatching(/^re_/), amount: 1000, status: 'succeeded' });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/v1/refunds', idempotencyKey: 'refund-100234-a', body: { payment_intent: intent.id, amount: '1000' } });

    // A retry of the same refund (the same key) answers the first refund, replayed.
    expect(await gateway().refundPayment({ paymentIntentId: intent.id, amount: 1000, idempotencyKey: 'refund-100234-a' })).toEqual(first);
    expect(lastRequest().answer).toEqual({ status: 200, replayed: true });
    expect(fake.refunds).toHaveLength(1);

    expect(await gateway().refundPayment({ paymentIntentId: intent.id, amount: 3599, idempotencyKey: 'refund-100234-b' })).toMatchObject({ amount: 3599, status: 'succeeded' });
    // Nothing is left: Stripe refuses more, a refusal staff read.
    const refused = gateway().refundPayment({ paymentIntentId: intent.id, amount: 1, idempotencyKey: 'refund-100234-c' });
    await expect(refused).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(refused).rejects.toMatchObject({ message: 'Refund amount is greater than unrefunded amount on charge', details: { code: 'amount_too_large' } });
    expect(fake.refunds.map((refund) => refund.amount)).toEqual([1000, 3599]);
  });

  it('says it is Stripe and hands out the publishable key', () => {
    expect(gateway().mode).toBe('stripe');
    expect(gateway().publishableKey).toBe('pk_test_fake');
  });

  it('creates a PaymentIntent with the amount in pence, gbp, automatic payment methods, the order in metadata and the idempotency key', async () => {
    const input = intentInput();
    const intent = await gateway().createIntent(input);
    expect(intent).toMatchObject({ status: 'requires_payment_method', amount: 4599, currency: 'gbp', orderHash: 'h4sh0rder', paymentMethodId: null, card: null, customerId: null, savesCard: false, lastError: null, method: 'STRIPE_CARD' });
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));

    const request = lastRequest();
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents', idempotencyKey: input.idempotencyKey, stripeVersion: Stripe.API_VERSION });
    expect(request.headers.authorization).toBe(`Bearer ${FAKE_STRIPE_SECRET_KEY}`);
    expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request.body).toEqual({
      amount: '4599',
      currency: 'gbp',
      automatic_payment_methods: { enabled: 'true' },
      metadata: { order_hash: 'h4sh0rder', order_number: '100234' },
      receipt_email: 'jo@example.co.uk',
      description: 'Order 100234',
      expand: ['payment_method'],
    });
  });

  it('answers the same intent to a retry with the same idempotency key, and refuses the key with other parameters', async () => {
    const input = intentInput();
    const first = await gateway().createIntent(input);
    const before = fake.requests.length;
    const retry = await gateway().createIntent(input);
    expect(retry.id).toBe(first.id);
    expect(retry.clientSecret).toBe(first.clientSecret);
    expect(fake.requests.length).toBe(before + 1);
    expect(lastRequest()).toMatchObject({ idempotencyKey: input.idempotencyKey, answer: { status: 200, replayed: true } });

    await expect(gateway().createIntent({ ...input, amount: 5000 })).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    const other = await gateway().createIntent(intentInput({ amount: 5000 }));
    expect(other.id).not.toBe(first.id);
  });

  it('asks Stripe to save the card for the member when the customer chooses to', async () => {
    const customerId = await gateway().createCustomer({ email: 'jo@example.co.uk', name: 'Jo Bloggs', memberId: 42 });
    const intent = await gateway().createIntent(intentInput({ customerId, saveCard: true }));
    expect(intent).toMatchObject({ customerId, savesCard: true, status: 'requires_payment_method' });
    expect(lastRequest().body).toMatchObject({ customer: customerId, setup_future_usage: 'off_session', automatic_payment_methods: { enabled: 'true' } });
    expect(lastRequest().body).not.toHaveProperty('confirm');

    // The customer pays in the browser; the card is then the customer's, and pays the next order.
    fake.confirmInBrowser(intent.id, 'pm_card_visa');
    const paid = await gateway().retrieveIntent(intent.id);
    expect(paid).toMatchObject({ status: 'succeeded', savesCard: true, card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 } });
    expect(fake.paymentMethod(paid.paymentMethodId ?? '')).toMatchObject({ customer: customerId });
  });

  describe('paying with a saved card', () => {
    let customerId: string;
    beforeAll(async () => {
      customerId = await gateway().createCustomer({ email: 'sam@example.co.uk', name: 'Sam Patel', memberId: 7 });
    });

    /** Saves a card as the browser would: a first payment with setup_future_usage. */
    const savedCard = async (testCard: string) => {
      const saving = await gateway().createIntent(intentInput({ customerId, saveCard: true }));
      fake.confirmInBrowser(saving.id, testCard);
      const saved = await gateway().retrieveIntent(saving.id);
      if (saved.status === 'requires_action') fake.authenticate(saving.id, true);
      return saved.paymentMethodId ?? '';
    };

    it('confirms on the server in one tap, redirects off (Stripe requires it without a return_url), and succeeds', async () => {
      const paymentMethodId = await savedCard('pm_card_visa');
      const intent = await gateway().createIntent(intentInput({ customerId, paymentMethodId }));
      expect(intent).toMatchObject({ status: 'succeeded', paymentMethodId, customerId, card: { brand: 'visa', last4: '4242' }, method: 'STRIPE_CARD' });
      expect(lastRequest().body).toMatchObject({
        payment_method: paymentMethodId,
        customer: customerId,
        confirm: 'true',
        off_session: 'false',
        automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' },
      });
    });

    it('answers requires_action for a card that asks for 3-D Secure, for Stripe.js to show the challenge', async () => {
      const paymentMethodId = await savedCard('pm_card_authenticationRequired');
      const intent = await gateway().createIntent(intentInput({ customerId, paymentMethodId }));
      expect(intent).toMatchObject({ status: 'requires_action', paymentMethodId, lastError: null });
      fake.authenticate(intent.id, true);
      expect(await gateway().retrieveIntent(intent.id)).toMatchObject({ status: 'succeeded' });
    });

    it('reads a declined card as a refusal the customer reads, with code card_declined', async () => {
      // Stripe never saves a card that declines, so the test card stands in for one that declines now.
      const refusal = gateway().createIntent(intentInput({ customerId, paymentMethodId: 'pm_card_chargeDeclined' }));
      await expect(refusal).rejects.toBeInstanceOf(PaymentProviderError);
      await expect(refusal).rejects.toMatchObject({ message: 'Your card was declined.', details: { code: 'card_declined' } });
      const failed = await refusal.catch((error: unknown) => error);
      expect(failed).not.toHaveProperty('details.unavailable');
    });

    it('gives the same refusal to a retry with the same key, without a second attempt at the card', async () => {
      const input = intentInput({ customerId, paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds' });
      await expect(gateway().createIntent(input)).rejects.toMatchObject({ message: 'Your card has insufficient funds.', details: { code: 'card_declined' } });
      expect(lastRequest().answer).toEqual({ status: 402, replayed: false });
      await expect(gateway().createIntent(input)).rejects.toMatchObject({ message: 'Your card has insufficient funds.', details: { code: 'card_declined' } });
      expect(lastRequest().answer).toEqual({ status: 402, replayed: true });
    });
  });

  it('retrieves an intent with its card and tells card, Google Pay and Apple Pay apart', async () => {
    const card = await gateway().createIntent(intentInput());
    fake.confirmInBrowser(card.id, 'pm_card_mastercard');
    expect(await gateway().retrieveIntent(card.id)).toMatchObject({ status: 'succeeded', method: 'STRIPE_CARD', card: { brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2034 } });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${card.id}`, query: { expand: ['payment_method'] } });

    const googlePay = await gateway().createIntent(intentInput());
    fake.confirmInBrowser(googlePay.id, 'pm_card_visa_googlePay');
    expect(await gateway().retrieveIntent(googlePay.id)).toMatchObject({ method: 'STRIPE_GOOGLE_PAY', card: { brand: 'visa', last4: '1111', expMonth: 4, expYear: 2031 } });

    const applePay = await gateway().createIntent(intentInput());
    fake.confirmInBrowser(applePay.id, 'pm_card_mastercard_applePay');
    expect(await gateway().retrieveIntent(applePay.id)).toMatchObject({ method: 'STRIPE_APPLE_PAY' });
  });

  it('reads a declined payment made in the browser from the intent: payable again, with the reason', async () => {
    const intent = await gateway().createIntent(intentInput());
    fake.confirmInBrowser(intent.id, 'pm_card_chargeDeclined');
    expect(await gateway().retrieveIntent(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      paymentMethodId: null,
      lastError: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
    });
  });

  it('creates a customer for a member, with the member id in metadata', async () => {
    const customerId = await gateway().createCustomer({ email: 'ann@example.co.uk', name: 'Ann Lee', memberId: 1201 });
    expect(customerId).toMatch(/^cus_/);
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/v1/customers', body: { email: 'ann@example.co.uk', name: 'Ann Lee', metadata: { member_id: '1201' } } });
    expect(fake.customer(customerId)).toMatchObject({ email: 'ann@example.co.uk', metadata: { member_id: '1201' } });
  });

  it('forgets a saved card at Stripe', async () => {
    const customerId = await gateway().createCustomer({ email: 'ann@example.co.uk', name: 'Ann Lee', memberId: 1201 });
    const intent = await gateway().createIntent(intentInput({ customerId, saveCard: true }));
    fake.confirmInBrowser(intent.id, 'pm_card_visa');
    const paymentMethodId = (await gateway().retrieveIntent(intent.id)).paymentMethodId ?? '';
    expect(fake.paymentMethod(paymentMethodId)).toMatchObject({ customer: customerId });

    await gateway().detachPaymentMethod(paymentMethodId);
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `/v1/payment_methods/${paymentMethodId}/detach` });
    expect(fake.paymentMethod(paymentMethodId)).toMatchObject({ customer: null });
  });

  it('forgets a deleted member at Stripe: the customer goes with the cards saved on it', async () => {
    const customerId = await gateway().createCustomer({ email: 'ann@example.co.uk', name: 'Ann Lee', memberId: 1202 });
    const intent = await gateway().createIntent(intentInput({ customerId, saveCard: true }));
    fake.confirmInBrowser(intent.id, 'pm_card_visa');
    const paymentMethodId = (await gateway().retrieveIntent(intent.id)).paymentMethodId ?? '';

    await gateway().deleteCustomer(customerId);
    expect(lastRequest()).toMatchObject({ method: 'DELETE', path: `/v1/customers/${customerId}` });
    expect(fake.paymentMethod(paymentMethodId)).toMatchObject({ customer: null });
    expect(() => fake.customer(customerId)).toThrow();
    // Once more: Stripe answers that there is no such customer.
    await expect(gateway().deleteCustomer(customerId)).rejects.toThrow(/No such customer/);
  });

  it('reads Stripe failing, rate-limiting or unreachable as unavailable', async () => {
    for (const outage of ['error', 'rate_limit', 'drop'] as const) {
      fake.setOutage(outage);
      const failure = await gateway()
        .createIntent(intentInput())
        .catch((error: unknown) => error);
      expect(failure, outage).toBeInstanceOf(PaymentProviderError);
      expect(failure, outage).toMatchObject({ details: { unavailable: true } });
      await expect(gateway().retrieveIntent('pi_any'), outage).rejects.toMatchObject({ details: { unavailable: true } });
    }
    fake.setOutage(null);
    const closed = await startFakeStripe();
    await closed.close();
    const gone = createStripeGateway({ secretKey: FAKE_STRIPE_SECRET_KEY, publishableKey: 'pk_test_fake', webhookSecret: WEBHOOK_SECRET, apiUrl: closed.url, maxNetworkRetries: 0 });
    await expect(gone.createCustomer({ email: 'a@example.co.uk', name: 'A', memberId: 1 })).rejects.toMatchObject({ details: { unavailable: true } });
  });

  it('throws the shop’s own mistakes as they are: a wrong key, an unknown intent', async () => {
    await expect(gateway('sk_test_wrong_key_1234').createIntent(intentInput())).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(gateway().retrieveIntent('pi_unknown')).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  describe('webhooks', () => {
    const signed = (event: unknown, options: { timestamp?: number; secret?: string } = {}) => {
      const payload = JSON.stringify(event);
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp ?? RECEIVED_SECONDS - 30 });
      return { body: Buffer.from(payload), headers: { 'stripe-signature': header, 'content-type': 'application/json' } };
    };

    it('reads payment_intent.succeeded with the card, after asking Stripe for the expanded intent', async () => {
      const intent = await gateway().createIntent(intentInput());
      fake.confirmInBrowser(intent.id, 'pm_card_visa_googlePay');
      const event = fake.event('payment_intent.succeeded', fake.intent(intent.id));
      const { body, headers } = signed(event);
      const parsed = await gateway().parseWebhook(body, headers, RECEIVED_AT);
      expect(parsed).toMatchObject({
        kind: 'payment_succeeded',
        eventId: event.id,
        provider: 'stripe',
        reference: intent.id,
        orderHash: 'h4sh0rder',
        amount: 4599,
        currency: 'gbp',
        method: 'STRIPE_GOOGLE_PAY',
        card: { card: { brand: 'visa', last4: '1111', expMonth: 4, expYear: 2031 } },
      });
      expect(lastRequest()).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${intent.id}`, query: { expand: ['payment_method'] } });
    });

    it('reads payment_intent.payment_failed with the reason the customer was given', async () => {
      const intent = await gateway().createIntent(intentInput());
      fake.confirmInBrowser(intent.id, 'pm_card_chargeDeclinedInsufficientFunds');
      const event = fake.event('payment_intent.payment_failed', fake.intent(intent.id));
      const { body, headers } = signed(event);
      expect(await gateway().parseWebhook(body, headers, RECEIVED_AT)).toEqual({
        kind: 'payment_failed',
        eventId: event.id,
        provider: 'stripe',
        reference: intent.id,
        orderHash: 'h4sh0rder',
        reason: 'Your card has insufficient funds.',
      });
    });

    it('reads a failed 3-D Secure challenge as payment_failed', async () => {
      const intent = await gateway().createIntent(intentInput());
      fake.confirmInBrowser(intent.id, 'pm_card_authenticationRequired');
      fake.authenticate(intent.id, false);
      const { body, headers } = signed(fake.event('payment_intent.payment_failed', fake.intent(intent.id)));
      expect(await gateway().parseWebhook(body, headers, RECEIVED_AT)).toMatchObject({ kind: 'payment_failed', reference: intent.id, reason: expect.stringMatching(/unable to authenticate/) });
    });

    it('reads charge.refunded with the amount refunded so far', async () => {
      const intent = await gateway().createIntent(intentInput());
      fake.confirmInBrowser(intent.id, 'pm_card_visa');
      fake.refund(intent.id, 1000);
      const event = fake.event('charge.refunded', fake.refund(intent.id, 500));
      const { body, headers } = signed(event);
      expect(await gateway().parseWebhook(body, headers, RECEIVED_AT)).toEqual({
        kind: 'refunded',
        eventId: event.id,
        provider: 'stripe',
        reference: intent.id,
        orderHash: 'h4sh0rder',
        amountRefunded: 1500,
        currency: 'gbp',
      });
    });

    it('ignores an event type the shop does not act on, without calling Stripe', async () => {
      const customerId = await gateway().createCustomer({ email: 'x@example.co.uk', name: 'X', memberId: 3 });
      const event = fake.event('customer.created', fake.customer(customerId));
      const { body, headers } = signed(event);
      const before = fake.requests.length;
      expect(await gateway().parseWebhook(body, headers, RECEIVED_AT)).toEqual({ kind: 'ignored', eventId: event.id, provider: 'stripe', type: 'customer.created' });
      expect(fake.requests.length).toBe(before);
    });

    it('accepts an event signed up to 5 minutes before it arrived and refuses one 10 minutes old', async () => {
      const intent = await gateway().createIntent(intentInput());
      const event = fake.event('payment_intent.payment_failed', fake.intent(intent.id));
      const justInTime = signed(event, { timestamp: RECEIVED_SECONDS - 300 });
      expect(await gateway().parseWebhook(justInTime.body, justInTime.headers, RECEIVED_AT)).toMatchObject({ kind: 'payment_failed' });
      const old = signed(event, { timestamp: RECEIVED_SECONDS - 600 });
      await expect(gateway().parseWebhook(old.body, old.headers, RECEIVED_AT)).rejects.toBeInstanceOf(WebhookVerificationError);
      // The same signature is good when it arrives on time: the age is measured from receivedAt.
      expect(await gateway().parseWebhook(old.body, old.headers, new Date((RECEIVED_SECONDS - 590) * 1000))).toMatchObject({ kind: 'payment_failed' });
    });

    it('refuses a bad signature, a tampered body and a missing or empty header, before asking Stripe anything', async () => {
      const intent = await gateway().createIntent(intentInput());
      fake.confirmInBrowser(intent.id, 'pm_card_visa');
      const event = fake.event('payment_intent.succeeded', fake.intent(intent.id));
      const before = fake.requests.length;

      const wrongSecret = signed(event, { secret: 'whsec_someone_else' });
      await expect(gateway().parseWebhook(wrongSecret.body, wrongSecret.headers, RECEIVED_AT)).rejects.toBeInstanceOf(WebhookVerificationError);

      const good = signed(event);
      const tampered = Buffer.from(good.body.toString().replace('"amount":4599', '"amount":1'));
      expect(tampered.equals(good.body)).toBe(false);
      await expect(gateway().parseWebhook(tampered, good.headers, RECEIVED_AT)).rejects.toBeInstanceOf(WebhookVerificationError);

      await expect(gateway().parseWebhook(good.body, { 'content-type': 'application/json' }, RECEIVED_AT)).rejects.toBeInstanceOf(WebhookVerificationError);
      await expect(gateway().parseWebhook(good.body, { 'stripe-signature': '' }, RECEIVED_AT)).rejects.toBeInstanceOf(WebhookVerificationError);
      await expect(gateway().parseWebhook(good.body, { 'stripe-signature': 'garbage' }, RECEIVED_AT)).rejects.toBeInstanceOf(WebhookVerificationError);
      expect(fake.requests.length).toBe(before);

      // The untouched event still verifies: the refusals above were the signature's, not the event's.
      expect(await gateway().parseWebhook(good.body, good.headers, RECEIVED_AT)).toMatchObject({ kind: 'payment_succeeded', reference: intent.id });
    });

    it('reads the header whatever its case, as a framework may hand it over', async () => {
      const intent = await gateway().createIntent(intentInput());
      const { body, headers } = signed(fake.event('payment_intent.payment_failed', fake.intent(intent.id)));
      expect(await gateway().parseWebhook(body, { 'Stripe-Signature': headers['stripe-signature'] }, RECEIVED_AT)).toMatchObject({ kind: 'payment_failed' });
    });

    it('reads Stripe unreachable while fetching the paid intent as unavailable, so the webhook is answered for Stripe to retry', async () => {
      const intent = await gateway().createIntent(intentInput());
      fake.confirmInBrowser(intent.id, 'pm_card_visa');
      const { body, headers } = signed(fake.event('payment_intent.succeeded', fake.intent(intent.id)));
      fake.setOutage('drop');
      await expect(gateway().parseWebhook(body, headers, RECEIVED_AT)).rejects.toMatchObject({ details: { unavailable: true } });
    });
  });
});
