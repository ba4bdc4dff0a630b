/** GET /products/follow-search.json?searchId=: other parts for the same vehicle, at most 12 (SPEC §2, §7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { followSearch, type ProductCard } from '../../../contract/catalogue';
import { callApi } from '../../../shared/api/client';

export async function fetchFollowSearch(searchId: number, signal?: AbortSignal): Promise<ProductCard[]> {
  return (await callApi(followSearch, { query: { searchId }, signal })).data;
}

export const followSearchKeys = {
  all: ['follow-search'] as const,
  ofSearch: (searchId: number) => [...followSearchKeys.all, searchId] as const,
};

export const followSearchQueryOptions = (searchId: number | null) =>
  queryOptions({
    queryKey: followSearchKeys.ofSearch(searchId ?? 0),
    queryFn: ({ signal }) => fetchFollowSearch(searchId ?? 0, signal),
    enabled: searchId !== null && searchId > 0,
    staleTime: 2 * 60_000,
    retry: false,
  });

export function useFollowSearch(searchId: number | null) {
  return useQuery(followSearchQueryOptions(searchId));
}
