/**
 * POST /search/get-suggested-products.json (SPEC §7): parts whose number starts with what has been
 * typed, at most 8. A POST, so the API client adds the session's CSRF token.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductCard } from '../../../contract/catalogue';
import { apiOf, type Api } from '../../../shared/api/client';

export async function fetchSuggestions(api: Api, oem: string, signal?: AbortSignal): Promise<ProductCard[]> {
  // The catalogue's contract loads with the first call rather than with the home page, which
  // has a JavaScript budget (docs/performance.md).
  const { suggestedProducts } = await import('../../../contract/catalogue');
  return (await api(suggestedProducts, { body: { oem }, signal })).products;
}

export const suggestionKeys = {
  all: ['suggested-products'] as const,
  forPartNumber: (oem: string) => [...suggestionKeys.all, oem] as const,
};

export const suggestionsQueryOptions = (oem: string) =>
  queryOptions({
    queryKey: suggestionKeys.forPartNumber(oem),
    queryFn: ({ client, signal }) => fetchSuggestions(apiOf(client), oem, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** Suggestions for a part number of 3+ characters (SPEC §4); none for a shorter one. */
export function useSuggestions(oem: string, enabled: boolean) {
  return useQuery({ ...suggestionsQueryOptions(oem), enabled, placeholderData: keepPreviousData });
}
