/**
 * Two API processes on one PostgreSQL: 500 new parts matching 50 alerts give exactly one message
 * per alert and period, and no part is told to an alert twice. PostgreSQL only (PGlite runs one
 * transaction at a time, so nothing would race): set TEST_DATABASE_URL, as CI does.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import * as schema from '../../db/schema';
import { type FakePushService, startFakePushService } from '../../integrations/push/fake-push-service';
import { expectOk, PARTS, useCheckoutData } from '../../test/checkout';
import { testDatabase } from '../../test/database';
import { testClock } from '../../test/payments';
import { addStock, alertMails, removeStock, signedIn, tradeApp } from '../../test/trade';
import { TransactionSafePool } from '../../db/pooled-transactions';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PARTS_ADDED = 500;
const MEMBERS = 5;
const ALERTS_EACH = 10;
const HOUR = 3_600_000;

useCheckoutData();

describe.skipIf(!onPostgres)('alerts from two API processes (PostgreSQL only: PGlite runs one transaction at a time; set TEST_DATABASE_URL)', () => {
  const pools: pg.Pool[] = [];
  let fake: FakePushService;

  /** A database handle of its own, as a second process has. */
  async function processDb(): Promise<Database> {
    const handle = await testDatabase();
    if (handle.driver !== 'postgres') throw new Error('expected PostgreSQL');
    const pool = new pg.Pool({ connectionString: String(handle.pool.options.connectionString), max: 8 });
    pools.push(pool);
    return drizzle({ client: new TransactionSafePool(pool) as unknown as pg.Pool, schema }) as unknown as Database;
  }

  beforeAll(async () => {
    fake = await startFakePushService();
  });
  afterAll(async () => {
    await fake.close();
    await Promise.all(pools.map((pool) => pool.end()));
  });

  it('gives exactly one message per alert and period, none twice', async () => {
    const { db } = await testDatabase();
    const clock = testClock();
    // Both processes' timers run rounds every 20 ms, on small batches, so their rounds interleave.
    const env = { ALERT_INTERVAL_MS: '20', ALERT_BATCH_SIZE: '50' };
    const [first, second]: FastifyInstance[] = [
      await tradeApp({ clock, push: fake, env, db: await processDb() }),
      await tradeApp({ clock, push: fake, env, db: await processDb() }),
    ];
    if (!first || !second) throw new Error('no apps');
    await Promise.all([first.stockAlerts.runRound(), second.stockAlerts.runRound()]);

    const variants = [{ make: 'Ford', model: 'Focus' }, { make: 'Ford', model: 'Focus', year: 2012 }, { make: 'Ford' }];
    for (let m = 0; m < MEMBERS; m += 1) {
      const member = await signedIn(m % 2 === 0 ? first : second, `buyer${m}@trade.example`);
      await expectOk(member.call('POST', '/push/subscriptions', fake.subscribe().target));
      for (let a = 0; a < ALERTS_EACH; a += 1) await expectOk(member.call('POST', '/alerts/create', { vehicle: variants[(m * ALERTS_EACH + a) % variants.length] }));
    }

    const added = await addStock(db, PARTS.alternator, PARTS_ADDED);
    try {
      // Until every arrival is matched and told, both processes work the queue (timers and extra rounds side by side).
      const settled = async () => {
        const [row] = await rowsOf<{ unmatched: number; pending: number }>(
          db,
          sql`SELECT (SELECT count(*)::int FROM stock_arrivals WHERE matched_at IS NULL) AS unmatched,
                     (SELECT count(*)::int FROM alert_notifications WHERE message_id IS NULL) AS pending`,
        );
        return row ?? { unmatched: -1, pending: -1 };
      };
      const workUntil = async (done: (state: { unmatched: number; pending: number }) => boolean) => {
        for (let round = 0; round < 500; round += 1) {
          await Promise.all([first.stockAlerts.runRound(), second.stockAlerts.runRound(), first.stockAlerts.runRound(), second.stockAlerts.runRound()]);
          if (done(await settled())) return;
        }
        throw new Error(`not settled: ${JSON.stringify(await settled())}`);
      };
      await workUntil((state) => state.unmatched === 0);
      // Messages of the first hour: one per alert; parts matched after an alert's message wait for the next hour.
      const firstHour = await rowsOf<{ alert: number; messages: number }>(db, sql`SELECT alert_id AS alert, count(*)::int AS messages FROM alert_messages GROUP BY alert_id`);
      expect(firstHour).toHaveLength(MEMBERS * ALERTS_EACH);
      expect(firstHour.every((row) => row.messages === 1)).toBe(true);

      clock.advance(HOUR);
      await workUntil((state) => state.unmatched === 0 && state.pending === 0);

      const perAlert = await rowsOf<{ alert: number; messages: number; periods: number; parts: number }>(
        db,
        sql`SELECT a.id AS alert, count(m.id)::int AS messages, count(DISTINCT m.period_start)::int AS periods, coalesce(sum(m.parts), 0)::int AS parts
            FROM stock_alerts a LEFT JOIN alert_messages m ON m.alert_id = a.id GROUP BY a.id`,
      );
      expect(perAlert).toHaveLength(MEMBERS * ALERTS_EACH);
      for (const row of perAlert) {
        // Never two messages in one period, and every part told once: the parts of its messages add up to 500.
        expect(row.messages).toBe(row.periods);
        expect(row.messages).toBeLessThanOrEqual(2);
        expect(row.parts).toBe(PARTS_ADDED);
      }
      const [told] = await rowsOf<{ notifications: number; distinct: number }>(
        db,
        sql`SELECT count(*)::int AS notifications, count(DISTINCT (alert_id, part_id))::int AS distinct FROM alert_notifications WHERE message_id IS NOT NULL`,
      );
      expect(told).toEqual({ notifications: MEMBERS * ALERTS_EACH * PARTS_ADDED, distinct: MEMBERS * ALERTS_EACH * PARTS_ADDED });
      // One mail per message, and one push per message to its member's one device.
      const messages = perAlert.reduce((sum, row) => sum + row.messages, 0);
      expect(await alertMails(db)).toHaveLength(messages);
      expect(fake.refused).toEqual([]);
      expect(fake.received).toHaveLength(messages);
    } finally {
      await first.close();
      await second.close();
      await removeStock(db, added);
    }
  }, 180_000);
});
