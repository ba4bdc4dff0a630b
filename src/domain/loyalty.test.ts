import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DiscountThreshold } from './cart-totals';
import { memberProgress } from './loyalty';

/** The shop's levels (server/seed/data/checkout.json): Bronze 0, Silver £500, Gold £2,000, Platinum £5,000. */
const LEVELS: DiscountThreshold[] = [
  { id: 1, discount: 0, amount_from: 0, amount_to: 50_000 },
  { id: 2, discount: 2.5, amount_from: 50_000, amount_to: 200_000 },
  { id: 3, discount: 5, amount_from: 200_000, amount_to: 500_000 },
  { id: 4, discount: 7.5, amount_from: 500_000, amount_to: null },
];

describe('SPEC §3 member progress', () => {
  it('starts a new member at the first level with the whole way to the next to go', () => {
    expect(memberProgress(LEVELS, 0)).toEqual({ currentThresholdId: 1, nextThresholdId: 2, remaining: 50_000, percent: 0, turnover: 0 });
  });

  it('measures the way from the current level to the next', () => {
    // £1,250 of the £1,500 from Silver to Gold: halfway.
    expect(memberProgress(LEVELS, 125_000)).toEqual({ currentThresholdId: 2, nextThresholdId: 3, remaining: 75_000, percent: 50, turnover: 125_000 });
  });

  it('reaches a level exactly at its start, and rounds the bar down just before it', () => {
    expect(memberProgress(LEVELS, 200_000)).toMatchObject({ currentThresholdId: 3, nextThresholdId: 4, remaining: 300_000, percent: 0 });
    expect(memberProgress(LEVELS, 199_999)).toMatchObject({ currentThresholdId: 2, nextThresholdId: 3, remaining: 1, percent: 99 });
  });

  it('is full with nothing remaining at the top level', () => {
    expect(memberProgress(LEVELS, 500_000)).toEqual({ currentThresholdId: 4, nextThresholdId: null, remaining: 0, percent: 100, turnover: 500_000 });
    expect(memberProgress(LEVELS, 9_000_000)).toMatchObject({ currentThresholdId: 4, percent: 100, remaining: 0 });
  });

  it('has no current level below the first, and counts from nothing towards it', () => {
    const fromTen = LEVELS.slice(1);
    expect(memberProgress(fromTen, 10_000)).toEqual({ currentThresholdId: null, nextThresholdId: 2, remaining: 40_000, percent: 20, turnover: 10_000 });
  });

  it('reads levels in any order, and never counts a negative turnover', () => {
    expect(memberProgress([...LEVELS].reverse(), 125_000)).toMatchObject({ currentThresholdId: 2, nextThresholdId: 3, percent: 50 });
    expect(memberProgress(LEVELS, -500)).toMatchObject({ currentThresholdId: 1, turnover: 0, remaining: 50_000, percent: 0 });
  });

  it('has no levels at all: nothing to reach', () => {
    expect(memberProgress([], 12_345)).toEqual({ currentThresholdId: null, nextThresholdId: null, remaining: 0, percent: 100, turnover: 12_345 });
  });

  it('always adds up: turnover plus remaining is the next level, the bar stays within 0 to 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000 }), (turnover) => {
        const progress = memberProgress(LEVELS, turnover);
        expect(progress.percent).toBeGreaterThanOrEqual(0);
        expect(progress.percent).toBeLessThanOrEqual(100);
        const next = LEVELS.find((level) => level.id === progress.nextThresholdId);
        if (next) {
          expect(turnover + progress.remaining).toBe(next.amount_from);
          expect(progress.remaining).toBeGreaterThan(0);
          expect(progress.percent).toBeLessThan(100);
        } else expect(progress.remaining).toBe(0);
      }),
    );
  });
});
