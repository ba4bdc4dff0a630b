/**
 * What paying does to an order and its parts (issue 14), for the payments module through
 * orders/index.ts: find and lock the order, read its parts' status, extend its hold, and mark it
 * paid or refunded (the parts' own moves are the catalogue's: payment-access.ts). Every function
 * runs on the handle it was built with, so settlement runs them inside its one transaction.
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

    /** The hold starts again: the release timer leaves the order alone until `until`. */
    async extendHold(orderId: number, until: Date): Promise<void> {
      await db.update(orders).set({ holdExpiresAt: until, holdReleasedAt: null }).where(eq(orders.id, orderId));
    },

    /** The order is paid: status PAID and paid_at (its parts are sold by payment-access.ts). */
    async markPaid(orderId: number, at: Date): Promise<void> {
      await db.update(orders).set({ statusId: ORDER_STATUS.PAID, paidAt: at }).where(eq(orders.id, orderId));
    },

    /** The Tags of the order's lines. */
    lineTags: (orderId: number) => orderRows.lineTags([orderId]),

    async markRefunded(orderId: number): Promise<void> {
      await db.update(orders).set({ statusId: ORDER_STATUS.REFUNDED }).where(eq(orders.id, orderId));
    },
  };
}

