import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RETURN_STATUSES } from './orders';
import { checkPartRequestStep, checkReturnStep, nextPartRequestSteps, nextReturnSteps, RETURN_STEP_NAMES } from './return-steps';

describe('return steps', () => {
  it('goes AWAITING_REVIEW → APROVED → IN_TRANSIT → DELIVERED → REFUNDED', () => {
    expect(checkReturnStep('AWAITING_REVIEW', 'approve')).toEqual({ ok: true, to: 'APROVED' });
    expect(checkReturnStep('APROVED', 'in_transit')).toEqual({ ok: true, to: 'IN_TRANSIT' });
    expect(checkReturnStep('IN_TRANSIT', 'delivered')).toEqual({ ok: true, to: 'DELIVERED' });
    expect(checkReturnStep('DELIVERED', 'refund')).toEqual({ ok: true, to: 'REFUNDED' });
  });

  it('rejects on review or after inspection, and says why it refuses the rest', () => {
    expect(nextReturnSteps('AWAITING_REVIEW')).toEqual(['approve', 'reject']);
    expect(nextReturnSteps('DELIVERED')).toEqual(['reject', 'refund']);
    expect(checkReturnStep('APROVED', 'refund')).toEqual({ ok: false, message: 'This return is approved: it must be delivered before it can be refunded.' });
    expect(checkReturnStep('REJECTED', 'approve')).toEqual({ ok: false, message: 'This return is rejected: it is closed.' });
  });

  it('never leaves REFUNDED or REJECTED, and every allowed step moves the return on', () => {
    fc.assert(
      fc.property(fc.constantFrom(...RETURN_STATUSES), fc.constantFrom(...RETURN_STEP_NAMES), (status, step) => {
        const check = checkReturnStep(status, step);
        if (status === 'REFUNDED' || status === 'REJECTED') expect(check.ok).toBe(false);
        if (check.ok) expect(check.to).not.toBe(status);
      }),
    );
  });
});

describe('part request steps', () => {
  it('new → searching → found or not found, then closed', () => {
    expect(nextPartRequestSteps('new')).toEqual(['searching', 'found', 'not_found']);
    expect(nextPartRequestSteps('searching')).toEqual(['found', 'not_found']);
    expect(nextPartRequestSteps('found')).toEqual([]);
    expect(checkPartRequestStep('not_found', 'found')).toMatchObject({ ok: false });
    expect(checkPartRequestStep('searching', 'searching')).toEqual({ ok: false, message: 'This request is being searched for already.' });
  });
});
