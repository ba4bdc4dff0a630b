/**
 * Weighted choice over a fixed list, drawn a million times while seeding: the cumulative weights
 * are built once and each draw is a binary search (rng.ts's weightedPick walks the whole list).
 */
import type { Rng } from '../data/rng';

export interface WeightedList<T> {
  readonly items: readonly T[];
  pick(rng: Rng): T;
}

export function weightedList<T>(entries: readonly (readonly [item: T, weight: number])[]): WeightedList<T> {
  const items: T[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (const [item, weight] of entries) {
    if (weight <= 0) continue;
    total += weight;
    items.push(item);
    cumulative.push(total);
  }
  if (items.length === 0) throw new Error('weightedList: no positive weights');
  return {
    items,
    pick(rng) {
      const target = rng() * total;
      let low = 0;
      let high = cumulative.length - 1;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((cumulative[middle] as number) > target) high = middle;
        else low = middle + 1;
      }
      return items[low] as T;
    },
  };
}
