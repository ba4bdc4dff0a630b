/**
 * What the back office's sales work writes on an order: its status, the history of its status
 * changes, and its shipment. Every function runs on the handle it was built with, so a change and
 * its audit entry commit together.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, orderShipments, orderStatusChanges } from '../../db/schema';

export function createOrderSalesRepository(db: Database) {
  return {
    async setOrderStatus(orderId: number, statusId: number): Promise<void> {
      await db.update(orders).set({ statusId }).where(eq(orders.id, orderId));
    },
    async recordStatusChange(values: Omit<typeof orderStatusChanges.$inferInsert, 'id'>): Promise<void> {
      await db.insert(orderStatusChanges).values(values);
    },
    async insertShipment(values: typeof orderShipments.$inferInsert): Promise<void> {
      await db.insert(orderShipments).values(values);
    },
    async markShipmentDelivered(orderId: number, at: Date): Promise<void> {
      await db.update(orderShipments).set({ deliveredAt: at }).where(eq(orderShipments.orderId, orderId));
    },
  };
}
