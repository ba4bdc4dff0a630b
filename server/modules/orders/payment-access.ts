// What paying does to an order and its parts (issue 14), for the payments module through
// orders/index.ts (the SQL: payment-repository.ts).
import type { Database } from '../../db/client';
import { createOrderPaymentRepository } from './payment-repository';

export type { OrderRow } from './repository';

/** Find and lock the order, hold its parts again before a charge, mark it paid (parts sold) or refunded; on `db`. */
export function createOrderPaymentAccess(db: Database) {
  const repository = createOrderPaymentRepository(db);
  return { findByHash: repository.findByHash, reserveAvailable: repository.reserveAvailable, findById: repository.findById, lock: repository.lock, partsOf: repository.partsOf, extendHold: repository.extendHold, markPaid: repository.markPaid, markRefunded: repository.markRefunded };
}

export type OrderPaymentAccess = ReturnType<typeof createOrderPaymentAccess>;
