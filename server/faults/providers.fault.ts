/**
 * Slow or failing providers (issue 27), through the real adapters (the Stripe SDK, PayPal's server
 * SDK, the DVLA, Ideal Postcodes and HMRC adapters, nodemailer) against local fakes of the
 * providers' APIs: slow (the answer comes after the time limit) and unreachable (a closed port).
 * Each call is answered within its limit with a clear message; money is never left in an unknown
 * state: a refund whose answer did not arrive stays pending and the reconciler finishes it under
 * the same idempotency key, once; a payment retried after a timeout uses the same key and is
 * made and recorded once; mails wait in the outbox while SMTP is away and go out once it returns.
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { capturePaypalOrder, createPaypalOrder } from '../../src/contract/payments';
import { t } from '../../src/domain/messages';
import { ORDER_STATUS } from '../../src/domain/orders';
import { paymentAttempts } from '../db/schema';
import { createOutboxMailer } from '../integrations/mail';
import { createOutboxRepository } from '../integrations/mail/outbox-repository';
import { SMTP_AWAY_MESSAGE, SMTP_BACK_MESSAGE } from '../integrations/mail/relay';
import { createPaypalGateway } from '../integrations/payments/paypal/paypal-gateway';
import { FAKE_PAYPAL_CLIENT_ID, FAKE_PAYPAL_CLIENT_SECRET, FAKE_PAYPAL_WEBHOOK_ID, type FakePaypal, LocalPaypalAgent, startFakePaypal } from '../integrations/payments/paypal/fake-paypal';
import { createStripeGateway } from '../integrations/payments/stripe/stripe-gateway';
import { FAKE_STRIPE_SECRET_KEY, type FakeStripe, startFakeStripe } from '../integrations/payments/stripe/fake-stripe';
import { FAKE_IDEAL_POSTCODES_KEY, type FakeIdealPostcodes, startFakeIdealPostcodes } from '../integrations/postcode-lookup/fake-ideal-postcodes';
import { FAKE_HMRC_CLIENT_ID, FAKE_HMRC_CLIENT_SECRET, type FakeHmrc, startFakeHmrc } from '../integrations/vat-lookup/fake-hmrc';
import { FAKE_DVLA_KEY, type FakeDvla, startFakeDvla } from '../integrations/vehicle-lookup/fake-dvla';
import { expectOk, PARTS, shopApp, shopper } from '../test/checkout';
import { testDatabase } from '../test/database';
import { paymentState, placeOrder, testClock, usePaymentData } from '../test/payments';
import { forgetStaff, paymentOfOrder, recordStripePayment, refundsOf } from '../test/provider-faults';
import { seedOrder } from '../test/sales';
import { smtpSink } from '../test/smtp-sink';
import { addOwner, addStaff, enrolAndSignIn } from '../test/staff';
import { switchablePort } from './support/providers';

usePaymentData();

/** The time limit the shop is given here (PAYMENT_TIMEOUT_MS and the others): short, yet far above a local fake's answer. */
const LIMIT_MS = 2000;
/** A slow provider answers after this: well past the limit. */
const SLOW_MS = 3 * LIMIT_MS;
const WEBHOOK_SECRET = 'whsec_shop_test_secret';
/** REFUND_RECONCILE_AFTER_MINUTES' default. */
const GRACE_MS = 5 * 60_000;
// Below Linux's ephemeral range (32768-60999), which outgoing connections take their ports from.
const SMTP_PORT = 31520;

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function logLines() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  return { lines, logger: { level: 'info', stream }, count: (msg: string) => lines.filter((line) => line.msg === msg).length };
}

describe('Stripe slow and unreachable', () => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(() => stripe.close());
  beforeEach(async () => forgetStaff((await testDatabase()).db));

  it('leaves each refund whose answer did not arrive pending, and the reconciler makes each once under its own key', async () => {
    const door = await switchablePort(stripe.port);
    try {
      const clock = testClock();
      const env = { STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: 'pk_test_shop', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: `http://127.0.0.1:${door.port}`, PAYMENT_TIMEOUT_MS: String(LIMIT_MS), RATE_LIMIT_SIGN_IN_MAX: '1000', RATE_LIMIT_MAX: '10000' };
      const app = await shopApp({ clock, env });
      const { db } = await testDatabase();
      const staffClock = { now: clock, advance: clock.advance };
      await addOwner(db, staffClock);
      const owner = (await enrolAndSignIn(app, staffClock, 'owner@example.com')).browser;
      await addStaff(owner, 'sales');
      const sales = (await enrolAndSignIn(app, staffClock, 'sales@example.com')).browser;
      // Two orders paid at the fake Stripe.
      const card = createStripeGateway({ secretKey: FAKE_STRIPE_SECRET_KEY, publishableKey: 'pk_test_shop', webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url });
      const paid = await Promise.all(
        [6_000, 7_000].map(async (toPay) => {
          const order = await seedOrder(db, { status: ORDER_STATUS.PAID, paidWith: null, toPay });
          const intent = await card.createIntent({ orderHash: order.hash, orderNumber: order.number, amount: toPay, currency: 'gbp', idempotencyKey: `order-${order.hash}-stripe-attempt-1`, receiptEmail: order.email });
          stripe.confirmInBrowser(intent.id, 'pm_card_visa');
          await recordStripePayment(db, order.id, intent.id, toPay, clock());
          return { order, intent, toPay };
        }),
      );
      const [unreachable, slow] = paid as [(typeof paid)[number], (typeof paid)[number]];
      const refundOf = (which: typeof unreachable) => sales.post(`/web-api/admin/orders/${which.order.number}/refund`, { amount: which.toPay, idempotency_key: `fault-refund-${which.order.number}` });
      const refundRequests = (which: typeof unreachable) => stripe.requests.filter((request) => request.path === '/v1/refunds' && request.body.payment_intent === which.intent.id);
      const madeFor = (which: typeof unreachable) => stripe.refunds.filter((refund) => refund.payment_intent === which.intent.id);

      // Unreachable: a closed port.
      await door.shut();
      const refused = await refundOf(unreachable);
      expect(refused.statusCode).toBe(503);
      expect(refused.json().msg).toMatch(/did not answer in time.*pending/);
      await door.open();

      // Slow: Stripe gets the refund, makes it, but answers after the limit.
      const release = stripe.hold();
      let late;
      try {
        late = await refundOf(slow);
        await until('the slow refund request to reach Stripe', () => refundRequests(slow).length >= 1);
      } finally {
        release();
      }
      expect(late.statusCode).toBe(503);
      await until('Stripe to make the slow refund', () => madeFor(slow).length === 1);

      // Neither is dropped: both pending under their keys; asked again by staff, each says it is under way.
      for (const which of [unreachable, slow]) {
        expect(await refundsOf(db, which.order.id)).toEqual([expect.objectContaining({ state: 'pending', key: `fault-refund-${which.order.number}` })]);
        expect((await refundOf(which)).statusCode).toBe(409);
      }
      expect(madeFor(unreachable)).toEqual([]);

      // The reconciler: the unreachable one is made now, the slow one is answered (not made again).
      clock.advance(GRACE_MS);
      expect(await app.refundReconciler.runRound()).toEqual({ completed: 2, dropped: 0, left: 0 });
      for (const which of [unreachable, slow]) {
        expect(madeFor(which)).toHaveLength(1);
        expect(new Set(refundRequests(which).map((request) => request.idempotencyKey))).toEqual(new Set([`fault-refund-${which.order.number}`]));
        expect(await refundsOf(db, which.order.id)).toEqual([expect.objectContaining({ state: 'succeeded', reference: madeFor(which)[0]?.id })]);
        expect(await paymentOfOrder(db, which.order.id)).toMatchObject({ refundedAmount: which.toPay, status: 'refunded' });
      }
    } finally {
      await door.close();
    }
  }, 90_000);

  it('answers a card payment whose intent came too late with a clear 503, and the retry gets the same intent under the same key', async () => {
    const app = await shopApp({ env: { STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: 'pk_test_shop', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url.toString(), PAYMENT_TIMEOUT_MS: String(LIMIT_MS) } });
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.alternator]);
    const intentRequests = () => stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/payment_intents' && (request.body.metadata as { order_hash?: string } | undefined)?.order_hash === order.hash);

    const release = stripe.hold();
    let late;
    try {
      late = await buyer.call('POST', '/payments/stripe/create-payment-intent', { order_id: order.hash });
    } finally {
      release();
    }
    expect(late.statusCode).toBe(503);
    expect(late.json()).toEqual({ success: false, msg: t('payment.provider_unavailable') });
    await until('Stripe to answer the held request', () => intentRequests().length > 0 && intentRequests().every((request) => request.answer !== null));

    const retried = (await expectOk(buyer.call('POST', '/payments/stripe/create-payment-intent', { order_id: order.hash }))).json();
    const made = intentRequests().filter((request) => request.answer?.replayed === false);
    expect(made).toHaveLength(1);
    expect(new Set(intentRequests().map((request) => request.idempotencyKey)).size).toBe(1);
    expect(intentRequests().at(-1)?.answer).toEqual({ status: 200, replayed: true });
    expect(retried.data.cs_session).toMatch(/^pi_/);
    expect((await paymentState()).payments).toEqual([]);
  }, 60_000);
});

describe('PayPal slow and unreachable', () => {
  let paypal: FakePaypal;
  beforeAll(async () => {
    paypal = await startFakePaypal();
  });
  afterAll(() => paypal.close());

  it('answers a capture that came too late with a clear 503; the retry under the same PayPal-Request-Id records one payment', async () => {
    const gateway = createPaypalGateway({ clientId: FAKE_PAYPAL_CLIENT_ID, clientSecret: FAKE_PAYPAL_CLIENT_SECRET, webhookId: FAKE_PAYPAL_WEBHOOK_ID, environment: 'sandbox', httpsAgent: paypal.agent, timeoutMs: LIMIT_MS });
    const app = await shopApp({ paymentGateways: { paypal: gateway } });
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.starter]);
    const created = createPaypalOrder.response.parse((await expectOk(buyer.call('POST', '/payments/paypal/create-order', { order_id: order.hash }))).json());
    paypal.approve(created.id);
    const captures = () => paypal.requests.filter((request) => request.method === 'POST' && request.path === `/v2/checkout/orders/${created.id}/capture`);

    paypal.slow(SLOW_MS);
    let late;
    try {
      late = await buyer.call('POST', `/payments/paypal/capture/${created.id}`);
    } finally {
      paypal.slow(0);
    }
    expect(late.statusCode).toBe(503);
    expect(late.json().msg).toBe(t('payment.paypal_capture_failed', { error: t('payment.provider_unavailable') }));
    expect((await paymentState()).payments).toEqual([]);

    const captured = capturePaypalOrder.response.parse((await expectOk(buyer.call('POST', `/payments/paypal/capture/${created.id}`))).json());
    expect(captured.status).toBe('COMPLETED');
    // The late capture's connection was given up, so the fake never ran it; every capture PayPal ran carried the attempt's one request id.
    expect(captures().length).toBeGreaterThanOrEqual(1);
    expect(new Set(captures().map((request) => request.requestId)).size).toBe(1);
    const state = await paymentState();
    expect(state.payments).toHaveLength(1);
    expect(state.payments[0]).toMatchObject({ provider: 'paypal', amount: order.to_pay });
    expect(state.orders.find((row) => row.hash === order.hash)?.statusId).not.toBe(ORDER_STATUS.NOT_PAID);
  }, 60_000);
  it('answers create-order and capture within the limit with the envelope while PayPal is unreachable or slow, writes nothing of them, and pays once when PayPal is back', async () => {
    // A PayPal of its own: the invoice ids (order numbers) of the test before are captured at the shared one.
    const paypal = await startFakePaypal();
    const door = await switchablePort(paypal.port);
    try {
      // The real adapter, its connections to PayPal's host going through a port the test can close.
      const gateway = createPaypalGateway({ clientId: FAKE_PAYPAL_CLIENT_ID, clientSecret: FAKE_PAYPAL_CLIENT_SECRET, webhookId: FAKE_PAYPAL_WEBHOOK_ID, environment: 'sandbox', httpsAgent: new LocalPaypalAgent(door.port), timeoutMs: LIMIT_MS });
      const app = await shopApp({ paymentGateways: { paypal: gateway } });
      const { db } = await testDatabase();
      const buyer = await shopper(app);
      const order = await placeOrder(buyer, [PARTS.alternator]);
      const orderRow = (await paymentState()).orders.find((row) => row.hash === order.hash);
      if (!orderRow) throw new Error('the order was not made');
      const attempts = async () => (await db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderRow.id))).length;
      const nothingWritten = async () => {
        const state = await paymentState();
        return { attempts: await attempts(), payments: state.payments.length, unpaid: state.orders.find((row) => row.hash === order.hash)?.statusId === ORDER_STATUS.NOT_PAID };
      };
      const createOrders = () => paypal.requests.filter((request) => request.method === 'POST' && request.path === '/v2/checkout/orders' && request.requestId?.includes(order.hash));
      const timed = async (call: () => Promise<{ statusCode: number; json(): unknown }>) => {
        const started = performance.now();
        const answer = await call();
        return { status: answer.statusCode, body: answer.json(), ms: Math.round(performance.now() - started) };
      };
      const unavailableAt = (key: 'payment.paypal_init_failed' | 'payment.paypal_capture_failed') => ({ status: 503, body: { success: false, msg: t(key, { error: t('payment.provider_unavailable') }) } });

      // Unreachable (a closed port), then slow (answers after the limit): create-order.
      await door.shut();
      const refused = await timed(() => buyer.call('POST', '/payments/paypal/create-order', { order_id: order.hash }));
      await door.open();
      paypal.slow(SLOW_MS);
      let late;
      try {
        late = await timed(() => buyer.call('POST', '/payments/paypal/create-order', { order_id: order.hash }));
      } finally {
        paypal.slow(0);
      }
      for (const answer of [refused, late]) expect({ status: answer.status, body: answer.body }).toEqual(unavailableAt('payment.paypal_init_failed'));
      expect(await nothingWritten()).toEqual({ attempts: 0, payments: 0, unpaid: true });

      // PayPal is back: the order is made (once, under the attempt's one request id), the payer approves.
      const created = createPaypalOrder.response.parse((await expectOk(buyer.call('POST', '/payments/paypal/create-order', { order_id: order.hash }))).json());
      expect(new Set(createOrders().map((request) => request.requestId))).toEqual(new Set([`order-${order.hash}-paypal-attempt-1`]));
      paypal.approve(created.id);

      // Unreachable at capture: nothing paid, nothing recorded.
      await door.shut();
      const captureRefused = await timed(() => buyer.call('POST', `/payments/paypal/capture/${created.id}`));
      await door.open();
      expect({ status: captureRefused.status, body: captureRefused.body }).toEqual(unavailableAt('payment.paypal_capture_failed'));
      expect(await nothingWritten()).toEqual({ attempts: 1, payments: 0, unpaid: true });

      // Back: the capture goes through and the order is paid once.
      const captured = capturePaypalOrder.response.parse((await expectOk(buyer.call('POST', `/payments/paypal/capture/${created.id}`))).json());
      expect(captured.status).toBe('COMPLETED');
      const state = await paymentState();
      expect(state.payments.filter((payment) => payment.orderId === orderRow.id)).toEqual([expect.objectContaining({ provider: 'paypal', amount: order.to_pay })]);
      expect(state.orders.find((row) => row.hash === order.hash)?.statusId).not.toBe(ORDER_STATUS.NOT_PAID);
      console.warn(`PayPal: create-order answered 503 in ${refused.ms} ms unreachable, ${late.ms} ms slow; capture 503 in ${captureRefused.ms} ms unreachable (limit ${LIMIT_MS} ms, slow PayPal ${SLOW_MS} ms); ${createOrders().length} create requests reached PayPal, 1 order made; paid once after PayPal came back`);
      // Answered within the limit: never waiting for a PayPal that is slower than it.
      for (const answer of [refused, late, captureRefused]) expect(answer.ms).toBeLessThan(SLOW_MS);
    } finally {
      await door.close();
      await paypal.close();
    }
  }, 60_000);
});

describe('lookups slow and unreachable', () => {
  let dvla: FakeDvla;
  let postcodes: FakeIdealPostcodes;
  let hmrc: FakeHmrc;
  beforeAll(async () => {
    dvla = await startFakeDvla({ vehicles: { AB12CDE: { make: 'FORD', yearOfManufacture: 2012 }, SL0W123: { make: 'FORD', yearOfManufacture: 2012 } }, slow: { SL0W123: SLOW_MS } });
    postcodes = await startFakeIdealPostcodes({ postcodes: { LS14AP: [{ line_1: '2 Mill Hill', post_town: 'Leeds', county: 'West Yorkshire' }] }, slow: { LS14AP: SLOW_MS } });
    hmrc = await startFakeHmrc({ companies: { '245719348': { name: 'BRITISH TELECOMMUNICATIONS PUBLIC LIMITED COMPANY', lines: ['1 BRAHAM STREET', 'LONDON'], postcode: 'E1 8EE' } } });
  });
  afterAll(async () => {
    await dvla.close();
    await postcodes.close();
    await hmrc.close();
  });

  it('answers the registration, postcode and VAT lookups within their limits with a clear 503 when the service is slow or unreachable', async () => {
    const closed = await switchablePort(1);
    const closedUrl = `http://127.0.0.1:${closed.port}`;
    await closed.shut();
    const limits = { DVLA_TIMEOUT_MS: String(LIMIT_MS), IDEAL_POSTCODES_TIMEOUT_MS: String(LIMIT_MS), HMRC_TIMEOUT_MS: String(LIMIT_MS) };
    const keys = { DVLA_API_KEY: FAKE_DVLA_KEY, IDEAL_POSTCODES_API_KEY: FAKE_IDEAL_POSTCODES_KEY, HMRC_CLIENT_ID: FAKE_HMRC_CLIENT_ID, HMRC_CLIENT_SECRET: FAKE_HMRC_CLIENT_SECRET };
    const reachable = await shopApp({ env: { ...keys, ...limits, DVLA_API_URL: dvla.url, IDEAL_POSTCODES_API_URL: postcodes.url, HMRC_API_URL: hmrc.url } });
    const unreachable = await shopApp({ env: { ...keys, ...limits, DVLA_API_URL: closedUrl, IDEAL_POSTCODES_API_URL: closedUrl, HMRC_API_URL: closedUrl } });
    const types = (await reachable.inject({ method: 'GET', url: '/web-api/products/types.json' })).json() as { data: { ID: number }[] };
    const partType = types.data[0]?.ID ?? 0;

    const answers: Record<string, { status: number; body: unknown }> = {};
    for (const [name, app, vrn, postcode] of [
      ['slow', reachable, 'SL0W123', 'LS1%204AP'],
      ['unreachable', unreachable, 'AB12CDE', 'LS1%204AP'],
    ] as const) {
      const buyer = await shopper(app);
      if (name === 'slow') hmrc.slowBy(SLOW_MS);
      try {
        const [registration, address, vat] = await Promise.all([
          app.inject({ method: 'GET', url: `/web-api/products/part-search.json?vrn=${vrn}&partType=${partType}` }),
          buyer.call('GET', `/addresses/lookup?postcode=${postcode}`),
          app.inject({ method: 'GET', url: `/web-api/gus/index/${encodeURIComponent('GB 245 7193 48')}` }),
        ]);
        answers[`${name} registration`] = { status: registration.statusCode, body: registration.json() };
        answers[`${name} postcode`] = { status: address.statusCode, body: address.json() };
        answers[`${name} vat`] = { status: vat.statusCode, body: vat.json() };
      } finally {
        hmrc.slowBy(0);
      }
    }
    const unavailable = (msg: string) => ({ status: 503, body: { success: false, msg } });
    expect(answers).toEqual({
      'slow registration': unavailable(t('filters.vrn_lookup_unavailable')),
      'slow postcode': unavailable(t('addresses.lookup_unavailable')),
      'slow vat': unavailable(t('vat_lookup.unavailable')),
      'unreachable registration': unavailable(t('filters.vrn_lookup_unavailable')),
      'unreachable postcode': unavailable(t('addresses.lookup_unavailable')),
      'unreachable vat': unavailable(t('vat_lookup.unavailable')),
    });

    // The same services answer again as soon as they are quick.
    const back = await reachable.inject({ method: 'GET', url: `/web-api/gus/index/${encodeURIComponent('GB 245 7193 48')}` });
    expect(back.statusCode).toBe(200);
  }, 60_000);
});

describe('SMTP slow, down, then up', () => {
  it('keeps the mails in the outbox without using up their attempts, says so once, and relays each once when SMTP returns', async () => {
    const log = logLines();
    // First nothing listens on SMTP's port.
    await shopApp({ env: { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, SMTP_TIMEOUT_MS: String(LIMIT_MS) }, logger: log.logger });
    const { db } = await testDatabase();
    const outbox = createOutboxRepository(db);
    for (let n = 1; n <= 3; n += 1) await createOutboxMailer(db).send({ to: `customer${n}@example.co.uk`, subject: `Your order S00${n}`, text: `Hello ${n}` });
    const untouched = async () => (await outbox.newest(10)).every((mail) => mail.sentAt === null && mail.deliveryAttempts === 0);

    await until('the relay to find SMTP down', () => log.count(SMTP_AWAY_MESSAGE) === 1);
    await until('the mails to be back in the outbox', untouched);

    // Then an SMTP server that accepts the connection and never greets: the relay gives up after its limit.
    const hanging = await smtpSink({ port: SMTP_PORT, silent: true });
    await until('the relay to give up on the hanging server', () => hanging.closedConnections() >= 1);
    await until('the mails to be back in the outbox', untouched);
    await hanging.close();

    // SMTP is back: each mail goes out once.
    const sink = await smtpSink({ port: SMTP_PORT });
    await until('the mails to be relayed', () => sink.messages.length >= 3);
    await until('the outbox to be marked sent', async () => (await outbox.newest(10)).every((mail) => mail.sentAt !== null));
    expect(sink.messages.map((message) => message.to[0]).sort()).toEqual(['customer1@example.co.uk', 'customer2@example.co.uk', 'customer3@example.co.uk']);
    expect((await outbox.newest(10)).map((mail) => mail.deliveryAttempts)).toEqual([0, 0, 0]);
    expect(log.count(SMTP_AWAY_MESSAGE)).toBe(1);
    expect(log.count(SMTP_BACK_MESSAGE)).toBe(1);
    expect(log.lines.filter((line) => line.level >= 50)).toEqual([]);
  }, 90_000);
});
