/**
 * The infinite query behind both listings (SPEC §2, §4): page 1 replaces the list, later pages
 * append while page < pageCount. The category and badge calls answer the same shape.
 */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Paginator, ProductCard } from '../../../contract/catalogue';
import type { Api } from '../../../shared/api/client';
import { apiOf } from '../../../shared/api/client';
import type { ListingFilters } from '../listing-search';

export interface ListingPage {
  products: ProductCard[];
  paginator: Paginator;
}

export type ListingSource = { kind: 'category'; id: number } | { kind: 'badge'; id: number };

export const listingKeys = {
  all: ['listing'] as const,
  lists: (source: ListingSource) => [...listingKeys.all, source.kind, source.id] as const,
  list: (source: ListingSource, filters: ListingFilters) => [...listingKeys.lists(source), filters] as const,
};

export function listingQueryOptions(
  source: ListingSource,
  filters: ListingFilters,
  fetchPage: (api: Api, page: number, signal: AbortSignal) => Promise<ListingPage>,
) {
  return infiniteQueryOptions({
    queryKey: listingKeys.list(source, filters),
    queryFn: ({ client, pageParam, signal }) => fetchPage(apiOf(client), pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: ListingPage) => (last.paginator.page < last.paginator.pageCount ? last.paginator.page + 1 : undefined),
    staleTime: 60_000,
  });
}
