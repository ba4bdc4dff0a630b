/** GET /products/models.json?make=: the models of one make (SPEC §7), cached per make. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModelRow } from '../../contract/catalogue';
import { apiOf, type Api } from '../api/client';

export async function fetchModels(api: Api, make: string, signal?: AbortSignal): Promise<ModelRow[]> {
  // The catalogue's contract loads with the first call rather than with the home page, which
  // has a JavaScript budget (docs/performance.md).
  const { getModels } = await import('../../contract/catalogue');
  return (await api(getModels, { query: { make }, signal })).data;
}

export const modelKeys = {
  all: ['models'] as const,
  ofMake: (make: string) => [...modelKeys.all, make] as const,
};

export const modelsQueryOptions = (make: string) =>
  queryOptions({
    queryKey: modelKeys.ofMake(make),
    queryFn: ({ client, signal }) => fetchModels(apiOf(client), make, signal),
    staleTime: 60 * 60_000,
    enabled: make !== '',
  });

export function useModels(make: string) {
  return useQuery(modelsQueryOptions(make));
}
