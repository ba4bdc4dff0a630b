import type { Database } from '../../db/client';
import { createShipmentRepository } from './shipment-repository';

/** The carrier and tracking number of each of these orders that was dispatched, by order id. */
export async function shipmentsOfOrders(db: Database, orderIds: readonly number[]): Promise<Map<number, { carrier: string; tracking_number: string }>> {
  const rows = await createShipmentRepository(db).shipmentsOf(orderIds);
  return new Map(rows.map((row) => [row.orderId, { carrier: row.carrier, tracking_number: row.trackingNumber }]));
}
