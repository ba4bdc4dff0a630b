// The back office's sales data in one handle: what it reads (repository.ts) and what it changes,
// through the modules that own those tables: an order's status, history and shipment (orders),
// refunds and a payment's refunded amount (payments), a return's status and steps (returns), a
// part request's status (part-requests). Every part runs on the handle given, so a change and its
// audit entry, mail and push commit together.
import type { Database } from '../../../db/client';
import { createOrderSalesService } from '../../orders/index';
import { createPartRequestStatusService } from '../../part-requests/index';
import { createRefundService } from '../../payments/index';
import { createReturnStatusService } from '../../returns/index';
import { createSalesRepository } from './repository';

export function createSalesAccess(db: Database) {
  return {
    ...createSalesRepository(db),
    ...createOrderSalesService(db),
    ...createRefundService(db),
    ...createReturnStatusService(db),
    ...createPartRequestStatusService(db),
  };
}

export type SalesAccess = ReturnType<typeof createSalesAccess>;
