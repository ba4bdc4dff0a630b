/**
 * The refunds' reconciler (issue 19). A refund is written 'pending', then the provider is asked,
 * then it is recorded made (orders-service.ts). A process that stops between the provider and the
 * record, a database that fails there, or a provider call that hangs until a restart, leaves the
 * refund pending for good: the order says it is being made and every retry answers 409.
 *
 * So each API process runs a round every REFUND_RECONCILE_INTERVAL_MS (on the app's clock, one
 * round at a time, stopped by app.close(), which waits for a round under way;
 * `app.refundReconciler.runRound()` runs one now, as the tests do). A round takes the refunds
 * pending for longer than REFUND_RECONCILE_AFTER_MINUTES (check_after stamped first with SKIP
 * LOCKED, so two processes never take the same one), asks the provider again under the refund's own
 * idempotency key (a refund the provider made is answered, not made twice; one it never heard of
 * is made now, as staff asked) and finishes it with the live path's own step 3 and finish: the
 * order's audit entry, mail and push, or the return's step. Its audit entries are the shop's (no
 * member of staff; `completed_by: 'shop'` and who asked); the order's and return's history name
 * who asked. A refusal drops the pending refund with a log line, as the live path does; a provider
 * that cannot be reached, or a failure on our side, leaves it to the next round.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { type CardGateway, PaymentProviderError, type PaypalGateway } from '../../../integrations/payments';
import { periodicRounds } from '../../../plugins/periodic-rounds';
import { auditByShop } from '../staff/index';
import { type Actor, createOrdersService, type SalesDeps } from './orders-service';
import type { RefundRow } from './repository';
import { createSalesAccess } from './sales-access';
import { createReturnsAdminService } from './returns-service';

declare module 'fastify' {
  interface FastifyInstance {
    refundReconciler: { runRound(): Promise<ReconcileReport> };
  }
}

/** What one round did: refunds completed, dropped (refused by the provider) and left for the next round. */
export interface ReconcileReport {
  completed: number;
  dropped: number;
  left: number;
}

/** Pending refunds are rare: a round takes at most this many. */
const ROUND_LIMIT = 20;

/**
 * A provider keeps an idempotency key for a day (Stripe: at least 24 hours); asked after that, the
 * same key could make a second refund. A refund pending longer than this is never asked about
 * again by the shop: it is logged (once per process) for staff to check at the provider.
 */
const PROVIDER_KEY_KEPT_MS = 20 * 3_600_000;

const fieldsOf = (value: unknown) => (typeof value === 'object' && value !== null ? { ...value } : { value });

export function createRefundReconciler(deps: SalesDeps, afterMs: number): () => Promise<ReconcileReport> {
  const { db, clock, log } = deps;
  const orders = createOrdersService(deps);
  const returns = createReturnsAdminService(deps, orders);
  const reportedTooOld = new Set<number>();

  /** The shop finishing a refund staff asked for: the history names who asked, the audit entries the shop. */
  const shopFor = (row: RefundRow): Actor => ({
    staffId: row.staffId,
    permissions: [],
    audit: (tx, change) => auditByShop(tx, { ...change, after: { ...fieldsOf(change.after), completed_by: 'shop', asked_by_staff_id: row.staffId } }, clock()),
  });

  async function reconcile(row: RefundRow): Promise<keyof ReconcileReport> {
    const repo = createSalesAccess(db);
    const [order, payment] = await Promise.all([repo.orderById(row.orderId), repo.paymentOf(row.orderId)]);
    // A refund is only ever written for a paid order, and goes with its order.
    if (!order || !payment) throw new Error(`refund ${row.id} has no order or payment`);
    const facts = { order: order.number, refund: row.id, amount: row.amount, provider: payment.provider };
    let reference: string;
    try {
      reference = await orders.askProvider(payment, row);
    } catch (error) {
      if (!(error instanceof PaymentProviderError) || error.details.unavailable) throw error;
      await repo.dropPendingRefund(row.id);
      log.warn({ ...facts, err: error }, 'a refund left pending was refused by the provider: dropped, nothing was refunded');
      return 'dropped';
    }
    const who = shopFor(row);
    const outcome = await orders.completeRefund(row, reference, who, row.returnId === null ? orders.orderRefundFinish(who) : returns.refundFinish(row.returnId, who));
    log.info({ ...facts, reference, replayed: outcome.replayed }, 'a refund left pending was completed by the shop');
    return 'completed';
  }

  return async function runRound(): Promise<ReconcileReport> {
    const repo = createSalesAccess(db);
    const now = clock();
    const keptSince = new Date(now.getTime() - PROVIDER_KEY_KEPT_MS);
    for (const row of await repo.pendingRefundsAskedBefore(keptSince)) {
      if (reportedTooOld.has(row.id)) continue;
      reportedTooOld.add(row.id);
      log.error({ refund: row.id, orderId: row.orderId, amount: row.amount, asked: row.createdAt }, 'a refund has been pending too long to ask the provider again safely: check it at the provider');
    }
    const taken = await repo.claimOverdueRefunds({ now, askedAfter: keptSince, askedBefore: new Date(now.getTime() - afterMs), until: new Date(now.getTime() + afterMs), limit: ROUND_LIMIT });
    const report: ReconcileReport = { completed: 0, dropped: 0, left: 0 };
    for (const row of taken) {
      try {
        report[await reconcile(row)] += 1;
      } catch (error) {
        report.left += 1;
        // Taken again by the next round, of this process or another.
        await repo.releaseRefund(row.id).catch((failure: unknown) => log.error({ err: failure, refund: row.id }, 'releasing a pending refund failed: it is taken again once its check time passes'));
        if (error instanceof PaymentProviderError) log.warn({ refund: row.id, err: error }, 'the provider could not be reached about a refund left pending: asked again next round');
        else log.error({ refund: row.id, err: error }, 'completing a refund left pending failed: tried again next round');
      }
    }
    return report;
  };
}

export interface RefundReconcilerOptions {
  db: Database;
  config: Config;
  card: CardGateway;
  paypal: PaypalGateway;
}

/** The reconciler's timer, registered with the app like the alerts' worker (alerts/alert-worker.ts). */
export const refundReconciler = fp<RefundReconcilerOptions>(
  async (app: FastifyInstance, { db, config, card, paypal }) => {
    const round = createRefundReconciler({ db, clock: () => app.clock(), publicUrl: config.publicUrl, card, paypal, log: app.log }, config.refunds.reconcileAfterMs);
    const rounds = periodicRounds(app, {
      round,
      intervalMs: config.refunds.reconcileIntervalMs,
      // Each refund asks its provider, with that provider's own timeout.
      timeLimitMs: 5 * 60_000,
      name: 'refunds reconciled',
      worthLogging: (report) => report.completed + report.dropped + report.left > 0,
    });
    app.decorate('refundReconciler', rounds);
  },
  { name: 'refund-reconciler' },
);
