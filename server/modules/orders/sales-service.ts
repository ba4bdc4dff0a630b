// What the back office's sales work changes on an order (its status, the status history, the
// shipment), for the back-office-sales module through orders/index.ts: the SQL stays in
// sales-repository.ts.
import type { Database } from '../../db/client';
import { createOrderSalesRepository } from './sales-repository';

/** Set an order's status, record a status change, record its dispatch and its delivery; on `db`, a transaction's handle or the database. */
export function createOrderSalesService(db: Database) {
  const repository = createOrderSalesRepository(db);
  return { setOrderStatus: repository.setOrderStatus, recordStatusChange: repository.recordStatusChange, insertShipment: repository.insertShipment, markShipmentDelivered: repository.markShipmentDelivered };
}

export type OrderSalesService = ReturnType<typeof createOrderSalesService>;
