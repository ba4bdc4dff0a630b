/**
 * The offline design's rule for the parts a visitor viewed (issue 16, "What works offline"): the
 * phone keeps the newest 100 part pages and at most 50 MB of them (data and pictures together),
 * and the oldest viewed go first. Pure, so the page's store and its tests share it.
 */

/** How many viewed parts are kept at most. */
export const VIEWED_PARTS_MAX = 100;

/** How many bytes the kept parts may take together, their data and their pictures. */
export const VIEWED_PARTS_MAX_BYTES = 50 * 1024 * 1024;

export interface ViewedSize {
  /** When the person last opened the part page (epoch ms): the newest are kept. */
  viewedAt: number;
  /** The part's data and its cached pictures, in bytes. */
  bytes: number;
}

export interface ViewedLimits {
  maxParts: number;
  maxBytes: number;
}

export const VIEWED_LIMITS: ViewedLimits = { maxParts: VIEWED_PARTS_MAX, maxBytes: VIEWED_PARTS_MAX_BYTES };

/**
 * Which viewed parts stay and which go: newest first, the parts are kept while both the count and
 * the bytes stay within the limits; from the first that would pass either, that part and every
 * older one is evicted (oldest evicted first, so nothing older survives something newer). A part
 * larger than the whole byte budget is never kept. Ties in viewedAt keep the given order.
 */
export function keepNewestViewed<T extends ViewedSize>(entries: readonly T[], limits: ViewedLimits = VIEWED_LIMITS): { keep: T[]; evict: T[] } {
  const newestFirst = entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.viewedAt - a.entry.viewedAt || a.index - b.index)
    .map(({ entry }) => entry);
  let bytes = 0;
  let kept = 0;
  for (const entry of newestFirst) {
    const size = Math.max(0, entry.bytes);
    if (kept + 1 > limits.maxParts || bytes + size > limits.maxBytes) break;
    bytes += size;
    kept += 1;
  }
  return { keep: newestFirst.slice(0, kept), evict: newestFirst.slice(kept) };
}

/**
 * When the browser refuses space (QuotaExceededError) while a part is being kept: the part viewed
 * longest ago goes first, with its pictures, never the one being kept (`keeping`); undefined when
 * no other is left. Only viewed parts are ever evicted this way: the queued writes (the outbox,
 * the cart's queue) live elsewhere and are never given up for room.
 */
export function evictForRoom<T extends ViewedSize & { tag: string }>(entries: readonly T[], keeping: string): T | undefined {
  return entries.filter((entry) => entry.tag !== keeping).reduce<T | undefined>((oldest, entry) => (!oldest || entry.viewedAt < oldest.viewedAt ? entry : oldest), undefined);
}

/** Whether an error is the browser refusing storage space. */
export function isQuotaExceeded(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'QuotaExceededError';
}
