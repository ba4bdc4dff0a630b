/**
 * Fresh answers with two API processes, Redis and a streaming replica (issue 30): for each change
 * of a part's availability (reserved by an order, released when its hold ran out, sold, put back
 * on sale, repriced) the listing, the three searches and the part's own answer are read on both
 * processes before the change, through the kept answers, and again from the moment it is
 * committed until both processes show it. Every read sent 1.5 s or more after the change must
 * show it, and once a process has shown it that process never shows the old state again. Each
 * read comes twice: the URL the kept answers hold, and one never asked before, which the process
 * computes (on the replica when it is fresh enough).
 *
 * The shop's own steps make the changes where a visitor makes them (the order, the payment over
 * HTTP, each on a different process); the hold-release round and the back office's stock service
 * run in this test process with the business clock injected (the hold's end has passed), so both
 * API processes learn of those changes only as they would from another process.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { rowsOf } from '../db/rows';
import { releaseExpiredHolds } from '../modules/orders/index';
import { createStockService } from '../modules/back-office/stock/service';
import { metricValue } from './support/metrics';
import { startPgCluster, type PgCluster } from './support/pg-cluster';
import { startReplicaOf, type PgReplica } from './support/pg-replica';
import { freePort, waitFor } from './support/ports';
import { advancePurchase, readyPurchase, type Purchase } from './support/purchase';
import { startPrivateRedis, stopPrivateRedises } from './support/redis';
import { killAllShops, seedShop, startShop, type ShopProcess } from './support/shop-process';

/** The part under test (the seed's first) and the searches that find it: its part number, its registration, its make and model. */
const TAG = 'P0012001';
const VIEWS = {
  part: `/products/part/${TAG}.json`,
  partNumber: '/products/part-search.json?oem=AV6N10300GC',
  registration: '/products/part-search.json?vrn=AB12CDE&partType=48',
  makeModel: '/products/part-search.json?make=Ford&model=Focus&year=2012&partType=48',
  listing: '/products/get-list/501.json?sort=id&direction=ASC&limit=100',
} as const;
type View = keyof typeof VIEWS;

/** How late a change may show: the 1 s for the kept answers plus the replica's part of it. */
const LATEST_MS = 1500;

interface Card { Tag: string; status: string; price: number }

/** What one answer says of the part: its status and price, or the list it sits in and its price, or 'absent'. */
function observe(view: View, body: string): string {
  const answer = JSON.parse(body) as { product?: Card; products?: Card[]; data?: Record<string, Card[] | unknown> };
  if (view === 'part') return answer.product ? `${answer.product.status} ${answer.product.price}` : 'no product';
  if (view === 'listing') {
    const card = answer.products?.find((row) => row.Tag === TAG);
    return card ? `listed ${card.price}` : 'absent';
  }
  for (const list of ['parts', 'sold_parts', 'comming_soon']) {
    const card = (answer.data?.[list] as Card[] | undefined)?.find((row) => row.Tag === TAG);
    if (card) return `${list} ${card.price}`;
  }
  return 'absent';
}

/** What every view shows of the part in a state. */
function expected(state: 'available' | 'reserved' | 'sold', price: number): Record<View, string> {
  const inSearches = state === 'available' ? `parts ${price}` : state === 'sold' ? `sold_parts ${price}` : 'absent';
  return { part: `${state} ${price}`, partNumber: inSearches, registration: inSearches, makeModel: inSearches, listing: state === 'available' ? `listed ${price}` : 'absent' };
}

let fresh = 0;
/** Reads every view on a process, through the kept URL and a URL never asked before. */
async function readAll(shop: ShopProcess): Promise<{ key: string; seen: string }[]> {
  const reads = (Object.keys(VIEWS) as View[]).flatMap((view) => {
    fresh += 1;
    return [
      { key: `${shop.port} ${view} kept`, view, url: VIEWS[view] },
      { key: `${shop.port} ${view} computed`, view, url: `${VIEWS[view]}${VIEWS[view].includes('?') ? '&' : '?'}fresh=${fresh}` },
    ];
  });
  return Promise.all(
    reads.map(async ({ key, view, url }) => {
      const response = await fetch(`${shop.baseUrl}/web-api${url}`, { signal: AbortSignal.timeout(15_000) });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${key}: GET ${url} answered ${response.status}: ${body.slice(0, 200)}`);
      return { key, seen: `${view}: ${observe(view, body)}` };
    }),
  );
}

describe('a change of availability on two API processes with Redis and a streaming replica', () => {
  let primary: PgCluster;
  let replica: PgReplica;
  let shops: ShopProcess[];
  let database: DatabaseHandle;

  beforeAll(async () => {
    primary = await startPgCluster();
    await primary.createDatabase('shop');
    const env = { DATABASE_URL: primary.url('shop') };
    // The replica is made while the catalogue is seeded: it streams the seed as it is written.
    const [made, , redis] = await Promise.all([startReplicaOf(primary.port, { logStatements: true }), seedShop(env), freePort().then(startPrivateRedis)]);
    replica = made;
    const shopEnv = { ...env, DATABASE_REPLICA_URLS: replica.url('shop'), REDIS_URL: redis.url };
    shops = await Promise.all([startShop({ env: shopEnv }), startShop({ env: shopEnv })]);
    await Promise.all(shops.map((shop) => shop.waitUntilReady()));
    database = await openDatabase({ url: primary.url('shop') });
    // Both processes judge the replica fresh enough before the first read.
    await Promise.all(shops.map((shop) => waitFor(`the replica usable on ${shop.port}`, async () => (await metricValue(shop.baseUrl, `shop_db_replica_usable{replica="${replica.url('shop')}"}`)) === 1)));
  });

  afterAll(async () => {
    await database?.close();
    await killAllShops();
    await stopPrivateRedises();
    await replica?.destroy();
    await primary?.destroy();
  });

  /**
   * Reads before (twice on each process: the second is a kept answer), makes the change, then
   * reads on both processes until every read shows it; answers how late each view showed it.
   */
  async function showsOnBoth(before: Record<View, string>, after: Record<View, string>, change: () => Promise<void>): Promise<Record<string, number>> {
    const [a, b] = shops as [ShopProcess, ShopProcess];
    const hitsBefore = await Promise.all(shops.map((shop) => metricValue(shop.baseUrl, 'shop_answer_cache_lookups_total{outcome="hit"}')));
    for (const shop of [a, b, a, b]) {
      for (const { key, seen } of await readAll(shop)) expect(seen, `${key} before the change`).toBe(`${seen.split(':')[0]}: ${before[seen.split(':')[0] as View]}`);
    }
    const hitsAfter = await Promise.all(shops.map((shop) => metricValue(shop.baseUrl, 'shop_answer_cache_lookups_total{outcome="hit"}')));
    // The kept URLs were answered from the kept answers on both processes.
    hitsAfter.forEach((hits, index) => expect(hits, `kept answers used on ${shops[index]?.port}`).toBeGreaterThan(hitsBefore[index] ?? 0));

    await change();
    const committed = performance.now();
    const firstShown = new Map<string, number>();
    const problems: string[] = [];
    let steadyRounds = 0;
    while (steadyRounds < 2) {
      const sentAt = performance.now() - committed;
      const rounds = await Promise.all(shops.map((shop) => readAll(shop)));
      for (const { key, seen } of rounds.flat()) {
        const view = seen.split(':')[0] as View;
        if (seen === `${view}: ${after[view]}`) {
          if (!firstShown.has(key)) firstShown.set(key, Math.round(sentAt));
        } else if (seen !== `${view}: ${before[view]}`) problems.push(`${key} showed “${seen}”, neither before nor after`);
        else if (firstShown.has(key)) problems.push(`${key} showed the old “${seen}” again ${Math.round(sentAt)} ms after the change, having shown the new state`);
        else if (sentAt >= LATEST_MS) problems.push(`${key} still showed the old “${seen}” in a read sent ${Math.round(sentAt)} ms after the change`);
      }
      expect(problems).toEqual([]);
      steadyRounds = firstShown.size === rounds.flat().length ? steadyRounds + 1 : 0;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return Object.fromEntries(firstShown);
  }

  it('shows a part reserved, released, sold, put back on sale and repriced on both processes within 1.5 s', async () => {
    const [a, b] = shops as [ShopProcess, ShopProcess];
    const price = 6666;
    // The shopper's calls go to process A, later to B (a visitor whose next request lands on the other process).
    let via = a;
    const purchase: Purchase = await readyPurchase(() => via.baseUrl, TAG, 'fresh.answers@example.com');
    const report: Record<string, number> = {};
    const slowest = (step: string, shown: Record<string, number>) => (report[step] = Math.max(...Object.values(shown)));

    // Reserved: the order made on process A holds the part.
    slowest('reserve', await showsOnBoth(expected('available', price), expected('reserved', price), async () => {
      const created = await purchase.shopper.call('PATCH', '/carts/create-order');
      expect(created.status, created.body).toBe(200);
      purchase.orderHash = (JSON.parse(created.body) as { order: { hash: string } }).order.hash;
    }));

    // Released: the hold-release round, run once its hold has run out by the business clock.
    const [order] = await rowsOf<{ hold_expires_at: Date | string }>(database.db, sql`SELECT hold_expires_at FROM orders WHERE hash = ${purchase.orderHash ?? ''}`);
    if (!order) throw new Error('the order is not in the database');
    let businessNow = new Date(order.hold_expires_at).getTime() + 1_000;
    const clock = () => new Date(businessNow);
    slowest('release', await showsOnBoth(expected('reserved', price), expected('available', price), async () => {
      expect(await releaseExpiredHolds(database.db, clock())).toEqual([TAG]);
    }));

    // Sold: the same shopper pays late, on process B; the payment holds the part again and sells it.
    const [partRow] = await rowsOf<{ id: number }>(database.db, sql`SELECT id FROM parts WHERE tag = ${TAG}`);
    if (!partRow) throw new Error(`no part ${TAG}`);
    slowest('sell', await showsOnBoth(expected('available', price), expected('sold', price), async () => {
      via = b;
      expect(await advancePurchase(purchase), JSON.stringify(purchase.answers.map((answer) => `${answer.what} ${answer.status}`))).toBe(true);
    }));

    // Put back on sale, then repriced, in the back office (its stock service, a minute later each).
    const stock = createStockService({ db: database.db, now: clock });
    const noAudit = async () => undefined;
    businessNow += 60_000;
    slowest('return to sale', await showsOnBoth(expected('sold', price), expected('available', price), async () => {
      await stock.setStatus(partRow.id, 'for_sale', noAudit);
    }));
    businessNow += 60_000;
    const part = await stock.part(partRow.id);
    slowest('reprice', await showsOnBoth(expected('available', price), expected('available', 5500), async () => {
      await stock.update(partRow.id, {
        ...part,
        price: '55.00',
        warranties: part.own_warranties ? part.warranties.map((warranty) => warranty.id) : [],
        package_type: part.own_package_type ?? '',
        fitments: part.fitments.map(({ model_id, year_from, year_to, engine_code, level }) => ({ model_id, year_from, year_to, engine_code, level })),
      }, noAudit);
    }));

    console.warn(`latest read to show each change, ms after it was committed: ${JSON.stringify(report)}`);
    // The replica answered catalogue reads meanwhile (its own statement log).
    expect((await replica.log()).split('\n').filter((line) => /LOG: {2}(statement|execute [^:]*):.*\bparts\b/.test(line)).length).toBeGreaterThan(0);
  });
});

