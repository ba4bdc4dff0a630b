/** GET /products/listing-filters.json: the title of a listing and the badges and attribute groups its sidebar offers. */
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { getListingFilters } from '../../../contract/catalogue';
import type { CallResponse } from '../../../contract/define';
import { apiOf, type Api } from '../../../shared/api/client';
import type { ListingSource } from './listing-query';

export type ListingFilterOptions = Omit<CallResponse<typeof getListingFilters>, 'success'>;

export async function fetchListingFilters(api: Api, source: ListingSource, signal?: AbortSignal): Promise<ListingFilterOptions> {
  const query = source.kind === 'category' ? { categoryId: source.id } : { badgeId: source.id };
  const { title, badges, attributeGroups } = await api(getListingFilters, { query, signal });
  return { title, badges, attributeGroups };
}

export const listingFilterKeys = {
  all: ['listing-filters'] as const,
  of: (source: ListingSource) => [...listingFilterKeys.all, source.kind, source.id] as const,
};

export const listingFiltersQueryOptions = (source: ListingSource) =>
  queryOptions({ queryKey: listingFilterKeys.of(source), queryFn: ({ client, signal }) => fetchListingFilters(apiOf(client), source, signal), staleTime: 10 * 60_000 });

export function useListingFilters(source: ListingSource) {
  return useSuspenseQuery(listingFiltersQueryOptions(source)).data;
}
