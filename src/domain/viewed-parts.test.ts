import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evictForRoom, isQuotaExceeded, keepNewestViewed, VIEWED_LIMITS, VIEWED_PARTS_MAX, VIEWED_PARTS_MAX_BYTES } from './viewed-parts';

const MB = 1024 * 1024;
const part = (tag: string, viewedAt: number, bytes: number) => ({ tag, viewedAt, bytes });

describe('issue 16: the viewed parts kept offline (newest 100, 50 MB)', () => {
  it('has the issue’s limits', () => {
    expect(VIEWED_PARTS_MAX).toBe(100);
    expect(VIEWED_PARTS_MAX_BYTES).toBe(50 * MB);
    expect(VIEWED_LIMITS).toEqual({ maxParts: 100, maxBytes: 50 * MB });
  });

  it('keeps everything within both limits, newest first', () => {
    const { keep, evict } = keepNewestViewed([part('A', 1, MB), part('B', 3, MB), part('C', 2, MB)]);
    expect(keep.map((entry) => entry.tag)).toEqual(['B', 'C', 'A']);
    expect(evict).toEqual([]);
  });

  it('evicts the 101st part, the one viewed longest ago', () => {
    const entries = Array.from({ length: 101 }, (_, index) => part(`P${index}`, 1000 + index, 10_000));
    const { keep, evict } = keepNewestViewed(entries);
    expect(keep).toHaveLength(100);
    expect(evict.map((entry) => entry.tag)).toEqual(['P0']);
  });

  it('evicts the oldest parts until the rest fit in 50 MB, however few that leaves', () => {
    // 6 parts of 9 MB: 54 MB; the oldest goes and 45 MB stay.
    const entries = Array.from({ length: 6 }, (_, index) => part(`P${index}`, index, 9 * MB));
    const { keep, evict } = keepNewestViewed(entries);
    expect(keep.map((entry) => entry.tag)).toEqual(['P5', 'P4', 'P3', 'P2', 'P1']);
    expect(evict.map((entry) => entry.tag)).toEqual(['P0']);
  });

  it('exactly 50 MB fits; one byte more does not', () => {
    expect(keepNewestViewed([part('A', 2, 25 * MB), part('B', 1, 25 * MB)]).evict).toEqual([]);
    expect(keepNewestViewed([part('A', 2, 25 * MB), part('B', 1, 25 * MB + 1)]).evict.map((entry) => entry.tag)).toEqual(['B']);
  });

  it('never keeps an older part once a newer one had to go, even a small one that would fit', () => {
    const { keep, evict } = keepNewestViewed([part('new', 3, 30 * MB), part('big', 2, 30 * MB), part('small', 1, 1)]);
    expect(keep.map((entry) => entry.tag)).toEqual(['new']);
    expect(evict.map((entry) => entry.tag)).toEqual(['big', 'small']);
  });

  it('keeps no part larger than the whole budget', () => {
    expect(keepNewestViewed([part('huge', 1, 51 * MB)]).keep).toEqual([]);
  });

  it('for any history: within both limits, every kept part newer than every evicted one, and nothing more could stay', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ tag: fc.string(), viewedAt: fc.integer({ min: 0, max: 1e6 }), bytes: fc.integer({ min: 0, max: 3 * MB }) }), { maxLength: 250 }),
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 60 * MB }),
        (entries, maxParts, maxBytes) => {
          const { keep, evict } = keepNewestViewed(entries, { maxParts, maxBytes });
          expect(keep.length + evict.length).toBe(entries.length);
          expect(keep.length).toBeLessThanOrEqual(maxParts);
          expect(keep.reduce((sum, entry) => sum + entry.bytes, 0)).toBeLessThanOrEqual(maxBytes);
          const oldestKept = Math.min(...keep.map((entry) => entry.viewedAt));
          for (const gone of evict) expect(gone.viewedAt).toBeLessThanOrEqual(oldestKept);
          const next = evict[0];
          if (next) {
            const bytes = keep.reduce((sum, entry) => sum + entry.bytes, 0);
            expect(keep.length + 1 > maxParts || bytes + next.bytes > maxBytes).toBe(true);
          }
        },
      ),
    );
  });
});

describe('issue 28: room made when the browser refuses space', () => {
  it('gives up the part viewed longest ago, never the one being kept', () => {
    const entries = [part('B', 20, 10), part('A', 10, 10), part('C', 30, 10)];
    expect(evictForRoom(entries, 'C')?.tag).toBe('A');
    expect(evictForRoom(entries, 'A')?.tag).toBe('B');
  });

  it('has nothing to give up when only the part being kept is there', () => {
    expect(evictForRoom([part('A', 10, 10)], 'A')).toBeUndefined();
    expect(evictForRoom([], 'A')).toBeUndefined();
  });

  it('knows the browser’s refusal from other failures', () => {
    expect(isQuotaExceeded(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaExceeded(new DOMException('gone', 'NotFoundError'))).toBe(false);
    expect(isQuotaExceeded(new Error('QuotaExceededError'))).toBe(false);
    expect(isQuotaExceeded(undefined)).toBe(false);
  });
});
