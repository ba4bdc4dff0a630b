/**
 * Issue 27, a killed process: `kill -9` of the compiled shop in the middle of concurrent order
 * confirmations, card payment confirmations and payment webhooks, over several rounds, on
 * PostgreSQL (a private cluster) and on the embedded default (PGlite in DATA_DIR). After each kill
 * the database is read (the PGlite folder opened, which is itself the check that it survived) and
 * must hold every order and payment the shop acknowledged, none twice; after the restart each
 * person retries what was cut off until it is done, and the sandbox's webhooks finish by themselves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rowsOf } from '../db/rows';
import { stripeSignatureHeader } from '../integrations/payments/sandbox/signing';
import { timedRequest, type Answer } from './support/load';
import { startPgCluster, type PgCluster } from './support/pg-cluster';
import { waitFor } from './support/ports';
import { advancePurchase, readyPurchase, type Purchase } from './support/purchase';
import { availableTags, orderFacts, withShopDatabase } from './support/shop-database';
import { faultEnv, killAllShops, seedShop, startShop, type ShopProcess } from './support/shop-process';

const PURCHASES_PER_ROUND = 4;
/** Each purchase's four calls: create-order, create-payment-intent, the sandbox card form, confirm. */
const CALLS_PER_PURCHASE = 4;

interface Backend {
  name: string;
  /** Kills per run: PGlite's restart (WebAssembly, recovery) takes several times PostgreSQL's. */
  rounds: number;
  /** The shop's database settings; `cleanup` removes what was made. */
  setUp(dataDir: string): Promise<{ env: Record<string, string>; cleanup(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: 'PostgreSQL',
    rounds: 3,
    async setUp(dataDir) {
      const cluster: PgCluster = await startPgCluster();
      await cluster.createDatabase('shop_faults_kill');
      return { env: { DATABASE_URL: cluster.url('shop_faults_kill'), DATA_DIR: dataDir }, cleanup: () => cluster.destroy() };
    },
  },
  {
    name: 'embedded PGlite',
    rounds: 2,
    async setUp(dataDir) {
      return { env: { DATA_DIR: dataDir }, cleanup: async () => undefined };
    },
  },
];

/** The webhooks the sandbox sent so far, to send again (a provider's duplicate deliveries); read while the shop is stopped. */
async function deliveredWebhooks(env: Record<string, string>): Promise<string[]> {
  return withShopDatabase(env, async (db) => (await rowsOf<{ payload: string }>(db, sql`SELECT payload FROM sandbox_webhook_deliveries WHERE provider = 'stripe' AND delivered_at IS NOT NULL ORDER BY id`)).map((row) => row.payload));
}

async function postWebhook(baseUrl: string, payload: string): Promise<Answer> {
  const secret = faultEnv().PAYMENT_SANDBOX_SECRET ?? '';
  return timedRequest(baseUrl, { method: 'POST', path: '/web-api/payments/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': await stripeSignatureHeader(payload, secret, new Date()) }, body: payload }, 15_000);
}

describe.each(backends)('kill -9 on $name', (backend) => {
  let dataDir = '';
  let env: Record<string, string>;
  let cleanup = async () => undefined as void;
  let tags: string[];
  let shop: ShopProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'shop-faults-kill-'));
    const made = await backend.setUp(dataDir);
    env = made.env;
    cleanup = made.cleanup;
    await seedShop(env);
    tags = await withShopDatabase(env, (db) => availableTags(db, backend.rounds * PURCHASES_PER_ROUND));
    shop = await startShop({ env });
    await shop.waitUntilReady();
  });

  afterAll(async () => {
    await killAllShops();
    await cleanup();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('every acknowledged order and payment survives each kill, none twice, and what was cut off completes', async () => {
    const everyone: Purchase[] = [];
    const webhookAnswers: Answer[] = [];
    // Read while the shop is down (a PGlite folder is one process's at a time).
    let delivered: string[] = [];
    for (let round = 0; round < backend.rounds; round++) {
      const purchases = await Promise.all(
        tags.slice(round * PURCHASES_PER_ROUND, (round + 1) * PURCHASES_PER_ROUND).map((tag, i) => readyPurchase(shop.baseUrl, tag, `kill-${round}-${i}@example.co.uk`)),
      );
      everyone.push(...purchases);
      const replays = [...delivered];

      // Orders, payments and duplicate webhooks all at once; the kill lands at a different point each round.
      const killAfter = Math.max(1, Math.round(((round + 1) / (backend.rounds + 1)) * PURCHASES_PER_ROUND * CALLS_PER_PURCHASE));
      const inFlight = Promise.all([
        ...purchases.map((purchase) => advancePurchase(purchase)),
        ...replays.map(async (payload) => webhookAnswers.push(await postWebhook(shop.baseUrl, payload))),
      ]);
      await waitFor('the calls to be under way', () => purchases.reduce((sum, purchase) => sum + purchase.answers.length, 0) >= killAfter, { everyMs: 2 });
      const killedAt = Date.now();
      await shop.kill9();
      await inFlight;

      // What the shop said was done is done, and nothing twice.
      const facts = await withShopDatabase(env, orderFacts);
      delivered = await deliveredWebhooks(env);
      const ordersAcknowledged = everyone.filter((purchase) => purchase.orderHash);
      const paymentsAcknowledged = everyone.filter((purchase) => purchase.paidAcknowledged);
      const duplicates = facts.ordersPerCartAboveOne + facts.paymentsPerOrderAboveOne + facts.appliedPerOrderAboveOne + facts.paidTwiceEvents;
      const cutOff = purchases.flatMap((purchase) => purchase.answers).filter((answer) => answer.status <= 0).length;

      shop = await startShop({ env, port: shop.port });
      const readyMs = await shop.waitUntilReady();
      const backMs = Date.now() - killedAt;
      const finishMs = await waitFor('every purchase to complete', async () => (await Promise.all(everyone.map((purchase) => advancePurchase(purchase)))).every(Boolean), { timeoutMs: 60_000, everyMs: 250 });
      console.warn(
        `${backend.name} round ${round + 1}: killed after ${killAfter} answers (${cutOff} calls cut off, ${replays.length} webhooks replayed); orders acknowledged ${ordersAcknowledged.length}, found ${ordersAcknowledged.filter((purchase) => facts.orders.has(purchase.orderHash!)).length}; payments acknowledged ${paymentsAcknowledged.length}, found paid ${paymentsAcknowledged.filter((purchase) => facts.orders.get(purchase.orderHash!)?.paid).length}; duplicates ${duplicates}; answering again ${backMs} ms after the kill (ready ${readyMs} ms after start); purchases complete ${finishMs} ms later`,
      );
      for (const purchase of ordersAcknowledged) expect(facts.orders.has(purchase.orderHash!), `${purchase.email}'s acknowledged order`).toBe(true);
      for (const purchase of paymentsAcknowledged) {
        const order = facts.orders.get(purchase.orderHash!);
        expect({ paid: order?.paid, payments: order?.payments }, `${purchase.email}'s acknowledged payment`).toEqual({ paid: true, payments: 1 });
      }
      expect(duplicates, 'orders or payments made twice').toBe(0);
      expect(facts.paidWithoutPayment + facts.paymentWithoutPaid, 'orders paid without a payment or the reverse').toBe(0);
      expect(everyone.flatMap((purchase) => purchase.answers).filter((answer) => answer.status === -1), 'hangs').toEqual([]);
    }

    expect(webhookAnswers.filter((answer) => answer.status === -1), 'webhook hangs').toEqual([]);
    expect(webhookAnswers.filter((answer) => answer.status > 0 && answer.status !== 200), 'webhooks refused').toEqual([]);
    // Every webhook the sandbox owes, including those cut off by a kill, is delivered by the
    // restarted shop by itself (a cut-off delivery is retried after 10 s, as a provider backs off).
    // PostgreSQL is read while the shop runs; PGlite belongs to the shop until it stops.
    let deliveredWhen = 'after the stop';
    if (env.DATABASE_URL) deliveredWhen = `${await waitFor('every webhook to be delivered', async () => (await withShopDatabase(env, orderFacts)).undeliveredWebhooks === 0, { timeoutMs: 60_000, everyMs: 500 })} ms after the last restart`;
    const code = await shop.terminate();
    expect(code, shop.output().slice(-3000)).toBe(0);
    const facts = await withShopDatabase(env, orderFacts);
    console.warn(`${backend.name}: ${everyone.length} purchases, ${[...facts.orders.values()].filter((order) => order.paid && order.payments === 1).length} orders paid once each; ${webhookAnswers.length} duplicate webhooks answered 200; webhooks all delivered ${deliveredWhen}, still to deliver ${facts.undeliveredWebhooks}`);
    expect(facts.orders.size).toBe(everyone.length);
    for (const purchase of everyone) expect(facts.orders.get(purchase.orderHash!), purchase.email).toMatchObject({ paid: true, payments: 1 });
    if (env.DATABASE_URL) expect(facts.undeliveredWebhooks).toBe(0);
  });
});
