/**
 * Issue 27, a killed process in the back office: `kill -9` of the compiled shop (on a private
 * PostgreSQL cluster) in the middle of refunds made through the Stripe adapter against a local fake
 * of Stripe's API, and in the middle of a stock import's transaction.
 *
 * Refunds: every refund staff were told was made is still made, none is made twice at Stripe or
 * recorded twice in the shop, and every one cut off is finished, by the refund reconciler under
 * the refund's own key or by staff asking again with the same form's key. Stock import: the file is
 * imported wholly or not at all (never some of its parts, or parts without their fitments and
 * prices), and uploading it again after the restart imports it once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IMPORT_COLUMNS } from '../../src/domain/stock-import';
import { ORDER_STATUS } from '../../src/domain/orders';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { rowsOf } from '../db/rows';
import { createStripeGateway } from '../integrations/payments/stripe/stripe-gateway';
import { FAKE_STRIPE_SECRET_KEY, type FakeStripe, startFakeStripe } from '../integrations/payments/stripe/fake-stripe';
import { recordStripePayment } from '../test/provider-faults';
import { seedOrder } from '../test/sales';
import type { Answer } from './support/load';
import { startPgCluster, type PgCluster } from './support/pg-cluster';
import { waitFor } from './support/ports';
import { withShopDatabase } from './support/shop-database';
import { killAllShops, seedShop, startShop, type ShopProcess } from './support/shop-process';
import type { HttpShopper } from './support/shopper';
import { signedInOwner } from './support/staff';

const WEBHOOK_SECRET = 'whsec_fault_suite_secret';
/** REFUND_RECONCILE_AFTER_MINUTES' least: a pending refund younger than this is not the reconciler's. */
const RECONCILE_AFTER_MINUTES = 2;
/** Refunds cut off per round: concurrent, as several people in the back office. */
const REFUNDS_PER_ROUND = 4;
const IMPORT_ROWS = 2000;
const DATABASE = 'shop_faults_back_office';

interface Refund {
  number: string;
  intentId: string;
  /** Half the order: a second refund would go through at Stripe, so a duplicate cannot hide. */
  amount: number;
  key: string;
  /** Staff were told it was made (200). */
  acknowledged: boolean;
  answers: Answer[];
}

/** What the shop's database holds about the refunds, and what it must never hold. */
async function refundFacts(env: Record<string, string>) {
  return withShopDatabase(env, async (db) => {
    const rows = await rowsOf<{ number: string; state: string; reference: string | null; refunded: number; audits: string | number }>(
      db,
      sql`SELECT o.number, r.state, r.provider_reference AS reference, p.refunded_amount AS refunded,
            (SELECT count(*) FROM audit_log a WHERE a.action = 'order.refund' AND a.entity_id = o.number) AS audits
          FROM order_refunds r JOIN orders o ON o.id = r.order_id JOIN payments p ON p.order_id = o.id ORDER BY r.id`,
    );
    const perOrder = new Map<string, typeof rows>();
    for (const row of rows) perOrder.set(row.number, [...(perOrder.get(row.number) ?? []), row]);
    return {
      byNumber: new Map(rows.map((row) => [row.number, { ...row, audits: Number(row.audits) }])),
      rowsPerOrderAboveOne: [...perOrder.values()].filter((list) => list.length > 1).length,
      auditsAboveOne: rows.filter((row) => Number(row.audits) > 1).length,
      pending: rows.filter((row) => row.state === 'pending').length,
    };
  });
}

describe('kill -9 in the back office on PostgreSQL', () => {
  let dataDir = '';
  let cluster: PgCluster;
  let stripe: FakeStripe;
  let env: Record<string, string>;
  let shop: ShopProcess;
  let staff: HttpShopper;
  /** Connections of the test's own to the shop's database, closed in afterAll. */
  const handles: DatabaseHandle[] = [];
  /** The log lines of the shops killed so far. */
  const pastLogs: Record<string, unknown>[] = [];

  /** Kills the shop, runs `whileDown` on its database, starts it again; answers the kill-to-ready time. */
  async function killAndRestart(whileDown: () => Promise<void> = async () => undefined): Promise<{ backMs: number; readyMs: number }> {
    const killedAt = Date.now();
    await shop.kill9();
    pastLogs.push(...shop.logs());
    await whileDown();
    shop = await startShop({ env, port: shop.port });
    const readyMs = await shop.waitUntilReady();
    return { backMs: Date.now() - killedAt, readyMs };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'shop-faults-back-office-'));
    stripe = await startFakeStripe();
    cluster = await startPgCluster();
    await cluster.createDatabase(DATABASE);
    env = {
      DATABASE_URL: cluster.url(DATABASE),
      DATA_DIR: dataDir,
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fault_suite',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url.toString(),
      // Longer than a refund is held at Stripe here: the kill, not the time limit, cuts it off.
      PAYMENT_TIMEOUT_MS: '60000',
      REFUND_RECONCILE_INTERVAL_MS: '1000',
      REFUND_RECONCILE_AFTER_MINUTES: String(RECONCILE_AFTER_MINUTES),
    };
    await seedShop(env, 100);
    shop = await startShop({ env });
    await shop.waitUntilReady();
    staff = await signedInOwner(shop.baseUrl, env);
  });

  afterAll(async () => {
    await killAllShops();
    await Promise.all(handles.map((handle) => handle.close()));
    await cluster?.destroy();
    await stripe?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('refunds and a stock import cut off by kills: each refund made once and recorded once, the import wholly or not at all and then once', async () => {
    const card = createStripeGateway({ secretKey: FAKE_STRIPE_SECRET_KEY, publishableKey: 'pk_test_fault_suite', webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url });
    /** Orders paid by card at the fake Stripe, as settlement leaves them. */
    const paidOrders = (count: number, round: number) =>
      withShopDatabase(env, async (db) => {
        const made: Refund[] = [];
        for (let i = 0; i < count; i++) {
          const toPay = 8_000 + 1_000 * i;
          const order = await seedOrder(db, { status: ORDER_STATUS.PAID, paidWith: null, toPay, at: new Date(), email: `refund-${round}-${i}@example.co.uk` });
          const intent = await card.createIntent({ orderHash: order.hash, orderNumber: order.number, amount: toPay, currency: 'gbp', idempotencyKey: `order-${order.hash}-stripe-attempt-1`, receiptEmail: order.email });
          stripe.confirmInBrowser(intent.id, 'pm_card_visa');
          await recordStripePayment(db, order.id, intent.id, toPay, new Date());
          made.push({ number: order.number, intentId: intent.id, amount: toPay / 2, key: `fault-kill-refund-${order.number}`, acknowledged: false, answers: [] });
        }
        return made;
      });
    const ask = async (refund: Refund) => {
      const answer = await staff.call('POST', `/admin/orders/${refund.number}/refund`, { amount: refund.amount, idempotency_key: refund.key }, { hangMs: 90_000 });
      refund.answers.push(answer);
      if (answer.status === 200) refund.acknowledged = true;
      return answer;
    };
    const refundRequests = (refund: Refund) => stripe.requests.filter((request) => request.path === '/v1/refunds' && request.body.payment_intent === refund.intentId);
    const madeAtStripe = (refund: Refund) => stripe.refunds.filter((made) => made.payment_intent === refund.intentId);
    /** Waiting 2 minutes is what makes a pending refund the reconciler's: the kill's refunds are made that old instead. */
    const agePending = () => cluster.query(`UPDATE order_refunds SET created_at = created_at - interval '${RECONCILE_AFTER_MINUTES} minutes' WHERE state = 'pending'`, DATABASE);
    const stockImport = await stockImportOf(env);

    const everyone: Refund[] = [];
    const rounds = [
      // Stripe holds the refunds it receives, and the import is inside its transaction: the kill
      // lands while every refund is with the provider and the import has written half its rows.
      { name: 'held at Stripe, during the import', hold: true, acknowledgedFirst: 2, withImport: true },
      // Stripe answers at once: the kill lands as its answers arrive, before or after the shop records them.
      { name: 'as Stripe answers', hold: false, acknowledgedFirst: 0, withImport: false },
    ];
    for (const [index, round] of rounds.entries()) {
      const refunds = await paidOrders(REFUNDS_PER_ROUND + round.acknowledgedFirst, index);
      everyone.push(...refunds);
      // Refunds made and acknowledged before anything goes wrong.
      const before = refunds.slice(0, round.acknowledgedFirst);
      for (const refund of before) expect((await ask(refund)).status, refund.answers.at(-1)?.body).toBe(200);
      const cut = refunds.slice(before.length);
      const release = round.hold ? stripe.hold() : () => undefined;
      const upload = round.withImport ? stockImport.upload() : undefined;
      const inFlight = Promise.all(cut.map((refund) => ask(refund)));
      const atStripe = () => cut.filter((refund) => refundRequests(refund).some((request) => round.hold || request.answer !== null)).length;
      await waitFor(`the refunds to reach Stripe (${round.name})`, () => atStripe() >= (round.hold ? cut.length : 2), { everyMs: 2, timeoutMs: 60_000 });
      const reachedStripe = atStripe();
      const writingMs = upload ? await stockImport.writing() : 0;
      let importAfterKill: Record<string, number> = {};
      const { backMs, readyMs } = await killAndRestart(async () => {
        // Stripe makes the held refunds after the shop died: their answers reach no one.
        release();
        await waitFor('Stripe to answer every refund it received', () => stripe.requests.every((request) => request.answer !== null), { timeoutMs: 30_000 });
        await inFlight;
        const facts = await refundFacts(env);
        // What staff were told was made is made, once, and nothing is recorded twice.
        for (const refund of everyone.filter((one) => one.acknowledged)) {
          expect(facts.byNumber.get(refund.number), `${refund.number}'s acknowledged refund`).toMatchObject({ state: 'succeeded', reference: madeAtStripe(refund)[0]?.id, audits: 1 });
        }
        expect(facts.rowsPerOrderAboveOne + facts.auditsAboveOne, 'refunds recorded twice').toBe(0);
        console.warn(
          `refunds, kill ${round.name}: ${cut.length} cut off (${reachedStripe} at Stripe), ${cut.filter((refund) => refund.acknowledged).length} of them acknowledged; left pending ${facts.pending}; made at Stripe ${cut.filter((refund) => madeAtStripe(refund).length > 0).length}`,
        );
        await agePending();
        if (upload) importAfterKill = await stockImport.counts();
      });
      expect(everyone.flatMap((refund) => refund.answers).filter((answer) => answer.status === -1), 'hangs').toEqual([]);
      if (upload) await stockImport.afterKill(await upload, importAfterKill, { writingMs, backMs });

      // Staff ask again with the same form's key until each says made: 409 while the reconciler
      // has it, then the refund made (once), whoever finished it.
      const finishMs = await waitFor('every refund to be made', async () => (await Promise.all(cut.filter((refund) => !refund.acknowledged).map((refund) => ask(refund)))).every((answer) => answer.status === 200), { timeoutMs: 30_000, everyMs: 500 });
      const retries = cut.flatMap((refund) => refund.answers.slice(1));
      console.warn(`refunds, kill ${round.name}: answering again ${backMs} ms after the kill (ready ${readyMs} ms after start); all made ${finishMs} ms later; staff's retries ${JSON.stringify(Object.fromEntries(['200', '409', '503'].map((status) => [status, retries.filter((answer) => String(answer.status) === status).length])))}`);
      expect(retries.filter((answer) => answer.status !== 200 && answer.status !== 409), 'retries answered otherwise than made or being made').toEqual([]);
    }

    // Each refund made once at Stripe, under its own key, and recorded once with Stripe's reference.
    const facts = await refundFacts(env);
    const finishedByShop = [...pastLogs, ...shop.logs()].filter((line) => line.msg === 'a refund left pending was completed by the shop').length;
    const duplicates = everyone.filter((refund) => madeAtStripe(refund).length !== 1).length + facts.rowsPerOrderAboveOne + facts.auditsAboveOne;
    console.warn(`refunds: ${everyone.length} asked, ${everyone.filter((refund) => refund.answers[0]?.status === 200).length} acknowledged before a kill, ${everyone.filter((refund) => facts.byNumber.get(refund.number)?.state === 'succeeded').length} made after; finished by the reconciler ${finishedByShop}; duplicates ${duplicates}`);
    expect(duplicates, 'refunds made or recorded twice').toBe(0);
    expect(facts.pending).toBe(0);
    for (const refund of everyone) {
      const [made] = madeAtStripe(refund);
      expect(made, `${refund.number} at Stripe`).toMatchObject({ amount: refund.amount });
      expect(new Set(refundRequests(refund).map((request) => request.idempotencyKey)), `${refund.number}'s keys`).toEqual(new Set([refund.key]));
      expect(facts.byNumber.get(refund.number), refund.number).toMatchObject({ state: 'succeeded', reference: made?.id, refunded: refund.amount, audits: 1 });
    }
  });

  /**
   * A file of IMPORT_ROWS good parts, two fitments each, uploaded by the signed-in member of staff,
   * and what the database holds of it. The import promises one transaction (docs/stock-import.md):
   * after a kill the file is in the shop wholly or not at all, and uploading it again imports what
   * is missing, once (a Tag in the shop already refuses its row).
   */
  async function stockImportOf(shopEnv: Record<string, string>) {
    const handle = await openDatabase({ url: shopEnv.DATABASE_URL! });
    handles.push(handle);
    const [reference] = await rowsOf<{ part_type: string; make: string; model: string; generation: string | null; year: number }>(
      handle.db,
      sql`SELECT pt.name AS part_type, mk.name AS make, mo.name AS model, mo.generation, mo.year_from + 1 AS year
          FROM models mo JOIN makes mk ON mk.id = mo.make_id,
            (SELECT t.name FROM part_types t WHERE EXISTS (SELECT 1 FROM category_part_types c WHERE c.part_type_id = t.id) ORDER BY t.id LIMIT 1) pt
          WHERE mo.generation IS NOT NULL AND (SELECT count(*) FROM makes same WHERE same.name = mk.name) = 1
          ORDER BY mo.id LIMIT 1`,
    );
    if (!reference) throw new Error('the seeded catalogue has no model to import parts of');
    const model = `${reference.model} ${reference.generation}`;
    const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => {
      const n = String(i + 1).padStart(5, '0');
      return [`KILLIMP${n}`, 'STK-27001', reference.part_type, reference.make, model, String(reference.year), '', `KOEM${n}`, 'B', '45.00', '', `"Part ${n}, tested."`, 'available', `${model} ${reference.year}-${reference.year + 1}; ${model} ${reference.year + 2}`, ''];
    });
    const csv = `${IMPORT_COLUMNS.join(',')}\r\n${rows.map((row) => row.join(',')).join('\r\n')}\r\n`;
    const whole = { parts: IMPORT_ROWS, fitments: 2 * IMPORT_ROWS, prices: IMPORT_ROWS, arrivals: IMPORT_ROWS, audits: 1 };
    const none = { parts: 0, fitments: 0, prices: 0, arrivals: 0, audits: 0 };
    const upload = () => staff.call('POST', '/admin/stock/import', { csv }, { hangMs: 120_000 });
    const reportOf = (answer: Answer) => (JSON.parse(answer.body) as { report?: { imported: number; problems: unknown[] } }).report;
    const counts = async () => {
      const [row] = await rowsOf<Record<keyof typeof whole, string | number>>(
        handle.db,
        sql`SELECT (SELECT count(*) FROM parts WHERE tag LIKE 'KILLIMP%') AS parts,
              (SELECT count(*) FROM fitments f JOIN parts p ON p.id = f.part_id WHERE p.tag LIKE 'KILLIMP%') AS fitments,
              (SELECT count(*) FROM price_history h JOIN parts p ON p.id = h.part_id WHERE p.tag LIKE 'KILLIMP%') AS prices,
              (SELECT count(*) FROM stock_arrivals s JOIN parts p ON p.id = s.part_id WHERE p.tag LIKE 'KILLIMP%') AS arrivals,
              (SELECT count(*) FROM audit_log WHERE action = 'part.import') AS audits`,
      );
      return Object.fromEntries(Object.entries(row ?? {}).map(([name, value]) => [name, Number(value)]));
    };
    return {
      upload,
      counts,
      /** Waits until the import's transaction has written its parts and is writing their fitments. */
      writing: () =>
        waitFor(
          'the import to be writing its fitments',
          async () => (await rowsOf(handle.db, sql`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_xid IS NOT NULL AND query LIKE 'insert into "fitments"%'`)).length > 0,
          { everyMs: 5, timeoutMs: 120_000 },
        ),
      /** What must hold once the shop is back: `found` read while it was down, `cut` the cut-off upload's answer. */
      async afterKill(cut: Answer, found: Record<string, number>, { writingMs, backMs }: { writingMs: number; backMs: number }) {
        // Wholly or not at all: an answer of 'imported' (had the commit won the race) means wholly.
        expect(found).toEqual(cut.status === 200 ? whole : none);
        const again = await upload();
        const third = await upload();
        const final = await counts();
        console.warn(
          `stock import of ${IMPORT_ROWS} rows: killed inside its transaction ${writingMs} ms after the refunds reached Stripe (the cut-off upload answered ${cut.status}); found after the kill ${JSON.stringify(found)}; answering again ${backMs} ms after the kill; uploaded again: ${again.status}, ${reportOf(again)?.imported} imported; a third time: ${reportOf(third)?.imported} imported, ${reportOf(third)?.problems.length} rows refused (in the shop already); finally ${JSON.stringify(final)}`,
        );
        expect(cut.status, 'the cut-off upload hung').not.toBe(-1);
        expect(again.status, again.body.slice(0, 300)).toBe(200);
        expect(reportOf(again)?.imported).toBe(found.parts === 0 ? IMPORT_ROWS : 0);
        expect(reportOf(third)).toMatchObject({ imported: 0 });
        expect(reportOf(third)?.problems).toHaveLength(IMPORT_ROWS);
        expect(final).toEqual(whole);
      },
    };
  }
});
