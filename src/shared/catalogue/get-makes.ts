/** GET /products/makes.json: the makes of the make/model search, fetched once per visit. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MakeRow } from '../../contract/catalogue';
import { apiOf, type Api } from '../api/client';

export async function fetchMakes(api: Api, signal?: AbortSignal): Promise<MakeRow[]> {
  // The catalogue's contract loads with the first call rather than with the home page, which
  // has a JavaScript budget (docs/performance.md).
  const { getMakes } = await import('../../contract/catalogue');
  return (await api(getMakes, { signal })).data;
}

export const makeKeys = { all: ['makes'] as const };

export const makesQueryOptions = () =>
  queryOptions({ queryKey: makeKeys.all, queryFn: ({ client, signal }) => fetchMakes(apiOf(client), signal), staleTime: Infinity, gcTime: Infinity });

export function useMakes() {
  return useQuery(makesQueryOptions());
}
