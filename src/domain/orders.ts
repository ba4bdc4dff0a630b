/** Order and return status rules of SPEC §2, §4 and §9. */
import type { MessageKey } from './messages';
import { t } from './messages';
import './messages-more';

/**
 * SPEC §4, §9: order statuses. NOT_PAID (1) is the spec's; PAID and REFUNDED are the payment
 * states (an order becomes PAID once, on its one payment; REFUNDED when it is refunded in full).
 * PICKED, DISPATCHED and DELIVERED are the shop's fulfilment of a paid order; CANCELLED an unpaid
 * order staff called off (src/domain/order-fulfilment.ts has the moves between them).
 */
export const ORDER_STATUS = { NOT_PAID: 1, PAID: 2, REFUNDED: 3, PICKED: 4, DISPATCHED: 5, DELIVERED: 6, CANCELLED: 7 } as const;

/** SPEC §3 order_status {name, color_rgba}: the badge of each order status (amber, green, purple). */
export function orderStatusDisplay(statusId: number): { name: string; color_rgba: string } {
  switch (statusId) {
    case ORDER_STATUS.NOT_PAID:
      return { name: t('orders.status_not_paid'), color_rgba: 'rgba(255, 193, 7, 1)' };
    case ORDER_STATUS.PAID:
      return { name: t('orders.status_paid'), color_rgba: 'rgba(25, 135, 84, 1)' };
    case ORDER_STATUS.REFUNDED:
      return { name: t('orders.status_refunded'), color_rgba: 'rgba(111, 66, 193, 1)' };
    case ORDER_STATUS.PICKED:
      return { name: t('orders.status_picked'), color_rgba: 'rgba(13, 110, 253, 1)' };
    case ORDER_STATUS.DISPATCHED:
      return { name: t('orders.status_dispatched'), color_rgba: 'rgba(32, 201, 151, 1)' };
    case ORDER_STATUS.DELIVERED:
      return { name: t('orders.status_delivered'), color_rgba: 'rgba(25, 135, 84, 1)' };
    case ORDER_STATUS.CANCELLED:
      return { name: t('orders.status_cancelled'), color_rgba: 'rgba(108, 117, 125, 1)' };
    default:
      return { name: String(statusId), color_rgba: 'rgba(108, 117, 125, 1)' };
  }
}

/** SPEC §4: the pay-now button shows only for an order that is NOT_PAID. */
export function showsPayNow(statusId: number | null | undefined): boolean {
  return statusId === ORDER_STATUS.NOT_PAID;
}

/** SPEC §2 order card: 'Pay now' when the order can be paid again, else 'View Invoice'. */
export function orderActionKey(order: { pay_again?: boolean | number | null; order_status_id?: number | null }): MessageKey | null {
  if (order.pay_again) return 'orders.pay_now';
  // A cancelled order was never paid: it has no invoice to view.
  return order.order_status_id === ORDER_STATUS.CANCELLED ? null : 'orders.view_invoice';
}

/** SPEC §4 return statuses, spelt as the API spells them (APROVED included). */
export const RETURN_STATUSES = [
  'AWAITING_REVIEW',
  'APROVED',
  'IN_TRANSIT',
  'DELIVERED',
  'REFUNDED',
  'REJECTED',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/**
 * SPEC §4: the fixed badge colour of each return status: amber waiting on us, blue approved, teal
 * on its way, purple with us for inspection, green refunded, red rejected.
 */
export const RETURN_STATUS_COLOURS: Readonly<Record<ReturnStatus, string>> = {
  AWAITING_REVIEW: 'rgba(255, 193, 7, 1)',
  APROVED: 'rgba(13, 110, 253, 1)',
  IN_TRANSIT: 'rgba(32, 201, 151, 1)',
  DELIVERED: 'rgba(111, 66, 193, 1)',
  REFUNDED: 'rgba(25, 135, 84, 1)',
  REJECTED: 'rgba(220, 53, 69, 1)',
};

export interface ReturnStatusDisplay {
  status: ReturnStatus;
  label: string;
  colour: string;
}

/** SPEC §4: whether a string from the API is one of the return statuses. */
export function isReturnStatus(value: string): value is ReturnStatus {
  return (RETURN_STATUSES as readonly string[]).includes(value);
}

/**
 * SPEC §4: the label and fixed colour of a return status: AWAITING_REVIEW 'Awaiting Review',
 * APROVED 'Approved & Awaiting Shipment', IN_TRANSIT 'In Transit', DELIVERED 'Delivered & Awaiting
 * Inspection', REFUNDED 'Refunded', REJECTED 'Return Rejected'. Case and spaces in the input are
 * forgiven; an unknown status gives null, so the caller shows the 'Request Return' button instead.
 */
export function returnStatus(value: string | null | undefined): ReturnStatusDisplay | null {
  const status = (value ?? '').trim().toUpperCase().replace(/[\s-]+/g, '_');
  if (!isReturnStatus(status)) return null;
  return { status, label: t(`return_status.${status}`), colour: RETURN_STATUS_COLOURS[status] };
}

/** An order line as the return rule reads it: its price (pence) and how much of it was refunded already. */
export interface ReturnableLine {
  gross_value: number;
  /** Refunded against this line: by its refunded returns and its claims settled by a refund. */
  refunded: number;
}

/**
 * Whether a line's whole price has been refunded already (by a warranty claim, a return or
 * otherwise): such a line is not returned for its money again. A line sold at no cost (a claim's
 * replacement) is never 'refunded in full'.
 */
export function isRefundedInFull(line: ReturnableLine): boolean {
  return line.gross_value > 0 && line.refunded >= line.gross_value;
}

/**
 * SPEC §2 'Request Return': offered on a line of a paid order (not one to pay again) that has no
 * return yet and whose price has not been refunded in full. The server refuses the rest (409 for
 * the order, 422 naming a line refunded in full).
 */
export function offersReturn(order: { pay_again: boolean }, line: ReturnableLine & { has_return: boolean }): boolean {
  return !order.pay_again && !line.has_return && !isRefundedInFull(line);
}
