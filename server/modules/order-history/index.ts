// The order-history module as other modules see it: its routes (the account's order list and
// invoices) and issuing an order's VAT invoice.
import type { Database } from '../../db/client';
import { issueOrderInvoice, type ShopIdentity } from './invoices';

/**
 * Issues the VAT invoice of a paid order, or answers the one it already has (idempotent).
 *
 * Four arguments: `issueInvoice(db, orderId, at, shop)`, where `shop` is `config.shop` (the
 * seller's name, address, VAT and company number printed on the invoice, fixed at issue).
 *
 * Call it after the order's paid_at is set, inside the payment's transaction (`db` is then the
 * transaction handle): numbering takes a transaction-level advisory lock, held until that
 * transaction ends, and reads max(sequence) + 1, so numbers are gapless (a rolled-back payment
 * takes its number back) and sequential in the order invoices are issued. The time of supply is
 * the order's paid_at; `at` is the date of issue. An order with paid_at null is refused with a
 * conflict ('invoice.not_generated'); an unknown order id with not-found.
 */
export async function issueInvoice(db: Database, orderId: number, at: Date, shop: ShopIdentity): Promise<{ number: string }> {
  const { number } = await issueOrderInvoice(db, orderId, at, shop);
  return { number };
}

export type { ShopIdentity } from './invoices';
export { orderHistoryRoutes } from './routes';
