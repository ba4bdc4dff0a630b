/**
 * GET /saved-searches/getList.json (src/contract/saved-searches.ts): the member's saved searches
 * with their counts. Shared because the account's 'Saved searches' screen reads it and the results
 * page's save dialog adds to it. Its query key is kept with the session's persisted cache
 * (src/shared/query-persist-rules.ts), so the list opens again without signal.
 */
import { queryOptions } from '@tanstack/react-query';
import { getSavedSearches } from '../../contract/saved-searches';
import { apiOf } from '../api/client';

export const savedSearchKeys = {
  all: ['saved-searches'] as const,
  list: () => [...savedSearchKeys.all, 'list'] as const,
};

export const savedSearchListQueryOptions = () =>
  queryOptions({
    queryKey: savedSearchKeys.list(),
    queryFn: async ({ client, signal }) => (await apiOf(client)(getSavedSearches, { signal })).records,
    // The counts change with stock: read again whenever the screen opens.
    staleTime: 0,
  });
