/**
 * Refunds as the back office makes them: a refund asked of the provider (pending), made or
 * dropped, the reconciler's claim on refunds left pending, and the payment's refunded amount.
 * Every function runs on the handle it was built with.
 */
import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderRefunds, payments } from '../../db/schema';

type PaymentRow = typeof payments.$inferSelect;
type RefundRow = typeof orderRefunds.$inferSelect;

export function createRefundRepository(db: Database) {
  return {
    async setPaymentRefunded(paymentId: number, refundedAmount: number, status: PaymentRow['status'], at: Date): Promise<void> {
      await db.update(payments).set({ refundedAmount, status, refundedAt: at }).where(eq(payments.id, paymentId));
    },
    async insertRefund(values: Omit<typeof orderRefunds.$inferInsert, 'id'>): Promise<RefundRow> {
      const [row] = await db.insert(orderRefunds).values(values).returning();
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return row;
    },
    /** Marks a pending refund made; false when it is not pending (made already by another process, or dropped). */
    async completeRefund(id: number, providerReference: string, at: Date): Promise<boolean> {
      const done = await db
        .update(orderRefunds)
        .set({ state: 'succeeded', providerReference, completedAt: at, checkAfter: null })
        .where(and(eq(orderRefunds.id, id), eq(orderRefunds.state, 'pending')))
        .returning({ id: orderRefunds.id });
      return done.length > 0;
    },
    /**
     * Takes up to `limit` refunds still pending that were asked for between `askedAfter` and
     * `askedBefore` and that no process has taken (check_after unset or past), by stamping
     * check_after = `until` first. SKIP LOCKED lets several processes look at once without taking
     * the same refund; no transaction stays open while the provider is asked (embedded PGlite would
     * wait on it), and a process that dies meanwhile leaves the refund to another after `until`.
     */
    async claimOverdueRefunds({ now, askedAfter, askedBefore, until, limit }: { now: Date; askedAfter: Date; askedBefore: Date; until: Date; limit: number }): Promise<RefundRow[]> {
      const next = db
        .select({ id: orderRefunds.id })
        .from(orderRefunds)
        .where(
          and(
            eq(orderRefunds.state, 'pending'),
            gt(orderRefunds.createdAt, askedAfter),
            lte(orderRefunds.createdAt, askedBefore),
            or(isNull(orderRefunds.checkAfter), lte(orderRefunds.checkAfter, now)),
          ),
        )
        .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(orderRefunds)
        .set({ checkAfter: until })
        .where(and(inArray(orderRefunds.id, next), eq(orderRefunds.state, 'pending')))
        .returning();
    },
    /** A taken refund the provider could not answer about: the next look (by any process) takes it again. */
    async releaseRefund(id: number): Promise<void> {
      await db
        .update(orderRefunds)
        .set({ checkAfter: null })
        .where(and(eq(orderRefunds.id, id), eq(orderRefunds.state, 'pending')));
    },
    /** A refund the provider refused: it never happened. */
    async dropPendingRefund(id: number): Promise<void> {
      await db.delete(orderRefunds).where(and(eq(orderRefunds.id, id), eq(orderRefunds.state, 'pending')));
    },
  };
}
