/**
 * Selling a used part twice is the worst bug this shop can have. These tests race create-order on
 * PostgreSQL, where transactions really run side by side: PGlite runs one at a time, so on it
 * nothing would race and the tests are skipped (CI sets TEST_DATABASE_URL and runs them).
 */
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../../src/domain/messages';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import { addresses, carts, members, orderProducts, orders, parts } from '../../db/schema';
import { testClientDir } from '../../test/app';
import { PARTS, useCheckoutData } from '../../test/checkout';
import { testDatabase } from '../../test/database';
import { startVisit, type Visitor } from '../../test/app';
import { TransactionSafePool } from '../../db/pooled-transactions';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SESSIONS = 50;
const ROUNDS = 20;

useCheckoutData();

describe.skipIf(!onPostgres)('create-order under concurrency (PostgreSQL only: PGlite runs one transaction at a time; set TEST_DATABASE_URL)', () => {
  let pool: pg.Pool;
  let db: Database;
  let app: FastifyInstance;
  let visitors: Visitor[];
  let buyers: { visitor: Visitor; sessionId: string; memberId: number; addressId: number }[];

  beforeAll(async () => {
    const handle = await testDatabase();
    if (handle.driver !== 'postgres') throw new Error('expected PostgreSQL');
    // Its own pool, wide enough that many create-order transactions are open at the same moment.
    pool = new pg.Pool({ connectionString: String(handle.pool.options.connectionString), max: 24 });
    db = drizzle({ client: new TransactionSafePool(pool) as unknown as pg.Pool, schema }) as unknown as Database;
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', CLIENT_DIR: testClientDir(), RATE_LIMIT_MAX: '100000' }), db });
    await app.ready();
  }, 120_000);

  /** Each test starts from the emptied tables of useCheckoutData: sessions, and a guest with an address per visitor. */
  async function visitorsWithAnAddress(): Promise<void> {
    visitors = await Promise.all(Array.from({ length: SESSIONS }, () => startVisit(app)));
    const guests = await db
      .insert(members)
      .values(visitors.map((_, index) => ({ email: `race${index}@example.co.uk`, firstName: 'Race', lastName: `Tester ${index}`, isGuest: true })))
      .returning({ id: members.id });
    buyers = await Promise.all(
      guests.map(async (guest, index) => {
        const [address] = await db
          .insert(addresses)
          .values({ memberId: guest.id, addressType: 'BOTH', firstName: 'Race', lastName: 'Tester', postcode: 'LS1 4AP', address1: `${index + 1} Mill Hill`, city: 'Leeds', county: 'West Yorkshire', countryId: 235 })
          .returning({ id: addresses.id });
        const visitor = visitors[index] as Visitor;
        return { visitor, sessionId: await sessionIdOf(visitor), memberId: guest.id, addressId: address?.id ?? 0 };
      }),
    );
  }

  afterAll(async () => {
    await app?.close();
    await pool?.end();
  });

  const sessionIdOf = (visitor: Visitor) => app.sessions.resolve(visitor.sessionToken).then((session) => session?.id ?? '');

  /** Gives each visitor an open cart, ready to order (region, postcode, delivery, guest and address), holding `tag`. */
  async function readyCarts(tag: string, owners: Visitor[]): Promise<void> {
    await db.update(carts).set({ status: 'merged' }).where(eq(carts.status, 'open'));
    const chosen = buyers.filter((buyer) => owners.includes(buyer.visitor));
    const made = await db
      .insert(carts)
      .values(
        chosen.map((buyer) => ({
          sessionId: buyer.sessionId,
          memberId: buyer.memberId,
          regionId: 1,
          regionPostcode: 'LS1 4AP',
          deliveryId: 2,
          billingAddressId: buyer.addressId,
          deliveryAddressId: buyer.addressId,
        })),
      )
      .returning({ id: carts.id });
    await db.insert(schema.cartProducts).values(made.map((cart) => ({ cartId: cart.id, tag, warrantyId: 1 })));
  }

  const createOrder = (visitor: Visitor) =>
    app.inject({ method: 'PATCH', url: '/web-api/carts/create-order', headers: { cookie: visitor.cookie, 'x-csrf-token': visitor.csrfToken } });

  it(`sells a part once when ${SESSIONS} carts holding it order at the same moment, ${ROUNDS} rounds`, async () => {
    await visitorsWithAnAddress();
    const message = t('cart.parts_gone', { parts: 'Ford Focus Alternator (P0012001)' });
    for (let round = 1; round <= ROUNDS; round += 1) {
      // The part is back on sale (as after a lapsed hold) for the next round.
      await db.update(parts).set({ status: 'available' }).where(eq(parts.tag, PARTS.alternator));
      await readyCarts(PARTS.alternator, visitors);

      const answers = await Promise.all(visitors.map(createOrder));

      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 200), `round ${round}`).toHaveLength(1);
      expect(statuses.filter((status) => status === 409), `round ${round}`).toHaveLength(SESSIONS - 1);
      for (const answer of answers.filter((candidate) => candidate.statusCode === 409)) {
        expect(answer.json()).toEqual({ success: false, msg: message, errors: { gone: [PARTS.alternator] } });
      }
      const sold = await db.select({ orderId: orderProducts.orderId }).from(orderProducts).where(eq(orderProducts.tag, PARTS.alternator));
      expect(sold, `round ${round}`).toHaveLength(round);
    }
    const [part] = await db.select({ status: parts.status }).from(parts).where(eq(parts.tag, PARTS.alternator));
    expect(part?.status).toBe('reserved');
  }, 300_000);

  it('makes one order of the same cart sent twice at the same moment', async () => {
    await visitorsWithAnAddress();
    const before = (await db.select({ id: orders.id }).from(orders)).length;
    const rounds = 10;
    for (let round = 0; round < rounds; round += 1) {
      const visitor = visitors[round] as Visitor;
      await db.update(parts).set({ status: 'available' }).where(eq(parts.tag, PARTS.starter));
      await readyCarts(PARTS.starter, [visitor]);
      const [first, second] = await Promise.all([createOrder(visitor), createOrder(visitor)]);
      expect([first?.statusCode, second?.statusCode], `round ${round}`).toEqual([200, 200]);
      expect(first?.json().order).toEqual(second?.json().order);
    }
    expect((await db.select({ id: orders.id }).from(orders)).length).toBe(before + rounds);
  }, 120_000);
});
