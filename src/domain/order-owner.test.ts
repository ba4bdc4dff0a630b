import { describe, expect, it } from 'vitest';
import { ownsOrder } from './order-owner';

describe('whose an order is', () => {
  it('is the session that placed it, or its member once signed in, and nobody else', () => {
    expect(ownsOrder({ sessionId: 's1', memberId: null }, { sessionId: 's1', memberId: null })).toBe(true);
    expect(ownsOrder({ sessionId: 's1', memberId: 7 }, { sessionId: 's2', memberId: 7 })).toBe(true);
    expect(ownsOrder({ sessionId: 's1', memberId: 7 }, { sessionId: 's2', memberId: 8 })).toBe(false);
    expect(ownsOrder({ sessionId: 's1', memberId: null }, { sessionId: 's2', memberId: null })).toBe(false);
    // A guest's order is not every signed-out visitor's: no member matches no member.
    expect(ownsOrder({ sessionId: null, memberId: null }, { sessionId: 's2', memberId: null })).toBe(false);
  });
});
