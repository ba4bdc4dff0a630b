/**
 * The generated catalogue is dated from a fixed day, not from the clock, so the same seed gives the
 * same rows whenever it runs. Stock was listed over the 18 months before it.
 */
import type { Rng } from '../data/rng';

export const CATALOGUE_DATE = new Date('2026-11-01T09:00:00Z');

const DAY_MS = 86_400_000;
export const LISTING_PERIOD_DAYS = 548;

export function daysBefore(date: Date, days: number): Date {
  return new Date(date.getTime() - days * DAY_MS);
}

export function daysAfter(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

export function daysBetween(from: Date, to: Date): number {
  return (to.getTime() - from.getTime()) / DAY_MS;
}

/** A moment in the listing period, to the second. */
export function listedAt(rng: Rng): Date {
  return new Date(CATALOGUE_DATE.getTime() - Math.floor(rng() * LISTING_PERIOD_DAYS * 86_400) * 1000);
}

/** A moment between two dates (to the second). */
export function between(rng: Rng, from: Date, to: Date): Date {
  const span = Math.max(0, to.getTime() - from.getTime());
  return new Date(from.getTime() + Math.floor((rng() * span) / 1000) * 1000);
}
