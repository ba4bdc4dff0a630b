import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRefund, checkStep, FULFILMENT_STEPS, isPaidStatus, nextSteps, STEP_TARGET } from './order-fulfilment';
import { ORDER_STATUS } from './orders';
import { permissionsOf } from './staff-permissions';

const ALL_STATUSES = Object.values(ORDER_STATUS);

describe('order fulfilment steps', () => {
  it('goes paid → picked → dispatched → delivered, one step at a time', () => {
    expect(checkStep(ORDER_STATUS.PAID, 'pick')).toEqual({ ok: true, to: ORDER_STATUS.PICKED });
    expect(checkStep(ORDER_STATUS.PICKED, 'dispatch')).toEqual({ ok: true, to: ORDER_STATUS.DISPATCHED });
    expect(checkStep(ORDER_STATUS.DISPATCHED, 'deliver')).toEqual({ ok: true, to: ORDER_STATUS.DELIVERED });
    expect(checkStep(ORDER_STATUS.PAID, 'dispatch')).toMatchObject({ ok: false, reason: 'wrong_order', message: 'This order is paid: it must be picked before it can be dispatched.' });
    expect(checkStep(ORDER_STATUS.DELIVERED, 'deliver')).toMatchObject({ ok: false, reason: 'wrong_order' });
  });

  it('refuses to fulfil an unpaid, refunded or cancelled order, and says why', () => {
    expect(checkStep(ORDER_STATUS.NOT_PAID, 'pick')).toMatchObject({ ok: false, reason: 'not_paid', message: 'This order is not paid yet: it cannot be picked.' });
    expect(checkStep(ORDER_STATUS.REFUNDED, 'dispatch')).toMatchObject({ ok: false, reason: 'closed' });
    expect(checkStep(ORDER_STATUS.CANCELLED, 'pick')).toMatchObject({ ok: false, reason: 'closed' });
  });

  it('cancels only an unpaid order; a paid one is refunded instead', () => {
    expect(checkStep(ORDER_STATUS.NOT_PAID, 'cancel')).toEqual({ ok: true, to: ORDER_STATUS.CANCELLED });
    expect(checkStep(ORDER_STATUS.PICKED, 'cancel')).toMatchObject({ ok: false, reason: 'already_paid', message: 'This order is paid: refund it instead of cancelling it.' });
    expect(checkStep(ORDER_STATUS.CANCELLED, 'cancel')).toMatchObject({ ok: false, reason: 'closed' });
  });

  it('from any status, at most one step is open and it leads to its own target', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ALL_STATUSES), (status) => {
        const open = FULFILMENT_STEPS.filter((step) => checkStep(status, step).ok);
        expect(open.length).toBeLessThanOrEqual(1);
        for (const step of open) expect(checkStep(status, step)).toEqual({ ok: true, to: STEP_TARGET[step] });
        // Refunded and cancelled orders are closed: nothing more happens to them.
        if (status === ORDER_STATUS.REFUNDED || status === ORDER_STATUS.CANCELLED || status === ORDER_STATUS.DELIVERED) expect(open).toEqual([]);
      }),
    );
  });

  it('offers each role only the steps it may take', () => {
    expect(nextSteps(ORDER_STATUS.PAID, permissionsOf('warehouse'))).toEqual(['pick']);
    expect(nextSteps(ORDER_STATUS.PAID, permissionsOf('sales'))).toEqual(['pick']);
    expect(nextSteps(ORDER_STATUS.NOT_PAID, permissionsOf('warehouse'))).toEqual([]);
    expect(nextSteps(ORDER_STATUS.NOT_PAID, permissionsOf('sales'))).toEqual(['cancel']);
    expect(nextSteps(ORDER_STATUS.PICKED, permissionsOf('content'))).toEqual([]);
  });
});

describe('refunds', () => {
  it('refunds a paid order in part, then the rest in full', () => {
    expect(checkRefund({ statusId: ORDER_STATUS.DISPATCHED, paid: 10_000, refunded: 0, amount: 2_500 })).toEqual({ ok: true, full: false, remaining: 7_500 });
    expect(checkRefund({ statusId: ORDER_STATUS.DISPATCHED, paid: 10_000, refunded: 2_500, amount: 7_500 })).toEqual({ ok: true, full: true, remaining: 0 });
  });

  it('never refunds more than is left, nothing, or an order not paid', () => {
    expect(checkRefund({ statusId: ORDER_STATUS.PAID, paid: 10_000, refunded: 2_500, amount: 7_501 })).toEqual({ ok: false, field: 'amount', message: 'At most £75.00 can be refunded.' });
    expect(checkRefund({ statusId: ORDER_STATUS.PAID, paid: 10_000, refunded: 0, amount: 0 })).toMatchObject({ ok: false, field: 'amount' });
    expect(checkRefund({ statusId: ORDER_STATUS.NOT_PAID, paid: 0, refunded: 0, amount: 100 })).toMatchObject({ ok: false, field: null });
    expect(checkRefund({ statusId: ORDER_STATUS.REFUNDED, paid: 100, refunded: 100, amount: 1 })).toMatchObject({ ok: false, field: null });
  });

  it('whatever the refunds asked, the refunded total never passes what was paid and the last accepted one is full', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.array(fc.integer({ min: -10, max: 1_200_000 }), { maxLength: 20 }), (paid, asks) => {
        let refunded = 0;
        let status: number = ORDER_STATUS.PAID;
        for (const amount of asks) {
          const check = checkRefund({ statusId: status, paid, refunded, amount });
          if (!check.ok) continue;
          refunded += amount;
          expect(check.remaining).toBe(paid - refunded);
          if (check.full) status = ORDER_STATUS.REFUNDED;
        }
        expect(refunded).toBeLessThanOrEqual(paid);
        expect(status === ORDER_STATUS.REFUNDED).toBe(refunded === paid);
        expect(isPaidStatus(status)).toBe(refunded < paid);
      }),
    );
  });
});
