/**
 * GET /products/part-search.json (SPEC §7): the search behind the lookup modal and the /categories
 * results. The modal and the results page ask with the same parameters, so the page opens on the
 * answer the modal already has.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { partSearch } from '../../../contract/catalogue';
import type { CallResponse } from '../../../contract/define';
import { apiOf, type Api } from '../../../shared/api/client';
import { callUrl } from '../../../shared/offline/kept-answer';

export type PartSearchAnswer = CallResponse<typeof partSearch>;

/**
 * What a search asks: a registration, a part number, or make, model and year; with a part type;
 * or the parts of one donor vehicle, by its stock number.
 */
export interface PartSearchParams {
  vrn?: string | undefined;
  oem?: string | undefined;
  make?: string | undefined;
  model?: string | undefined;
  year?: number | undefined;
  partType?: number | undefined;
  stock?: string | undefined;
}

/** Only the values that are set, so equal searches share one cache entry. */
function compact(params: PartSearchParams): PartSearchParams {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== '')) as PartSearchParams;
}

export async function fetchPartSearch(api: Api, params: PartSearchParams, signal?: AbortSignal): Promise<PartSearchAnswer> {
  return api(partSearch, { query: compact(params), signal });
}

/** The address the search is asked at, which the service worker keeps its copy under (issue 16). */
export const partSearchUrl = (params: PartSearchParams): string => callUrl(partSearch, { query: compact(params) });

export const partSearchKeys = {
  all: ['part-search'] as const,
  search: (params: PartSearchParams) => [...partSearchKeys.all, compact(params)] as const,
};

export const partSearchQueryOptions = (params: PartSearchParams) =>
  queryOptions({
    queryKey: partSearchKeys.search(params),
    queryFn: ({ client, signal }) => fetchPartSearch(apiOf(client), params, signal),
    // Used parts sell: an answer older than a few minutes may offer a part that has gone.
    staleTime: 2 * 60_000,
    // A failed search shows the no-results flow at once rather than retrying behind a spinner.
    retry: false,
    retryOnMount: false,
  });

export function usePartSearch(params: PartSearchParams, enabled = true) {
  return useQuery({ ...partSearchQueryOptions(params), enabled });
}
