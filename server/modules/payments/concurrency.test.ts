/**
 * Paid exactly once under real concurrency (issue 14): 20 browser confirmations of one payment at
 * the same moment plus 5 deliveries of its webhook make one payment row, one status change and one
 * e-mail. Only PostgreSQL runs transactions side by side (PGlite runs one at a time, so nothing
 * would race there): set TEST_DATABASE_URL, as CI does.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '../../../src/domain/orders';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import { testClientDir } from '../../test/app';
import { expectOk, PARTS, shopper } from '../../test/checkout';
import { testDatabase } from '../../test/database';
import { confirmCard, confirmPayment, paidMails, paymentState, placeOrder, postStripeWebhook, startCardPayment, TEST_CARDS, testClock, usePaymentData } from '../../test/payments';
import { TransactionSafePool } from '../../db/pooled-transactions';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

usePaymentData();

describe.skipIf(!onPostgres)('settlement under concurrency (PostgreSQL only: PGlite runs one transaction at a time; set TEST_DATABASE_URL)', () => {
  let pool: pg.Pool;
  let app: FastifyInstance;
  const clock = testClock();

  beforeAll(async () => {
    const handle = await testDatabase();
    if (handle.driver !== 'postgres') throw new Error('expected PostgreSQL');
    // Its own pool, wide enough that every confirmation's transaction is open at the same moment.
    pool = new pg.Pool({ connectionString: String(handle.pool.options.connectionString), max: 30 });
    const db = drizzle({ client: new TransactionSafePool(pool) as unknown as pg.Pool, schema }) as unknown as Database;
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', CLIENT_DIR: testClientDir(), RATE_LIMIT_MAX: '100000' }), db, clock });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await pool?.end();
  });

  it('20 confirmations at once and 5 duplicate webhooks: one payment, one status change, one e-mail', async () => {
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.alternator]);
    const intent = await startCardPayment(buyer, order.hash);
    await expectOk(confirmCard(buyer, intent.cs, TEST_CARDS.succeeds));
    const { rows } = await pool.query<{ payload: string }>('SELECT payload FROM sandbox_webhook_deliveries');
    const payload = rows[0]?.payload ?? '';
    expect(JSON.parse(payload).type).toBe('payment_intent.succeeded');

    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => confirmPayment(buyer, order.hash, intent.cs_session)),
      ...Array.from({ length: 5 }, () => postStripeWebhook(app, payload, clock())),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 25 }, () => 200));
    expect(answers.slice(0, 20).every((answer) => answer.json().paid === true)).toBe(true);

    const state = await paymentState();
    expect(state.payments).toHaveLength(1);
    expect(state.orders[0]?.statusId).toBe(ORDER_STATUS.PAID);
    // One status change: exactly one event applied it; every other report found it done.
    expect(state.events.filter((event) => event.outcome === 'applied')).toHaveLength(1);
    expect(state.events).toHaveLength(2);
    expect(await paidMails()).toHaveLength(1);
  });
});
