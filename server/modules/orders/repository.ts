/**
 * Orders and their lines, and the two moves of a part's status an order makes: reserved when the
 * order is created, available again when its hold runs out. Every function runs on the handle it
 * was built with, so create-order and the hold release run them in one transaction.
 */
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { discountCodeUsages, orderProducts, orders } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = Omit<typeof orderProducts.$inferInsert, 'id'>;

export function createOrderRepository(db: Database) {
  return {
    async orderOfCart(cartId: number): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.cartId, cartId));
      return row ?? null;
    },

    /**
     * The one place a part leaves 'available': every Tag given or none. Rows are locked in id
     * order, so two carts sharing parts cannot deadlock on them. Answers the Tags reserved.
     */
    async reserveParts(tags: readonly string[], at: Date): Promise<string[]> {
      if (tags.length === 0) return [];
      const rows = await rowsOf<{ tag: string }>(
        db,
        sql`UPDATE parts SET status = 'reserved', updated_at = ${at.toISOString()}
            WHERE id IN (SELECT id FROM parts WHERE tag IN ${tags} AND status = 'available' ORDER BY id FOR UPDATE)
              AND status = 'available'
            RETURNING tag`,
      );
      return rows.map((row) => row.tag);
    },

    /** The next order id, taken before the order is written so its number can be stored with it. */
    async nextOrderId(): Promise<number> {
      const [sequence] = await rowsOf<{ id: number }>(db, sql`SELECT nextval(pg_get_serial_sequence('orders', 'id'))::int AS id`);
      if (!sequence) throw new Error('the orders sequence gave no id');
      return sequence.id;
    },

    async insert(order: NewOrder, lines: readonly NewOrderLine[], usedDiscountCodeId: number | null): Promise<void> {
      await db.insert(orders).values(order);
      await db.insert(orderProducts).values([...lines]);
      if (usedDiscountCodeId !== null) await db.insert(discountCodeUsages).values({ discountCodeId: usedDiscountCodeId, orderId: order.id as number });
    },

    async findByHash(hash: string): Promise<OrderRow | null> {
      const [order] = await db.select().from(orders).where(eq(orders.hash, hash));
      return order ?? null;
    },

    lines(orderId: number) {
      return db.select().from(orderProducts).where(eq(orderProducts.orderId, orderId)).orderBy(orderProducts.id);
    },

    /** Unpaid, unreleased orders whose hold ran out by `now`, claimed (SKIP LOCKED) for this transaction. */
    async claimExpiredHolds(now: Date, batchSize: number): Promise<number[]> {
      const due = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(isNull(orders.holdReleasedAt), isNull(orders.paidAt), lte(orders.holdExpiresAt, now)))
        .orderBy(orders.id)
        .limit(batchSize)
        .for('update', { skipLocked: true });
      return due.map((row) => row.id);
    },

    /** Puts the orders' reserved parts back on sale, frees their discount-code uses and stamps the release; answers the Tags. */
    async releaseHolds(ids: readonly number[], now: Date): Promise<string[]> {
      const tags = await rowsOf<{ tag: string }>(
        db,
        sql`UPDATE parts SET status = 'available', updated_at = ${now.toISOString()}
            WHERE tag IN (SELECT tag FROM order_products WHERE order_id IN ${ids}) AND status = 'reserved'
            RETURNING tag`,
      );
      await db.delete(discountCodeUsages).where(inArray(discountCodeUsages.orderId, [...ids]));
      await db.update(orders).set({ holdReleasedAt: now }).where(inArray(orders.id, [...ids]));
      return tags.map((row) => row.tag);
    },
  };
}
