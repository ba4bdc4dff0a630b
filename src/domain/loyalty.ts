/**
 * SPEC §3 'Member progress' and §2 'Loyalty discounts page': where a member's turnover (what their
 * paid orders came to, pence) stands among the loyalty levels. The level itself is the cart's rule
 * (cart-totals.ts thresholdForTurnover), so the page and the cart's discount never disagree.
 */
import { type DiscountThreshold, thresholdForTurnover } from './cart-totals';

export interface LoyaltyProgress {
  /** The level the turnover reaches; null below the first. */
  currentThresholdId: number | null;
  /** The level after the turnover; null once the top level is reached. */
  nextThresholdId: number | null;
  /** Pence still to spend to reach the next level; 0 at the top. */
  remaining: number;
  /**
   * How far the turnover has come from where the current stretch starts (the highest level start
   * at or below it, else 0) to the next level's start: 0 to 100, rounded down so the bar never
   * shows a level as reached before it is; 100 at the top.
   */
  percent: number;
  /** The turnover as counted (never below 0). */
  turnover: number;
}

export function memberProgress(thresholds: readonly DiscountThreshold[], turnover: number): LoyaltyProgress {
  const spent = Number.isFinite(turnover) ? Math.max(0, Math.floor(turnover)) : 0;
  const current = thresholdForTurnover(thresholds, spent);
  const byStart = [...thresholds].sort((a, b) => a.amount_from - b.amount_from);
  const next = byStart.find((threshold) => threshold.amount_from > spent) ?? null;
  const start = byStart.filter((threshold) => threshold.amount_from <= spent).at(-1)?.amount_from ?? 0;
  const percent = next === null ? 100 : Math.min(100, Math.max(0, Math.floor(((spent - start) * 100) / (next.amount_from - start))));
  return {
    currentThresholdId: current?.id ?? null,
    nextThresholdId: next?.id ?? null,
    remaining: next === null ? 0 : next.amount_from - spent,
    percent,
    turnover: spent,
  };
}
