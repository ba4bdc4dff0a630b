/**
 * The dashboard's counts, read straight from the orders, returns and part requests tables: reads
 * only, each one statement; those modules expose no such summaries of their own.
 */
import { and, asc, count, gt, gte, isNull, lte, notInArray, inArray, sum } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { orders, partRequests, returns } from '../../../db/schema';

/** Returns still being dealt with: not at one of their two ends. */
const CLOSED_RETURNS = ['REFUNDED', 'REJECTED'] as const;
/** Part requests the shop still has to answer. */
const OPEN_PART_REQUESTS = ['new', 'searching'] as const;

export function createDashboardRepository(db: Database) {
  return {
    async ordersSince(from: Date): Promise<{ count: number; total: number }> {
      const [row] = await db.select({ count: count(), total: sum(orders.totalValue) }).from(orders).where(gte(orders.createdAt, from));
      return { count: row?.count ?? 0, total: Number(row?.total ?? 0) };
    },

    /** Unpaid orders whose hold is still on and ends after `now` and by `until`, soonest first. */
    holdsEnding(now: Date, until: Date) {
      return db
        .select({ id: orders.id, number: orders.number, email: orders.email, toPay: orders.toPay, holdExpiresAt: orders.holdExpiresAt })
        .from(orders)
        .where(and(isNull(orders.paidAt), isNull(orders.holdReleasedAt), gt(orders.holdExpiresAt, now), lte(orders.holdExpiresAt, until)))
        .orderBy(asc(orders.holdExpiresAt), asc(orders.id))
        .limit(50);
    },

    async openReturns(): Promise<number> {
      const [row] = await db.select({ count: count() }).from(returns).where(notInArray(returns.status, [...CLOSED_RETURNS]));
      return row?.count ?? 0;
    },

    async openPartRequests(): Promise<number> {
      const [row] = await db.select({ count: count() }).from(partRequests).where(inArray(partRequests.status, [...OPEN_PART_REQUESTS]));
      return row?.count ?? 0;
    },
  };
}
