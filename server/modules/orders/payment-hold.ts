/**
 * Before any charge, an unpaid order's parts are checked again (issue 14: no charge is ever
 * captured for an order without its parts). While the order's hold stands, its reserved parts are
 * its own (only create-order reserves, and only the release timer frees them); once the hold was
 * released, a reserved part belongs to another order. Parts still available are reserved again;
 * if any part went, nothing is reserved (the caller's transaction rolls back) and the parts that
 * went are named. Otherwise the hold starts again, so the timer does not free the parts mid-payment.
 */
import type { Database } from '../../db/client';
import { createOrderPaymentAccess, type OrderRow } from './payment-access';

export interface PartsCheck {
  /** The parts that went (sold, or held by another order): the payment must be refused. */
  gone: { tag: string; name: string }[];
}

export async function holdOrderPartsForPayment(tx: Database, order: OrderRow, now: Date, holdMinutes: number): Promise<PartsCheck> {
  const access = createOrderPaymentAccess(tx);
  const parts = await access.partsOf(order.id);
  const released = order.holdReleasedAt !== null;
  const ours = (status: string | null) => status === 'reserved' && !released;
  const toReserve = parts.filter((part) => !ours(part.status) && part.status === 'available').map((part) => part.tag);
  const reserved = new Set(await access.reserveAvailable(toReserve, now));
  const gone = parts.filter((part) => !ours(part.status) && !reserved.has(part.tag)).map(({ tag, name }) => ({ tag, name }));
  if (gone.length === 0) await access.extendHold(order.id, new Date(now.getTime() + holdMinutes * 60_000));
  return { gone };
}
