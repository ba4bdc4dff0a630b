/** Paging rules of SPEC §2, §3, §4 and §9: the paginator's pages, page sizes and fetch modes. */

/** SPEC §9: pages shown either side of the current one. */
export const PAGINATOR_NEIGHBOURS = 3;

/** SPEC §9 page sizes. */
export const PAGE_SIZE = {
  listing: 12,
  jobs: 3,
  partRequests: 5,
  orders: 15,
  reviews: 4,
} as const;

export type PaginatorItem = { kind: 'page'; page: number } | { kind: 'gap'; after: number };

export interface PageWindow {
  items: PaginatorItem[];
  /** The current page, clamped to 1…pageCount. */
  current: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/**
 * SPEC §2, §9 paginator: the first and last pages always, 3 pages either side of the current one,
 * a gap wherever pages are left out (`after` names the page before it, a stable React key), and
 * whether previous and next exist. A gap would hide at least two pages: where it would hide only
 * one, that page is shown instead. No pages for a pageCount below 1; the current page is clamped.
 */
export function pageWindow(current: number, pageCount: number): PageWindow {
  const count = Number.isFinite(pageCount) ? Math.max(0, Math.floor(pageCount)) : 0;
  if (count === 0) return { items: [], current: 1, hasPrevious: false, hasNext: false };
  const page = Number.isFinite(current) ? Math.min(count, Math.max(1, Math.floor(current))) : 1;
  let from = Math.max(1, page - PAGINATOR_NEIGHBOURS);
  let to = Math.min(count, page + PAGINATOR_NEIGHBOURS);
  // A gap standing for a single page takes the same room as that page, so show the page.
  if (from === 3) from = 2;
  if (to === count - 2) to = count - 1;
  const pages = [...new Set([1, ...range(from, to), count])];
  const items: PaginatorItem[] = [];
  let previous = 0;
  for (const p of pages) {
    if (p > previous + 1) items.push({ kind: 'gap', after: previous });
    items.push({ kind: 'page', page: p });
    previous = p;
  }
  return { items, current: page, hasPrevious: page > 1, hasNext: page < count };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** SPEC §3 paging data: pages needed for `count` items at `limit` per page, at least 1. */
export function pageCountFor(count: number, limit: number): number {
  if (!(limit > 0) || !(count > 0)) return 1;
  return Math.ceil(count / limit);
}

export type FetchMode = 'APPEND' | 'REPLACE';

/** SPEC §4 fetch modes: page 1 replaces the list, later pages append to it. */
export function fetchMode(page: number): FetchMode {
  return page <= 1 ? 'REPLACE' : 'APPEND';
}

/**
 * SPEC §4: another page loads only while the page is below the page count and no load is running.
 */
export function canLoadMore(state: { page: number; pageCount: number; loading?: boolean }): boolean {
  return !state.loading && state.page < state.pageCount;
}
