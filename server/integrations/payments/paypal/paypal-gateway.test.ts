import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError, WebhookVerificationError } from '../port';
import { FAKE_PAYPAL_CLIENT_ID, FAKE_PAYPAL_CLIENT_SECRET, FAKE_PAYPAL_WEBHOOK_ID, type FakePaypal, startFakePaypal } from './fake-paypal';
import { createPaypalGateway } from './paypal-gateway';

const gatewayFor = (fake: FakePaypal, options: { clientSecret?: string; timeoutMs?: number; environment?: 'sandbox' | 'production' } = {}) =>
  createPaypalGateway({
    clientId: FAKE_PAYPAL_CLIENT_ID,
    clientSecret: options.clientSecret ?? FAKE_PAYPAL_CLIENT_SECRET,
    webhookId: FAKE_PAYPAL_WEBHOOK_ID,
    environment: options.environment ?? 'sandbox',
    timeoutMs: options.timeoutMs ?? 2000,
    httpsAgent: fake.agent,
  });

const newOrder = (number: string, amount = 4599) => ({ orderHash: `hash-${number}`, orderNumber: number, amount, currency: 'GBP' as const, requestId: `create-${number}` });

/** The refusal a call ends in (fails the test if it succeeds or throws something else). */
async function refusal(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

describe('PayPal adapter: orders', () => {
  let fake: FakePaypal;
  beforeAll(async () => {
    fake = await startFakePaypal();
  });
  afterAll(() => fake.close());

  it('creates an order in pence as PayPal decimals, approves and captures it, the order hash carried through', async () => {
    const paypal = gatewayFor(fake);
    expect(paypal.mode).toBe('paypal');
    expect(paypal.clientId).toBe(FAKE_PAYPAL_CLIENT_ID);

    const created = await paypal.createOrder(newOrder('100001', 4599));
    expect(created).toEqual({ id: expect.any(String), status: 'CREATED', amount: 4599, currency: 'GBP', orderHash: 'hash-100001', capture: null });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v2/checkout/orders', host: 'api-m.sandbox.paypal.com', requestId: 'create-100001' });

    fake.approve(created.id);
    expect(await paypal.getOrder(created.id)).toMatchObject({ id: created.id, status: 'APPROVED', capture: null });

    const captured = await paypal.captureOrder(created.id, 'capture-100001-1');
    expect(captured).toEqual({
      id: created.id,
      status: 'COMPLETED',
      amount: 4599,
      currency: 'GBP',
      orderHash: 'hash-100001',
      capture: { id: expect.any(String), status: 'COMPLETED', amount: 4599, currency: 'GBP' },
    });
    expect(fake.requests.at(-1)).toMatchObject({ path: `/v2/checkout/orders/${created.id}/capture`, requestId: 'capture-100001-1' });
    expect(await paypal.getOrder(created.id)).toEqual(captured);
  });

  it('answers the same order to a create retried with the same PayPal-Request-Id, and a new one to a new id', async () => {
    const paypal = gatewayFor(fake);
    const first = await paypal.createOrder(newOrder('100002', 1250));
    const retried = await paypal.createOrder(newOrder('100002', 1250));
    expect(retried.id).toBe(first.id);
    const another = await paypal.createOrder({ ...newOrder('100002', 1250), requestId: 'create-100002-again' });
    expect(another.id).not.toBe(first.id);
  });

  it('answers the first capture again to a capture retried with the same PayPal-Request-Id', async () => {
    const paypal = gatewayFor(fake);
    const created = await paypal.createOrder(newOrder('100003'));
    fake.approve(created.id);
    const captured = await paypal.captureOrder(created.id, 'capture-100003-1');
    expect(await paypal.captureOrder(created.id, 'capture-100003-1')).toEqual(captured);
    // A new request id is a second capture, which PayPal refuses.
    const again = await refusal(paypal.captureOrder(created.id, 'capture-100003-2'));
    expect(again.details.code).toBe('ORDER_ALREADY_CAPTURED');
  });

  it('refuses to capture an order the payer has not approved: the details list and the debug id', async () => {
    const paypal = gatewayFor(fake);
    const created = await paypal.createOrder(newOrder('100004'));
    const error = await refusal(paypal.captureOrder(created.id, 'capture-100004-1'));
    expect(error.details).toEqual({
      code: 'ORDER_NOT_APPROVED',
      paypal: {
        details: [{ issue: 'ORDER_NOT_APPROVED', description: expect.stringContaining('Payer has not yet approved the Order') }],
        debugId: expect.stringMatching(/^f\d+$/),
      },
    });
    expect(error.message).toBe('The requested action could not be performed, semantically incorrect, or failed business validation.');
    expect(error.details.unavailable).toBeUndefined();
  });

  it('reads a declined funding source as INSTRUMENT_DECLINED, and the order can be paid after the payer chooses again', async () => {
    const paypal = gatewayFor(fake);
    const declined = await paypal.createOrder(newOrder('100005'));
    fake.approveToDecline(declined.id);
    const error = await refusal(paypal.captureOrder(declined.id, 'capture-100005-1'));
    expect(error.details.code).toBe('INSTRUMENT_DECLINED');
    expect(error.details.paypal?.details?.[0]).toEqual({ issue: 'INSTRUMENT_DECLINED', description: expect.stringContaining('declined by the processor or bank') });
    expect(error.details.paypal?.debugId).toBeTruthy();

    // The buttons restart with a new PayPal order for the same shop order.
    const retried = await paypal.createOrder({ ...newOrder('100005'), requestId: 'create-100005-2' });
    fake.approve(retried.id);
    expect((await paypal.captureOrder(retried.id, 'capture-100005-2')).capture?.status).toBe('COMPLETED');
  });

  it('refuses a second payment under the same order number (invoice id)', async () => {
    const paypal = gatewayFor(fake);
    const first = await paypal.createOrder(newOrder('100006'));
    const second = await paypal.createOrder({ ...newOrder('100006'), requestId: 'create-100006-2' });
    fake.approve(first.id);
    fake.approve(second.id);
    await paypal.captureOrder(first.id, 'capture-100006-1');
    expect((await refusal(paypal.captureOrder(second.id, 'capture-100006-2'))).details.code).toBe('DUPLICATE_INVOICE_ID');
  });

  it('reads an unknown order as RESOURCE_NOT_FOUND with its details', async () => {
    const error = await refusal(gatewayFor(fake).getOrder('5O000000000NOSUCH'));
    expect(error.details.code).toBe('INVALID_RESOURCE_ID');
    expect(error.details.unavailable).toBeUndefined();
  });

  it('reads a 500 without details as PayPal unavailable: its message and debug id, no details list', async () => {
    const paypal = gatewayFor(fake);
    const created = await paypal.createOrder(newOrder('100007'));
    fake.approve(created.id);
    fake.failing(true);
    try {
      const error = await refusal(paypal.captureOrder(created.id, 'capture-100007-1'));
      expect(error.message).toBe('An internal server error has occurred.');
      expect(error.details).toEqual({ code: 'INTERNAL_SERVER_ERROR', paypal: { debugId: expect.any(String) }, unavailable: true });
    } finally {
      fake.failing(false);
    }
    expect((await paypal.captureOrder(created.id, 'capture-100007-2')).status).toBe('COMPLETED');
  });

  it('reads refused client credentials as an error with PayPal’s message and no details', async () => {
    const error = await refusal(gatewayFor(fake, { clientSecret: 'wrong' }).createOrder(newOrder('100008')));
    expect(error.message).toBe('Client Authentication failed');
    expect(error.details).toEqual({ code: 'invalid_client', paypal: {} });
  });

  it('asks for an access token once and uses it for every later call', async () => {
    const own = await startFakePaypal();
    try {
      const paypal = gatewayFor(own);
      const created = await paypal.createOrder(newOrder('200001'));
      await paypal.getOrder(created.id);
      own.approve(created.id);
      await paypal.captureOrder(created.id, 'capture-200001-1');
      const event = JSON.stringify({ id: 'WH-1', event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: created.id } });
      const at = new Date('2025-03-14T10:00:00Z');
      await paypal.parseWebhook(Buffer.from(event), own.signWebhook(event, at), at);
      expect(own.tokensIssued()).toBe(1);
      expect(own.requests.filter((request) => request.path === '/v1/oauth2/token')).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('targets the production host in production (the fake here answers only for the sandbox)', async () => {
    const error = await refusal(gatewayFor(fake, { environment: 'production' }).createOrder(newOrder('100009')));
    expect(fake.requests.at(-1)?.host).toBe('api-m.paypal.com');
    expect(error.details.code).toBe('MISDIRECTED_REQUEST');
  });
});

describe('PayPal adapter: refunds', () => {
  let fake: FakePaypal;
  beforeAll(async () => {
    fake = await startFakePaypal();
  });
  afterAll(() => fake.close());

  it('refunds part, then the rest, of a capture with PayPal-Request-Id; the same id again answers the first refund; more than is left is refused', async () => {
    const paypal = gatewayFor(fake);
    const created = await paypal.createOrder(newOrder('100901', 4599));
    fake.approve(created.id);
    const captureId = (await paypal.captureOrder(created.id, 'capture-100901-1')).capture?.id ?? '';

    const first = await paypal.refundCapture({ captureId, amount: 1000, currency: 'gbp', requestId: 'refund-100901-a' });
    expect(first).toEqual({ id: expect.any(String), amount: 1000, status: 'COMPLETED' });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v2/payments/captures/${captureId}/refund`, requestId: 'refund-100901-a' });
    expect(await paypal.refundCapture({ captureId, amount: 1000, currency: 'gbp', requestId: 'refund-100901-a' })).toEqual(first);

    expect(await paypal.refundCapture({ captureId, amount: 3599, currency: 'gbp', requestId: 'refund-100901-b' })).toMatchObject({ amount: 3599 });
    const refused = await refusal(paypal.refundCapture({ captureId, amount: 1, currency: 'gbp', requestId: 'refund-100901-c' }));
    expect(refused.details.code).toBe('CAPTURE_FULLY_REFUNDED');
  });

  it('refuses a refund of more than the capture', async () => {
    const paypal = gatewayFor(fake);
    const created = await paypal.createOrder(newOrder('100902', 2000));
    fake.approve(created.id);
    const captureId = (await paypal.captureOrder(created.id, 'capture-100902-1')).capture?.id ?? '';
    const refused = await refusal(paypal.refundCapture({ captureId, amount: 2001, currency: 'gbp', requestId: 'refund-100902-a' }));
    expect(refused.details.code).toBe('REFUND_AMOUNT_EXCEEDED');
  });
});

describe('PayPal adapter when PayPal cannot be reached', () => {
  it('reads a refused connection as unavailable', async () => {
    const gone = await startFakePaypal();
    await gone.close();
    const error = await refusal(gatewayFor(gone).createOrder(newOrder('300001')));
    expect(error.details.unavailable).toBe(true);
    expect(error.message).toMatch(/^PayPal could not be reached/);
  });

  it('reads a token request that failed as unavailable and asks again on the next call', async () => {
    const fake = await startFakePaypal();
    try {
      const paypal = gatewayFor(fake);
      fake.failing(true);
      expect((await refusal(paypal.createOrder(newOrder('300002')))).details.unavailable).toBe(true);
      fake.failing(false);
      expect((await paypal.createOrder(newOrder('300002'))).status).toBe('CREATED');
      expect(fake.requests.filter((request) => request.path === '/v1/oauth2/token')).toHaveLength(2);
    } finally {
      await fake.close();
    }
  });

  it('gives up on a slow answer after its timeout', async () => {
    const fake = await startFakePaypal();
    try {
      // The fake would answer after 600 ms: 'unavailable' is the gateway giving up first.
      fake.slow(600);
      const error = await refusal(gatewayFor(fake, { timeoutMs: 150 }).createOrder(newOrder('300003')));
      expect(error.details.unavailable).toBe(true);
    } finally {
      await fake.close();
    }
  });

  it('answers the first call after a slow token request, which timed out, without waiting on that request', async () => {
    const fake = await startFakePaypal();
    try {
      // A limit any answer of the fake meets on a busy machine, and a token request far slower
      // than it (150 ms was once too short for the second call's own two requests at load 13).
      const paypal = gatewayFor(fake, { timeoutMs: 1_500 });
      fake.slow(6_000);
      expect((await refusal(paypal.createOrder(newOrder('300004')))).details.unavailable).toBe(true);
      fake.slow(0);
      // At once, while the slow token request is still the SDK's until its own timeout passes.
      expect((await paypal.createOrder(newOrder('300004'))).status).toBe('CREATED');
    } finally {
      await fake.close();
    }
  });

});

describe('PayPal adapter: webhooks', () => {
  let fake: FakePaypal;
  beforeAll(async () => {
    fake = await startFakePaypal();
  });
  afterAll(() => fake.close());

  const receivedAt = new Date('2025-03-14T12:00:00Z');
  const capture = (type: string, resource: Record<string, unknown>) => JSON.stringify({ id: `WH-${type}-1`, event_type: type, resource_type: 'capture', resource });

  async function rejection(promise: Promise<unknown>): Promise<WebhookVerificationError> {
    const error = await promise.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(WebhookVerificationError);
    return error as WebhookVerificationError;
  }

  it('reads a verified PAYMENT.CAPTURE.COMPLETED as the payment, in pence', async () => {
    const body = capture('PAYMENT.CAPTURE.COMPLETED', { id: '3C000000000000001', status: 'COMPLETED', amount: { currency_code: 'GBP', value: '45.99' }, custom_id: 'hash-1' });
    const event = await gatewayFor(fake).parseWebhook(Buffer.from(body), fake.signWebhook(body, new Date('2025-03-14T11:59:30Z')), receivedAt);
    expect(event).toEqual({
      kind: 'payment_succeeded',
      eventId: 'WH-PAYMENT.CAPTURE.COMPLETED-1',
      provider: 'paypal',
      reference: '3C000000000000001',
      orderHash: 'hash-1',
      amount: 4599,
      currency: 'GBP',
      method: 'PAYPAL',
      card: null,
    });
  });

  it('reads a verified DENIED as a failed payment and REFUNDED as a refund of its capture', async () => {
    const paypal = gatewayFor(fake);
    const denied = capture('PAYMENT.CAPTURE.DENIED', { id: '3C000000000000002', status: 'DENIED', custom_id: 'hash-2', status_details: { reason: 'DECLINED_BY_RISK_FRAUD_FILTERS' } });
    expect(await paypal.parseWebhook(Buffer.from(denied), fake.signWebhook(denied, receivedAt), receivedAt)).toEqual({
      kind: 'payment_failed',
      eventId: 'WH-PAYMENT.CAPTURE.DENIED-1',
      provider: 'paypal',
      reference: '3C000000000000002',
      orderHash: 'hash-2',
      reason: 'DECLINED_BY_RISK_FRAUD_FILTERS',
    });
    const refunded = capture('PAYMENT.CAPTURE.REFUNDED', {
      id: '1R000000000000003',
      status: 'COMPLETED',
      amount: { currency_code: 'GBP', value: '10.00' },
      custom_id: 'hash-3',
      seller_payable_breakdown: { total_refunded_amount: { currency_code: 'GBP', value: '45.99' } },
      links: [{ href: 'https://api-m.sandbox.paypal.com/v2/payments/captures/3C000000000000003', rel: 'up', method: 'GET' }],
    });
    // Sent 4 minutes after receipt by our clock: clocks differ, within the tolerance either way.
    expect(await paypal.parseWebhook(Buffer.from(refunded), fake.signWebhook(refunded, new Date('2025-03-14T12:04:00Z')), receivedAt)).toEqual({
      kind: 'refunded',
      eventId: 'WH-PAYMENT.CAPTURE.REFUNDED-1',
      provider: 'paypal',
      reference: '3C000000000000003',
      orderHash: 'hash-3',
      amountRefunded: 4599,
      currency: 'GBP',
    });
  });

  it('sends PayPal the event exactly as delivered, so a body PayPal formatted its own way still verifies', async () => {
    const body = `{ "id": "WH-SPACED-1",\n  "event_type": "PAYMENT.CAPTURE.COMPLETED", "resource": { "id": "3C000000000000004", "amount": { "currency_code": "GBP", "value": "1.50" } } }`;
    const event = await gatewayFor(fake).parseWebhook(Buffer.from(body), fake.signWebhook(body, receivedAt), receivedAt);
    expect(event).toMatchObject({ kind: 'payment_succeeded', amount: 150 });
  });

  it('rejects a signature PayPal does not verify', async () => {
    const body = capture('PAYMENT.CAPTURE.COMPLETED', { id: '3C000000000000005', amount: { currency_code: 'GBP', value: '45.99' } });
    const headers = { ...fake.signWebhook(body, receivedAt), 'paypal-transmission-sig': 'bm90IGEgc2lnbmF0dXJl' };
    const before = fake.verifications();
    await rejection(gatewayFor(fake).parseWebhook(Buffer.from(body), headers, receivedAt));
    expect(fake.verifications()).toBe(before + 1);
  });

  it('rejects a tampered body (the amount changed after signing)', async () => {
    const body = capture('PAYMENT.CAPTURE.COMPLETED', { id: '3C000000000000006', amount: { currency_code: 'GBP', value: '45.99' } });
    const headers = fake.signWebhook(body, receivedAt);
    await rejection(gatewayFor(fake).parseWebhook(Buffer.from(body.replace('45.99', '0.01')), headers, receivedAt));
  });

  it('rejects a webhook signed for another webhook id', async () => {
    const other = await startFakePaypal({ webhookId: 'ANOTHER0WEBHOOK01' });
    try {
      const body = capture('PAYMENT.CAPTURE.COMPLETED', { id: '3C000000000000007' });
      // Signed by "PayPal" for another subscription, checked against ours.
      const headers = other.signWebhook(body, receivedAt);
      await rejection(gatewayFor(fake).parseWebhook(Buffer.from(body), headers, receivedAt));
    } finally {
      await other.close();
    }
  });

  it('rejects a transmission 10 minutes old, or 10 minutes ahead, without asking PayPal', async () => {
    const body = capture('PAYMENT.CAPTURE.COMPLETED', { id: '3C000000000000008' });
    const before = fake.verifications();
    const old = await rejection(gatewayFor(fake).parseWebhook(Buffer.from(body), fake.signWebhook(body, new Date('2025-03-14T11:50:00Z')), receivedAt));
    expect(old.message).toMatch(/5 minutes/);
    await rejection(gatewayFor(fake).parseWebhook(Buffer.from(body), fake.signWebhook(body, new Date('2025-03-14T12:10:00Z')), receivedAt));
    expect(fake.verifications()).toBe(before);
  });

  it('rejects a webhook missing any transmission header, or with an unreadable time, without asking PayPal', async () => {
    const body = capture('PAYMENT.CAPTURE.COMPLETED', { id: '3C000000000000009' });
    const headers = fake.signWebhook(body, receivedAt);
    const before = fake.verifications();
    for (const name of Object.keys(headers)) {
      const without: Record<string, string> = { ...headers };
      delete without[name];
      await rejection(gatewayFor(fake).parseWebhook(Buffer.from(body), without, receivedAt));
    }
    await rejection(gatewayFor(fake).parseWebhook(Buffer.from(body), { ...headers, 'paypal-transmission-time': 'yesterday' }, receivedAt));
    expect(fake.verifications()).toBe(before);
  });

  it('rejects a body that is not JSON or not an event', async () => {
    const paypal = gatewayFor(fake);
    const headers = fake.signWebhook('{"id":"x","event_type":"y"}', receivedAt);
    await rejection(paypal.parseWebhook(Buffer.from('{"id": "WH-1", "event_type": '), headers, receivedAt));
    await rejection(paypal.parseWebhook(Buffer.from('[1, 2]'), headers, receivedAt));
  });

  it('reads PayPal failing to verify as PayPal unavailable, not as a bad webhook', async () => {
    const body = capture('PAYMENT.CAPTURE.COMPLETED', { id: '3C000000000000010' });
    const paypal = gatewayFor(fake);
    // A first call so the token is cached and the failure is the verification's own.
    await paypal.parseWebhook(Buffer.from(body), fake.signWebhook(body, receivedAt), receivedAt);
    fake.failing(true);
    try {
      const error = await refusal(paypal.parseWebhook(Buffer.from(body), fake.signWebhook(body, receivedAt), receivedAt));
      expect(error.details.unavailable).toBe(true);
    } finally {
      fake.failing(false);
    }
  });
});
