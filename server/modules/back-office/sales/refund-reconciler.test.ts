/**
 * Refunds left pending (issue 19): the process stopped, or the database failed, between asking the
 * provider and recording the refund, so the order said 'being made' for good and every retry
 * answered 409. One round of the reconciler (on the shop's clock, through the real app and the
 * payment sandbox, the real Stripe adapter on its local fake) finishes such a refund exactly as the
 * live path does, once, even with two processes looking at once; a refusal drops it; an
 * unreachable provider leaves it for the next round.
 */
import { Writable } from 'node:stream';
import { and, count, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '../../../../src/domain/orders';
import { buildApp } from '../../../app';
import { loadConfig } from '../../../config';
import type { Database } from '../../../db/client';
import * as schema from '../../../db/schema';
import { auditLog, mailOutbox, orderRefunds, orders, orderStatusChanges, payments, returns, returnSteps, sandboxPaymentIntents, sandboxPaypalOrders, sandboxRefunds } from '../../../db/schema';
import type { AppOptions } from '../../../app';
import { createStripeGateway } from '../../../integrations/payments/stripe/stripe-gateway';
import { FAKE_STRIPE_SECRET_KEY, type FakeStripe, startFakeStripe } from '../../../integrations/payments/stripe/fake-stripe';
import { testClientDir } from '../../../test/app';
import { shopApp } from '../../../test/checkout';
import { testDatabase } from '../../../test/database';
import { sandboxGateways, testClock, type TestClock, usePaymentData } from '../../../test/payments';
import { seedOrder, seedReturn, type SeededOrder } from '../../../test/sales';
import { addOwner, addStaff, enrolAndSignIn, type StaffBrowser } from '../../../test/staff';
import { TransactionSafePool } from '../../../db/pooled-transactions';

usePaymentData();
beforeEach(async () => {
  const { db } = await testDatabase();
  await db.execute(sql.raw('TRUNCATE "audit_log", "staff_recovery_codes", "staff_sessions", "staff", "sandbox_refunds", "push_outbox", "push_subscriptions", "return_files", "returns" RESTART IDENTITY CASCADE'));
});

/** REFUND_RECONCILE_AFTER_MINUTES' default: a refund pending this long counts as interrupted. */
const GRACE_MS = 5 * 60_000;
const key = (name: string) => `rf-reconcile-${name}-0123456789`;

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** The shop with a member of sales signed in, its log lines kept for the test to read. */
async function desk(options: { clock?: TestClock; paymentGateways?: AppOptions['paymentGateways'] } = {}) {
  const clock = options.clock ?? testClock();
  const logs: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(JSON.parse(chunk.toString()) as LogLine);
      done();
    },
  });
  const app = await shopApp({ clock, env: { RATE_LIMIT_SIGN_IN_MAX: '1000', RATE_LIMIT_MAX: '10000' }, logger: { level: 'info', stream }, ...(options.paymentGateways ? { paymentGateways: options.paymentGateways } : {}) });
  const { db } = await testDatabase();
  const staffClock = { now: clock, advance: clock.advance };
  await addOwner(db, staffClock);
  const owner = (await enrolAndSignIn(app, staffClock, 'owner@example.com')).browser;
  const salesId = await addStaff(owner, 'sales');
  const sales: StaffBrowser = (await enrolAndSignIn(app, staffClock, 'sales@example.com')).browser;
  return { app, clock, db, sales, salesId, logs };
}

/** What a refund asked for by staff left behind when its process stopped after step 1: the pending row. */
async function leftPending(db: Database, order: SeededOrder, values: { amount: number; key: string; staffId: number | null; at: Date; returnId?: number }): Promise<number> {
  const [row] = await db
    .insert(orderRefunds)
    .values({ orderId: order.id, returnId: values.returnId ?? null, amount: values.amount, idempotencyKey: values.key, staffId: values.staffId, createdAt: values.at })
    .returning({ id: orderRefunds.id });
  if (!row) throw new Error('no refund');
  return row.id;
}

const refundOf = async (db: Database, id: number) => (await db.select().from(orderRefunds).where(eq(orderRefunds.id, id)))[0] ?? null;
const paymentOf = async (db: Database, orderId: number) => (await db.select().from(payments).where(eq(payments.orderId, orderId)))[0];
const statusOf = async (db: Database, orderId: number) => (await db.select({ statusId: orders.statusId }).from(orders).where(eq(orders.id, orderId)))[0]?.statusId;
const auditsOf = (db: Database, action: string) => db.select().from(auditLog).where(eq(auditLog.action, action));
const mailsTo = (db: Database, to: string) => db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);
const sandboxRefundsOf = (db: Database, reference: string | null) => db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentReference, reference ?? ''));

describe('the refunds’ reconciler', () => {
  it('completes an order’s refund whose record failed after the provider made it: the payment, the order’s status, one audit entry by the shop, one mail, and the provider asked under the same key refunds nothing twice', async () => {
    const { app, clock, db, sales, salesId } = await desk();
    const order = await seedOrder(db, { status: ORDER_STATUS.PAID, toPay: 8_000 });
    const url = `/web-api/admin/orders/${order.number}/refund`;

    // The database fails once, just as the refund is being recorded made (after the provider made it).
    await db.execute(sql.raw(`CREATE FUNCTION refuse_refund_record() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the database went away'; END $$`));
    await db.execute(sql.raw(`CREATE TRIGGER refuse_refund_record BEFORE UPDATE OF state ON order_refunds FOR EACH ROW WHEN (NEW.state = 'succeeded') EXECUTE FUNCTION refuse_refund_record()`));
    try {
      expect((await sales.post(url, { amount: 8_000, idempotency_key: key('failed') })).statusCode).toBe(500);
    } finally {
      await db.execute(sql.raw('DROP TRIGGER refuse_refund_record ON order_refunds'));
      await db.execute(sql.raw('DROP FUNCTION refuse_refund_record()'));
    }
    expect(await sandboxRefundsOf(db, order.reference)).toHaveLength(1);
    const [pending] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(pending).toMatchObject({ state: 'pending', amount: 8_000 });
    // What the issue saw: the order says it is being made, and a retry is refused.
    expect((await sales.post(url, { amount: 8_000, idempotency_key: key('failed') })).statusCode).toBe(409);

    clock.advance(GRACE_MS);
    expect(await app.refundReconciler.runRound()).toEqual({ completed: 1, dropped: 0, left: 0 });

    const sandboxRefund = (await sandboxRefundsOf(db, order.reference))[0];
    expect(await sandboxRefundsOf(db, order.reference)).toHaveLength(1);
    expect((await db.select({ refunded: sandboxPaymentIntents.amountRefunded }).from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, order.reference ?? '')))[0]?.refunded).toBe(8_000);
    expect(await refundOf(db, pending?.id ?? 0)).toMatchObject({ state: 'succeeded', providerReference: sandboxRefund?.id, completedAt: clock(), checkAfter: null });
    expect(await paymentOf(db, order.id)).toMatchObject({ refundedAmount: 8_000, status: 'refunded' });
    expect(await statusOf(db, order.id)).toBe(ORDER_STATUS.REFUNDED);
    // The history names who asked for the refund; the audit entry says the shop completed it.
    expect(await db.select({ to: orderStatusChanges.toStatusId, staffId: orderStatusChanges.staffId }).from(orderStatusChanges).where(eq(orderStatusChanges.orderId, order.id))).toEqual([{ to: ORDER_STATUS.REFUNDED, staffId: salesId }]);
    const audits = await auditsOf(db, 'order.refund');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ staffId: null, entityId: order.number, after: { status: 'refunded', refunded: 8_000, amount: 8_000, full: true, completed_by: 'shop', asked_by_staff_id: salesId } });
    expect((await mailsTo(db, order.email)).map((mail) => mail.subject)).toEqual([`Refund for your order ${order.number}`]);

    // The order's page and a retry now agree with the provider; the next round has nothing to do.
    const page = (await sales.get(`/web-api/admin/orders/${order.number}`)).json().order;
    expect(page).toMatchObject({ status: { name: 'Refunded' }, refunds: [{ state: 'succeeded', staff_name: 'sales person' }], refundable: 0 });
    expect((await sales.post(url, { amount: 8_000, idempotency_key: key('failed') })).json()).toMatchObject({ replayed: true });
    clock.advance(GRACE_MS);
    expect(await app.refundReconciler.runRound()).toEqual({ completed: 0, dropped: 0, left: 0 });
    expect(await auditsOf(db, 'order.refund')).toHaveLength(1);
  });

  it('completes a return’s refund left pending after PayPal made it as the return’s refund does: the return REFUNDED with its step, audit entry and mail', async () => {
    const { app, clock, db, salesId } = await desk();
    const order = await seedOrder(db, { status: ORDER_STATUS.DELIVERED, paidWith: 'paypal', toPay: 10_000 });
    const made = await seedReturn(db, 'DELIVERED', order);
    await leftPending(db, order, { amount: 3_000, key: key('return'), staffId: salesId, at: clock(), returnId: made.id });
    const { paypal } = await sandboxGateways(app);
    const atProvider = await paypal.refundCapture({ captureId: order.reference ?? '', amount: 3_000, currency: 'gbp', requestId: key('return') });

    clock.advance(GRACE_MS + 1_000);
    expect(await app.refundReconciler.runRound()).toEqual({ completed: 1, dropped: 0, left: 0 });

    expect((await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)))[0]).toMatchObject({ state: 'succeeded', providerReference: atProvider.id });
    expect((await db.select().from(sandboxPaypalOrders).where(eq(sandboxPaypalOrders.captureId, order.reference ?? '')))[0]).toMatchObject({ amountRefunded: 3_000, captureStatus: 'PARTIALLY_REFUNDED' });
    expect(await sandboxRefundsOf(db, order.reference)).toHaveLength(1);
    expect(await paymentOf(db, order.id)).toMatchObject({ refundedAmount: 3_000, status: 'partially_refunded' });
    expect(await statusOf(db, order.id)).toBe(ORDER_STATUS.DELIVERED);
    expect((await db.select({ status: returns.status }).from(returns).where(eq(returns.id, made.id)))[0]?.status).toBe('REFUNDED');
    expect(await db.select({ to: returnSteps.toStatus, staffId: returnSteps.staffId, details: returnSteps.details }).from(returnSteps).where(eq(returnSteps.returnId, made.id))).toEqual([
      { to: 'REFUNDED', staffId: salesId, details: { amount: 3_000, order_refunded_in_full: false } },
    ]);
    const audits = await auditsOf(db, 'return.refund');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ staffId: null, entityId: String(made.id), after: { status: 'REFUNDED', amount: 3_000, completed_by: 'shop', asked_by_staff_id: salesId } });
    expect(await auditsOf(db, 'order.refund')).toHaveLength(0);
    expect((await mailsTo(db, order.email)).map((mail) => mail.subject)).toEqual(['Your return of Alternator, Volkswagen Golf is refunded']);
  });

  it('leaves a refund alone until it has been pending for the grace period, then makes it at the provider if the provider never heard of it', async () => {
    const { app, clock, db, salesId } = await desk();
    const order = await seedOrder(db, { status: ORDER_STATUS.PAID, toPay: 5_000 });
    // The process stopped before it asked the provider.
    const id = await leftPending(db, order, { amount: 2_000, key: key('early'), staffId: salesId, at: clock() });

    clock.advance(GRACE_MS - 1_000);
    expect(await app.refundReconciler.runRound()).toEqual({ completed: 0, dropped: 0, left: 0 });
    expect(await refundOf(db, id)).toMatchObject({ state: 'pending', checkAfter: null });
    expect(await sandboxRefundsOf(db, order.reference)).toHaveLength(0);
    expect(await auditsOf(db, 'order.refund')).toHaveLength(0);
    expect(await mailsTo(db, order.email)).toHaveLength(0);

    clock.advance(1_000);
    expect(await app.refundReconciler.runRound()).toEqual({ completed: 1, dropped: 0, left: 0 });
    expect((await sandboxRefundsOf(db, order.reference)).map((refund) => [refund.amount, refund.idempotencyKey])).toEqual([[2_000, key('early')]]);
    expect(await refundOf(db, id)).toMatchObject({ state: 'succeeded' });
    expect(await paymentOf(db, order.id)).toMatchObject({ refundedAmount: 2_000, status: 'partially_refunded' });
    expect(await statusOf(db, order.id)).toBe(ORDER_STATUS.PAID);
    expect(await mailsTo(db, order.email)).toHaveLength(1);
  });

  it('drops a refund left pending that the provider refuses, as the live path does, with a log line; nothing else is written', async () => {
    const { app, clock, db, salesId, logs } = await desk();
    const order = await seedOrder(db, { status: ORDER_STATUS.PAID, toPay: 6_000 });
    const id = await leftPending(db, order, { amount: 6_000, key: key('refused'), staffId: salesId, at: clock() });
    // Meanwhile the whole payment was refunded from the provider's dashboard: nothing is left to refund.
    await (await sandboxGateways(app)).card.refund(order.reference ?? '');

    clock.advance(GRACE_MS);
    expect(await app.refundReconciler.runRound()).toEqual({ completed: 0, dropped: 1, left: 0 });
    expect(await refundOf(db, id)).toBeNull();
    expect(await paymentOf(db, order.id)).toMatchObject({ refundedAmount: 0, status: 'succeeded' });
    expect(await statusOf(db, order.id)).toBe(ORDER_STATUS.PAID);
    expect(await db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, 'order'))).toEqual([{ n: 0 }]);
    expect(await mailsTo(db, order.email)).toHaveLength(0);
    const line = logs.find((entry) => entry.msg.startsWith('a refund left pending was refused by the provider'));
    expect(line).toMatchObject({ level: 40, order: order.number, refund: id, amount: 6_000, provider: 'stripe' });
  });

  it('completes a refund once when two app processes look at the same moment', async () => {
    const { app: first, clock, db, salesId } = await desk();
    // A second app on the same database: another API process.
    const other = await shopApp({ clock });
    const order = await seedOrder(db, { status: ORDER_STATUS.PAID, toPay: 4_000 });
    const id = await leftPending(db, order, { amount: 4_000, key: key('twice'), staffId: salesId, at: clock() });

    clock.advance(GRACE_MS);
    const reports = await Promise.all([first.refundReconciler.runRound(), other.refundReconciler.runRound()]);
    // One process took it; the other found nothing to take.
    expect(reports.map((report) => report.completed).sort()).toEqual([0, 1]);
    expect(reports.every((report) => report.dropped === 0 && report.left === 0)).toBe(true);
    expect(await refundOf(db, id)).toMatchObject({ state: 'succeeded' });
    expect(await sandboxRefundsOf(db, order.reference)).toHaveLength(1);
    expect(await paymentOf(db, order.id)).toMatchObject({ refundedAmount: 4_000, status: 'refunded' });
    expect(await db.select({ n: count() }).from(orderStatusChanges).where(eq(orderStatusChanges.orderId, order.id))).toEqual([{ n: 1 }]);
    expect(await auditsOf(db, 'order.refund')).toHaveLength(1);
    expect(await mailsTo(db, order.email)).toHaveLength(1);
  });
});

describe('the refunds’ reconciler with Stripe through its adapter and a fake of its API', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());

  /** The shop on the Stripe adapter, with an order paid at the fake (as Stripe.js and settlement leave it). */
  async function stripeDesk(toPay: number) {
    const card = createStripeGateway({ secretKey: FAKE_STRIPE_SECRET_KEY, publishableKey: 'pk_test_shop', webhookSecret: 'whsec_shop_test_secret', apiUrl: fake.url, timeoutMs: 5000, maxNetworkRetries: 0 });
    const shop = await desk({ paymentGateways: { card } });
    const order = await seedOrder(shop.db, { status: ORDER_STATUS.PAID, paidWith: null, toPay });
    const intent = await card.createIntent({ orderHash: order.hash, orderNumber: order.number, amount: toPay, currency: 'gbp', idempotencyKey: `order-${order.hash}-stripe-attempt-1`, receiptEmail: order.email });
    fake.confirmInBrowser(intent.id, 'pm_card_visa');
    await shop.db.insert(payments).values({ orderId: order.id, provider: 'stripe', providerReference: intent.id, method: 'STRIPE_CARD', amount: toPay, currency: 'gbp', paidAt: shop.clock() });
    return { ...shop, order, intent };
  }

  const refundRequests = (intentId: string) => fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds' && request.body.payment_intent === intentId);

  /** Until the fake has received `n` refund requests for the intent (they are held unanswered meanwhile). */
  async function refundRequestsArrived(intentId: string, n: number): Promise<void> {
    while (refundRequests(intentId).length < n) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  it('leaves a refund pending while Stripe cannot be reached and completes it at the next round, always under the refund’s own key', async () => {
    const { app, clock, db, salesId, logs, order, intent } = await stripeDesk(7_000);
    const id = await leftPending(db, order, { amount: 7_000, key: key('stripe'), staffId: salesId, at: clock() });

    clock.advance(GRACE_MS);
    fake.setOutage('error');
    try {
      expect(await app.refundReconciler.runRound()).toEqual({ completed: 0, dropped: 0, left: 1 });
    } finally {
      fake.setOutage(null);
    }
    // Still pending, and free for the next round (of any process) to take at once.
    expect(await refundOf(db, id)).toMatchObject({ state: 'pending', checkAfter: null });
    expect(logs.find((entry) => entry.msg.startsWith('the provider could not be reached about a refund left pending'))).toMatchObject({ level: 40, refund: id });

    expect(await app.refundReconciler.runRound()).toEqual({ completed: 1, dropped: 0, left: 0 });
    expect(refundRequests(intent.id).map((request) => [request.idempotencyKey, request.body.amount])).toEqual([
      [key('stripe'), '7000'],
      [key('stripe'), '7000'],
    ]);
    const made = fake.refunds.filter((refund) => refund.payment_intent === intent.id);
    expect(made).toHaveLength(1);
    expect(await refundOf(db, id)).toMatchObject({ state: 'succeeded', providerReference: made[0]?.id });
    expect(await paymentOf(db, order.id)).toMatchObject({ refundedAmount: 7_000, status: 'refunded' });
    expect(await auditsOf(db, 'order.refund')).toHaveLength(1);
  });

  it('records a refund once when Stripe answers so slowly that the reconciler asks too before the request has its answer', async () => {
    const { app, clock, db, sales, order, intent } = await stripeDesk(9_000);
    const release = fake.hold();
    let live: Promise<{ statusCode: number; json(): { replayed?: boolean } }>;
    try {
      live = sales.post(`/web-api/admin/orders/${order.number}/refund`, { amount: 9_000, idempotency_key: key('slow') });
      await refundRequestsArrived(intent.id, 1);
      clock.advance(GRACE_MS);
      const round = app.refundReconciler.runRound();
      await refundRequestsArrived(intent.id, 2);
      release();
      expect(await round).toEqual({ completed: 1, dropped: 0, left: 0 });
    } finally {
      release();
    }
    const answer = await live;
    expect(answer.statusCode).toBe(200);

    expect(refundRequests(intent.id).map((request) => request.idempotencyKey)).toEqual([key('slow'), key('slow')]);
    expect(fake.refunds.filter((refund) => refund.payment_intent === intent.id)).toHaveLength(1);
    expect(await db.select({ state: orderRefunds.state }).from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toEqual([{ state: 'succeeded' }]);
    expect(await paymentOf(db, order.id)).toMatchObject({ refundedAmount: 9_000, status: 'refunded' });
    expect(await db.select({ n: count() }).from(orderStatusChanges).where(eq(orderStatusChanges.orderId, order.id))).toEqual([{ n: 1 }]);
    expect(await auditsOf(db, 'order.refund')).toHaveLength(1);
    expect(await mailsTo(db, order.email)).toHaveLength(1);
  });
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('the refunds’ reconciler in several processes at once (PostgreSQL only: PGlite runs one transaction at a time; set TEST_DATABASE_URL)', () => {
  const PROCESSES = 4;
  const REFUNDS = 12;
  let pools: pg.Pool[] = [];
  let apps: FastifyInstance[] = [];
  const clock = testClock();

  beforeAll(async () => {
    const handle = await testDatabase();
    if (handle.driver !== 'postgres') throw new Error('expected PostgreSQL');
    // Each app its own pool, as separate API processes have.
    pools = Array.from({ length: PROCESSES }, () => new pg.Pool({ connectionString: String(handle.pool.options.connectionString), max: 4 }));
    apps = await Promise.all(
      pools.map(async (pool) => {
        const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', CLIENT_DIR: testClientDir() }), db: drizzle({ client: new TransactionSafePool(pool) as unknown as pg.Pool, schema }) as unknown as Database, clock });
        await app.ready();
        return app;
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(pools.map((pool) => pool.end()));
  });

  it('completes each refund left pending exactly once', async () => {
    const { db } = await testDatabase();
    const made = await Promise.all(
      Array.from({ length: REFUNDS }, async (_, index) => {
        const order = await seedOrder(db, { status: ORDER_STATUS.PAID, paidWith: index % 2 === 0 ? 'stripe' : 'paypal', toPay: 5_000 });
        await leftPending(db, order, { amount: 5_000, key: key(`pg-${index}`), staffId: null, at: clock() });
        return order;
      }),
    );
    clock.advance(GRACE_MS);
    const reports = await Promise.all(apps.flatMap((app) => [app.refundReconciler.runRound(), app.refundReconciler.runRound()]));
    expect(reports.reduce((sum, report) => sum + report.completed, 0)).toBe(REFUNDS);
    expect(reports.reduce((sum, report) => sum + report.dropped + report.left, 0)).toBe(0);
    for (const order of made) {
      expect(await db.select({ state: orderRefunds.state }).from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toEqual([{ state: 'succeeded' }]);
      expect(await sandboxRefundsOf(db, order.reference)).toHaveLength(1);
      expect(await paymentOf(db, order.id)).toMatchObject({ refundedAmount: 5_000, status: 'refunded' });
      expect(await db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.action, 'order.refund'), eq(auditLog.entityId, order.number)))).toEqual([{ n: 1 }]);
      expect(await mailsTo(db, order.email)).toHaveLength(1);
    }
  });
});
