/**
 * What the listing page does with its query: filters back to a query string, the listing call's
 * query, id lists and the sort choices. Apart from listing-search.ts (the routes' validateSearch,
 * which every page's first download carries) as only the listing page needs them.
 */
import type { Direction, IdList, ListingFilters, ListingSearch, SortField } from './listing-search';

/** The query string for filters: defaults and empty values left out, page back to 1. */
export function searchOf(filters: ListingFilters): ListingSearch {
  const isDefaultSort = filters.sort === 'id' && filters.direction === 'DESC';
  return {
    categories: filters.categories ?? undefined,
    badges: filters.badges ?? undefined,
    attribute: filters.attribute ?? undefined,
    price_from: filters.price_from,
    price_to: filters.price_to,
    sort: isDefaultSort ? undefined : filters.sort,
    direction: isDefaultSort ? undefined : filters.direction,
    page: undefined,
  };
}

/** The listing call's query for filters and a page (id lists as the comma-separated text it takes). */
export function listingQueryOf(filters: ListingFilters, page: number) {
  const text = (list: IdList | undefined) => (list === undefined ? undefined : String(list));
  return { ...filters, categories: text(filters.categories), badges: text(filters.badges), attribute: text(filters.attribute), page };
}

export function idsOf(list: IdList | undefined): number[] {
  return list === undefined || list === '' ? [] : String(list).split(',').map(Number);
}

export function listOf(ids: readonly number[]): IdList | undefined {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return undefined;
  return unique.length === 1 ? unique[0] : unique.join(',');
}

/** Sort choices, as 'field.direction' (SPEC §2: one value inside, two keys in the URL). */
export const SORT_OPTIONS: readonly { value: string; label: string }[] = [
  { value: 'id.DESC', label: 'Recommended' },
  { value: 'created.DESC', label: 'Newest first' },
  { value: 'price.ASC', label: 'Price: low to high' },
  { value: 'price.DESC', label: 'Price: high to low' },
  { value: 'name.ASC', label: 'Name: A to Z' },
];

export function sortLabel(sort: SortField, direction: Direction): string {
  return SORT_OPTIONS.find((option) => option.value === `${sort}.${direction}`)?.label ?? 'Recommended';
}
