/** GET /products/follow-search.json?searchId=: other parts for the same vehicle, at most 12 (SPEC §2, §7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { followSearch, type ProductCard } from '../../../contract/catalogue';
import { apiOf, type Api } from '../../../shared/api/client';

export async function fetchFollowSearch(api: Api, searchId: string, signal?: AbortSignal): Promise<ProductCard[]> {
  return (await api(followSearch, { query: { searchId }, signal })).data;
}

export const followSearchKeys = {
  all: ['follow-search'] as const,
  ofSearch: (searchId: string) => [...followSearchKeys.all, searchId] as const,
};

/** @param searchId the part search's SearchID, passed back as it came; null when it gave none. */
export const followSearchQueryOptions = (searchId: string | null) =>
  queryOptions({
    queryKey: followSearchKeys.ofSearch(searchId ?? ''),
    queryFn: ({ client, signal }) => fetchFollowSearch(apiOf(client), searchId ?? '', signal),
    enabled: searchId !== null && searchId !== '',
    staleTime: 2 * 60_000,
    retry: false,
  });

export function useFollowSearch(searchId: string | null) {
  return useQuery(followSearchQueryOptions(searchId));
}
