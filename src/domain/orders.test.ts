import { describe, expect, it } from 'vitest';
import { ORDER_STATUS, RETURN_STATUSES, RETURN_STATUS_COLOURS, isRefundedInFull, offersReturn, orderActionKey, returnStatus, showsPayNow } from './orders';

describe('SPEC §4 order status NOT_PAID = 1: pay now only for NOT_PAID', () => {
  it('shows pay now only for status 1', () => {
    expect(ORDER_STATUS.NOT_PAID).toBe(1);
    expect(showsPayNow(1)).toBe(true);
    expect(showsPayNow(2)).toBe(false);
    expect(showsPayNow(null)).toBe(false);
  });

  it("SPEC §2 order card link: 'Pay now' if pay_again, else 'View Invoice'", () => {
    expect(orderActionKey({ pay_again: true })).toBe('orders.pay_now');
    expect(orderActionKey({ pay_again: 0 })).toBe('orders.view_invoice');
    expect(orderActionKey({ pay_again: false, order_status_id: ORDER_STATUS.DISPATCHED })).toBe('orders.view_invoice');
    // Cancelled unpaid: neither paying nor an invoice.
    expect(orderActionKey({ pay_again: false, order_status_id: ORDER_STATUS.CANCELLED })).toBeNull();
  });
});

describe('SPEC §4 return statuses with their labels and fixed colours', () => {
  it.each([
    ['AWAITING_REVIEW', 'Awaiting Review'],
    ['APROVED', 'Approved & Awaiting Shipment'],
    ['IN_TRANSIT', 'In Transit'],
    ['DELIVERED', 'Delivered & Awaiting Inspection'],
    ['REFUNDED', 'Refunded'],
    ['REJECTED', 'Return Rejected'],
  ] as const)('%s is shown as %s', (status, label) => {
    expect(returnStatus(status)).toEqual({ status, label, colour: RETURN_STATUS_COLOURS[status] });
  });

  it('gives every status its own rgba colour', () => {
    const colours = RETURN_STATUSES.map((status) => RETURN_STATUS_COLOURS[status]);
    for (const colour of colours) expect(colour).toMatch(/^rgba\(\d{1,3}, \d{1,3}, \d{1,3}, (0|1|0?\.\d+)\)$/);
    expect(new Set(colours).size).toBe(colours.length);
  });

  it('forgives case and spaces, and gives null for an unknown status', () => {
    expect(returnStatus(' in transit ')?.status).toBe('IN_TRANSIT');
    expect(returnStatus('APPROVED')).toBeNull();
    expect(returnStatus(undefined)).toBeNull();
  });
});

describe("SPEC §2 'Request Return': not on a line whose whole price was refunded already", () => {
  const line = (refunded: number, has_return = false) => ({ gross_value: 7999, refunded, has_return });

  it('counts a line refunded in full once its refunds reach its price', () => {
    expect(isRefundedInFull(line(7999))).toBe(true);
    expect(isRefundedInFull(line(8000))).toBe(true);
    expect(isRefundedInFull(line(7998))).toBe(false);
    expect(isRefundedInFull(line(0))).toBe(false);
    // A replacement sent at no cost was never paid for: nothing to refund, so not 'refunded in full'.
    expect(isRefundedInFull({ gross_value: 0, refunded: 0 })).toBe(false);
  });

  it('offers a return on a paid line without a return and not refunded in full', () => {
    expect(offersReturn({ pay_again: false }, line(0))).toBe(true);
    expect(offersReturn({ pay_again: false }, line(5000))).toBe(true);
    expect(offersReturn({ pay_again: false }, line(7999))).toBe(false);
    expect(offersReturn({ pay_again: false }, line(0, true))).toBe(false);
    expect(offersReturn({ pay_again: true }, line(0))).toBe(false);
  });
});
