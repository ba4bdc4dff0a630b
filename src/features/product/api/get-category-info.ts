/** GET /product-categories/info.json (SPEC §7): descriptions and accordions for a make, model and part type. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCategoryInfo } from '../../../contract/catalogue';
import { apiOf } from '../../../shared/api/client';
import { productKeys } from './product-keys';

export interface CategoryInfoQuery {
  make?: string | undefined;
  model?: string | undefined;
  partType?: number | undefined;
}

export const categoryInfoQueryOptions = (query: CategoryInfoQuery) =>
  queryOptions({
    queryKey: productKeys.categoryInfo(query),
    queryFn: ({ client, signal }) => apiOf(client)(getCategoryInfo, { query, signal }),
    staleTime: 10 * 60_000,
    retry: false,
  });

export function useCategoryInfo(query: CategoryInfoQuery) {
  return useQuery(categoryInfoQueryOptions(query));
}
