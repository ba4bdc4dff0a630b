// The payments module as other modules and the app see it: its routes (the payment calls, the
// sandbox's browser calls and the providers' webhooks) and the gateways they are given.
import type { Database } from '../../db/client';
import { createPaymentRepository } from './repository';
export { paymentRoutes, type PaymentRoutesOptions } from './routes';
export { settlePayment, type SettleOutcome } from './settlement';
export { createRefundService, type RefundService } from './refund-service';

/** A step of a member's account deletion (members' erasure steps, given by the app): its saved cards and card-provider customers go; on `tx`, the deletion's transaction. */
export function eraseMemberPayments(tx: Database, { memberId }: { memberId: number }): Promise<void> {
  return createPaymentRepository(tx).eraseMember(memberId);
}
