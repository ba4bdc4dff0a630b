/**
 * The account's 'Saved searches' calls (src/contract/saved-searches.ts, alerts.ts): the list (its
 * query lives in src/shared/saved-searches, which the results page's save dialog adds to), run,
 * rename, delete, and the alert of a search. Each change updates the kept list from its answer.
 * Changes need signal: they fail at once without it ('always'), rather than waiting paused with
 * nothing on screen saying so.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createAlert, deleteAlert } from '../../../contract/alerts';
import { deleteSavedSearch, renameSavedSearch, runSavedSearch, type SavedSearch } from '../../../contract/saved-searches';
import { apiOf } from '../../../shared/api/client';
import { savedSearchKeys, savedSearchListQueryOptions } from '../../../shared/saved-searches/saved-search-list';

export function useSavedSearches() {
  return useQuery(savedSearchListQueryOptions());
}

function updateRecord(client: QueryClient, id: number, change: (record: SavedSearch) => SavedSearch | null): void {
  client.setQueryData<SavedSearch[]>(savedSearchKeys.list(), (records) =>
    records?.flatMap((record) => {
      if (record.id !== id) return [record];
      const changed = change(record);
      return changed ? [changed] : [];
    }),
  );
}

/** POST /saved-searches/{id}/run: its parameters and results address; it is viewed from now on, so its counts are read again. */
export function useRunSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (id: number) => apiOf(client)(runSavedSearch, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: savedSearchKeys.all, refetchType: 'none' }),
  });
}

export function useRenameSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ id, name }: { id: number; name: string }) => apiOf(client)(renameSavedSearch, { params: { id }, body: { name } }),
    onSuccess: (answer) => updateRecord(client, answer.record.id, () => answer.record),
  });
}

export function useDeleteSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (id: number) => apiOf(client)(deleteSavedSearch, { params: { id } }),
    onSuccess: (_answer, id) => updateRecord(client, id, () => null),
  });
}

/** 'Tell me when new parts match': an alert on the search (with pushes to the member's devices), or none. */
export function useSavedSearchAlert() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ search, on }: { search: SavedSearch; on: boolean }): Promise<number | null> => {
      if (on) return (await apiOf(client)(createAlert, { body: { saved_search_id: search.id } })).alert.id;
      if (search.alert_id !== null) await apiOf(client)(deleteAlert, { params: { id: search.alert_id } });
      return null;
    },
    onSuccess: (alertId, { search }) => {
      updateRecord(client, search.id, (record) => ({ ...record, alert_id: alertId }));
      void client.invalidateQueries({ queryKey: ['alerts'] });
    },
  });
}
