// The orders module as other modules see it: its routes, the timer that releases held parts, and
// what paying does to an order (payments module, issue 14), and a dispatched order's carrier and
// tracking number, which the customer's own order list shows.
export { orderHoldRelease } from './hold-release';
export { holdOrderPartsForPayment, type PartsCheck } from './payment-hold';
export { createOrderPaymentAccess, type OrderPaymentAccess, type OrderRow } from './payment-access';
export { orderRoutes } from './routes';
export { releaseExpiredHolds } from './service';
export { shipmentsOfOrders } from './shipments';

import type { Database } from '../../db/client';
import { releaseHolds } from './holds';
import { createOrderRepository } from './repository';

/**
 * An unpaid order called off by staff: its reserved parts back on sale, its discount-code use
 * freed and its hold stamped released, on `tx` (the cancel's transaction). Answers the Tags.
 */
export function releaseOrderParts(tx: Database, orderId: number, at: Date): Promise<string[]> {
  return releaseHolds(tx, [orderId], at);
}
export { createOrderSalesService, type OrderSalesService } from './sales-service';

/** A step of a member's account deletion (members' erasure steps, given by the app): its orders stay with their e-mail and address snapshots anonymised; on `tx`, the deletion's transaction. */
export function eraseMemberOrders(tx: Database, member: { memberId: number; anonymisedEmail: string; anonymisedName: string }): Promise<void> {
  return createOrderRepository(tx).eraseMember(member);
}
export { createReplacementOrder, type ReplacementRequest } from './replacement';
