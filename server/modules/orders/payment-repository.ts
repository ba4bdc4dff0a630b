/**
 * What paying does to an order and its parts (issue 14), for the payments module through
 * orders/index.ts: find and lock the order, put its parts back on hold before a charge, and move
 * them to sold with the order's status once the money is in. Every function runs on the handle it
 * was built with, so settlement runs them inside its one transaction.
 */
import { eq, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '../../../src/domain/orders';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { orderProducts, orders } from '../../db/schema';
import { createOrderRepository, type OrderRow } from './repository';

export type { OrderRow } from './repository';

export function createOrderPaymentRepository(db: Database) {
  const orderRows = createOrderRepository(db);
  return {
    findByHash: orderRows.findByHash,

    async findById(id: number): Promise<OrderRow | null> {
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      return order ?? null;
    },

    /** The order's row, held to the end of the transaction: two settlements of one order queue here. */
    async lock(id: number): Promise<OrderRow | null> {
      const [order] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
      return order ?? null;
    },

    /** The order's parts with their status now: `reservedForIt` is false for a part held or sold by someone else. */
    async partsOf(orderId: number): Promise<{ tag: string; name: string; status: string | null }[]> {
      return rowsOf<{ tag: string; name: string; status: string | null }>(
        db,
        sql`SELECT op.tag, op.name, p.status FROM ${orderProducts} op LEFT JOIN parts p ON p.tag = op.tag WHERE op.order_id = ${orderId} ORDER BY op.id`,
      );
    },

    /** Reserves those of `tags` still available, as create-order does (orders repository); answers the Tags reserved. */
    reserveAvailable: orderRows.reserveParts,

    /** The hold starts again: the release timer leaves the order alone until `until`. */
    async extendHold(orderId: number, until: Date): Promise<void> {
      await db.update(orders).set({ holdExpiresAt: until, holdReleasedAt: null }).where(eq(orders.id, orderId));
    },

    /**
     * The order is paid: status PAID, paid_at, and its reserved parts sold. Answers the Tags that
     * were not reserved any more (sold or on hold elsewhere), which staff must sort out.
     */
    async markPaid(orderId: number, at: Date): Promise<{ notSold: string[] }> {
      await db.update(orders).set({ statusId: ORDER_STATUS.PAID, paidAt: at }).where(eq(orders.id, orderId));
      const sold = await rowsOf<{ tag: string }>(
        db,
        sql`UPDATE parts SET status = 'sold', updated_at = ${at.toISOString()}
            WHERE tag IN (SELECT tag FROM ${orderProducts} WHERE order_id = ${orderId}) AND status = 'reserved'
            RETURNING tag`,
      );
      const tags = await db.select({ tag: orderProducts.tag }).from(orderProducts).where(eq(orderProducts.orderId, orderId));
      const got = new Set(sold.map((row) => row.tag));
      return { notSold: tags.map((row) => row.tag).filter((tag) => !got.has(tag)) };
    },

    async markRefunded(orderId: number): Promise<void> {
      await db.update(orders).set({ statusId: ORDER_STATUS.REFUNDED }).where(eq(orders.id, orderId));
    },
  };
}

