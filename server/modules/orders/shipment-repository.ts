/** SQL of an order's shipment: the carrier and tracking number staff record when they dispatch it. */
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderShipments } from '../../db/schema';

export function createShipmentRepository(db: Database) {
  return {
    async shipmentsOf(orderIds: readonly number[]) {
      if (orderIds.length === 0) return [];
      return db.select().from(orderShipments).where(inArray(orderShipments.orderId, [...orderIds]));
    },
  };
}
