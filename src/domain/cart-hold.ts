/**
 * The cart hold (issue 32): a one-off part put in a cart is held for that shopper for a while
 * (CART_HOLD_MINUTES). The cart counts the time left down, tells screen readers only when five
 * minutes are left and when the hold ends, and other shoppers are told when the part may be free.
 * Times are milliseconds; the caller brings the clock.
 */

/** Screen readers hear the countdown once here and once at the end, never each second. */
export const HOLD_ANNOUNCE_BEFORE_MS = 5 * 60_000;

/** What is left of a hold ending at `heldUntil` (epoch ms) at `now`; 0 once it has ended. */
export function holdTimeLeft(heldUntil: number, now: number): number {
  return Math.max(0, heldUntil - now);
}

/** 'm:ss', whole seconds rounded up, so 0:00 is never shown while the part is still held. */
export function countdownText(msLeft: number): string {
  const seconds = Math.ceil(Math.max(0, msLeft) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The line's own words: the countdown while held, then that the hold ended. */
export function holdText(msLeft: number): string {
  return msLeft > 0 ? `Held for you for ${countdownText(msLeft)}` : 'No longer held';
}

export type HoldStage = 'held' | 'ending' | 'ended';

/** The hold's stage: the polite live region changes only when the stage does. */
export function holdStage(msLeft: number): HoldStage {
  if (msLeft <= 0) return 'ended';
  return msLeft <= HOLD_ANNOUNCE_BEFORE_MS ? 'ending' : 'held';
}

/** What the live region says at each stage ('' while plenty is left: nothing is announced). */
export function holdAnnouncement(stage: HoldStage, partName: string): string {
  if (stage === 'ended') return `${partName} is no longer held for you.`;
  if (stage === 'ending') return `Less than 5 minutes left of the hold on ${partName}.`;
  return '';
}

/** Whole minutes, rounded, never below 1: a hold about to end is 'about 1 min' away, not 0. */
export function minutesRoughly(msLeft: number): number {
  return Math.max(1, Math.round(msLeft / 60_000));
}

/** What another shopper sees of a part held in someone's cart, instead of 'sold'. */
export function heldElsewhereText(msLeft: number): string {
  return `In someone's cart — may be free again in about ${minutesRoughly(msLeft)} min`;
}
