/**
 * Orders and their lines, and the end of an order's hold (the parts' moves are the catalogue's:
 * orders/holds.ts). Every function runs on the handle it was built with, so create-order and the
 * hold release run them in one transaction.
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
    /**
     * A deleted account's orders stay (the law's accounting records) with their e-mail and address
     * snapshots anonymised: the name becomes `anonymisedName`, phone and street lines go; the
     * company, VAT number, town, postcode and country stay for the VAT records (run in the
     * deletion's transaction).
     */
    async eraseMember({ memberId, anonymisedEmail, anonymisedName }: { memberId: number; anonymisedEmail: string; anonymisedName: string }): Promise<void> {
      const snapshot = (column: typeof orders.billingAddress | typeof orders.deliveryAddress) =>
        sql`${column} || jsonb_build_object('first_name', ${anonymisedName}::text, 'last_name', '', 'phone', '', 'address1', '', 'address2', '', 'address3', '')`;
      await db
        .update(orders)
        .set({ email: anonymisedEmail, billingAddress: snapshot(orders.billingAddress), deliveryAddress: snapshot(orders.deliveryAddress), commentsDelivery: '' })
        .where(eq(orders.memberId, memberId));
    },

    async orderOfCart(cartId: number): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.cartId, cartId));
      return row ?? null;
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

    /** The Tags of the orders' lines. */
    async lineTags(ids: readonly number[]): Promise<string[]> {
      const rows = await db.select({ tag: orderProducts.tag }).from(orderProducts).where(inArray(orderProducts.orderId, [...ids])).orderBy(orderProducts.id);
      return rows.map((row) => row.tag);
    },

    /** The orders' holds end: their discount-code uses freed and the release stamped (their parts: orders/holds.ts). */
    async endHolds(ids: readonly number[], now: Date): Promise<void> {
      await db.delete(discountCodeUsages).where(inArray(discountCodeUsages.orderId, [...ids]));
      await db.update(orders).set({ holdReleasedAt: now }).where(inArray(orders.id, [...ids]));
    },
  };
}
