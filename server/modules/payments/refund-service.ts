// Refunds and a payment's refunded amount, for the back-office-sales module through
// payments/index.ts: the SQL stays in refund-repository.ts.
import type { Database } from '../../db/client';
import { createRefundRepository } from './refund-repository';

/** Record a refund asked for, made, released or dropped, claim overdue ones, and set a payment's refunded amount; on `db`. */
export function createRefundService(db: Database) {
  const repository = createRefundRepository(db);
  return { setPaymentRefunded: repository.setPaymentRefunded, insertRefund: repository.insertRefund, completeRefund: repository.completeRefund, claimOverdueRefunds: repository.claimOverdueRefunds, releaseRefund: repository.releaseRefund, dropPendingRefund: repository.dropPendingRefund };
}

export type RefundService = ReturnType<typeof createRefundService>;
