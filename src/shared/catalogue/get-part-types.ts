/** GET /products/types.json: every part type, fetched once per visit and cached (SPEC §7). */
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { getPartTypes, type PartType } from '../../contract/part-types';
import { callApi } from '../api/client';

export async function fetchPartTypes(signal?: AbortSignal): Promise<PartType[]> {
  const answer = await callApi(getPartTypes, { signal });
  return answer.data;
}

export const partTypeKeys = {
  all: ['part-types'] as const,
};

export const partTypesQueryOptions = () =>
  queryOptions({
    queryKey: partTypeKeys.all,
    queryFn: ({ signal }) => fetchPartTypes(signal),
    // The list changes only with a new catalogue; the service worker keeps it fresh across visits.
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** Part types in the order the server sends them (already the spec's order). */
export function usePartTypes(): PartType[] {
  return useSuspenseQuery(partTypesQueryOptions()).data;
}
