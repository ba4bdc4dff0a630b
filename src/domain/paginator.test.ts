import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { PaginatorItem } from './paginator';
import { PAGE_SIZE, PAGINATOR_NEIGHBOURS, canLoadMore, fetchMode, pageCountFor, pageWindow } from './paginator';

/** The window as text: pages as numbers, gaps as '…'. */
const show = (items: PaginatorItem[]) => items.map((item) => (item.kind === 'page' ? item.page : '…'));

describe('SPEC §2, §9 paginator: first and last always, 3 pages either side, previous and next', () => {
  it('shows every page of a short list', () => {
    expect(show(pageWindow(1, 1).items)).toEqual([1]);
    expect(show(pageWindow(4, 7).items)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('marks gaps on both sides in the middle of a long list', () => {
    expect(show(pageWindow(10, 20).items)).toEqual([1, '…', 7, 8, 9, 10, 11, 12, 13, '…', 20]);
  });

  it('marks a gap only where pages are left out', () => {
    expect(show(pageWindow(1, 20).items)).toEqual([1, 2, 3, 4, '…', 20]);
    expect(show(pageWindow(5, 20).items)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, '…', 20]);
    expect(show(pageWindow(7, 20).items)).toEqual([1, '…', 4, 5, 6, 7, 8, 9, 10, '…', 20]);
    expect(show(pageWindow(20, 20).items)).toEqual([1, '…', 17, 18, 19, 20]);
  });

  it('shows the page instead of a gap that would hide only that page', () => {
    expect(show(pageWindow(6, 20).items)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, '…', 20]);
    expect(show(pageWindow(15, 20).items)).toEqual([1, '…', 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(show(pageWindow(5, 10).items)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('says whether previous and next exist', () => {
    expect(pageWindow(1, 3)).toMatchObject({ current: 1, hasPrevious: false, hasNext: true });
    expect(pageWindow(2, 3)).toMatchObject({ hasPrevious: true, hasNext: true });
    expect(pageWindow(3, 3)).toMatchObject({ hasPrevious: true, hasNext: false });
    expect(pageWindow(1, 1)).toMatchObject({ hasPrevious: false, hasNext: false });
  });

  it('clamps the current page and shows nothing without pages', () => {
    expect(pageWindow(99, 5)).toMatchObject({ current: 5, hasNext: false });
    expect(pageWindow(-2, 5)).toMatchObject({ current: 1, hasPrevious: false });
    expect(pageWindow(1, 0)).toEqual({ items: [], current: 1, hasPrevious: false, hasNext: false });
  });

  it('gives each gap a distinct key', () => {
    const gaps = pageWindow(10, 20).items.filter((item) => item.kind === 'gap');
    expect(gaps).toEqual([
      { kind: 'gap', after: 1 },
      { kind: 'gap', after: 13 },
    ]);
  });

  it('property: first, last and 3 neighbours shown; nothing else but a page filling a gap; gaps hide 2+ pages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (pageCount, wanted) => {
        const current = Math.min(wanted, pageCount);
        const { items } = pageWindow(current, pageCount);
        const pages = items.flatMap((item) => (item.kind === 'page' ? [item.page] : []));
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(pageCount);
        for (let p = Math.max(1, current - 3); p <= Math.min(pageCount, current + 3); p += 1) {
          expect(pages).toContain(p);
        }
        for (const p of pages) {
          const fillsOnePageGap = p === 2 || p === pageCount - 1;
          expect(p === 1 || p === pageCount || fillsOnePageGap || Math.abs(p - current) <= PAGINATOR_NEIGHBOURS).toBe(true);
        }
        items.forEach((item, i) => {
          const before = items[i - 1];
          const after = items[i + 1];
          if (item.kind === 'gap') {
            expect(before?.kind === 'page' && after?.kind === 'page' && after.page - before.page > 2).toBe(true);
          } else if (before?.kind === 'page') {
            expect(item.page).toBe(before.page + 1);
          }
        });
      }),
    );
  });
});

describe('SPEC §3, §9 paging data and page sizes', () => {
  it('uses the spec page sizes', () => {
    expect(PAGE_SIZE).toEqual({ listing: 12, jobs: 3, partRequests: 5, orders: 15, reviews: 4 });
  });

  it('counts pages, at least one', () => {
    expect(pageCountFor(0, 12)).toBe(1);
    expect(pageCountFor(12, 12)).toBe(1);
    expect(pageCountFor(13, 12)).toBe(2);
    expect(pageCountFor(5, 0)).toBe(1);
  });
});

describe('SPEC §4 fetch modes: page 1 replaces, later pages append while page < pageCount', () => {
  it('replaces on page 1 and appends after', () => {
    expect(fetchMode(1)).toBe('REPLACE');
    expect(fetchMode(2)).toBe('APPEND');
  });

  it('loads more only below the last page and while nothing is loading', () => {
    expect(canLoadMore({ page: 1, pageCount: 3 })).toBe(true);
    expect(canLoadMore({ page: 3, pageCount: 3 })).toBe(false);
    expect(canLoadMore({ page: 1, pageCount: 3, loading: true })).toBe(false);
  });
});
