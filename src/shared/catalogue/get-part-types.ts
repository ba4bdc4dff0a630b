/** GET /products/types.json: every part type, fetched once per visit and cached (SPEC §7). */
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { PartType } from '../../contract/part-types';
import { apiOf, type Api } from '../api/client';

export async function fetchPartTypes(api: Api, signal?: AbortSignal): Promise<PartType[]> {
  // The call's schemas load with the call: a server-rendered page has the list already.
  const { getPartTypes } = await import('../../contract/part-types');
  const answer = await api(getPartTypes, { signal });
  return answer.data;
}

export const partTypeKeys = {
  all: ['part-types'] as const,
};

export const partTypesQueryOptions = () =>
  queryOptions({
    queryKey: partTypeKeys.all,
    queryFn: ({ client, signal }) => fetchPartTypes(apiOf(client), signal),
    // The list changes only with a new catalogue; the service worker keeps it fresh across visits.
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** Part types in the order the server sends them (already the spec's order). */
export function usePartTypes(): PartType[] {
  return useSuspenseQuery(partTypesQueryOptions()).data;
}
