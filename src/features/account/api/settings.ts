/** GET /reason-for-deletions/get-list and POST /members/delete-account (SPEC §7): deleting the account. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteAccount, getDeletionReasons } from '../../../contract/members';
import { apiOf } from '../../../shared/api/client';

export const deletionReasonsQueryOptions = () =>
  queryOptions({
    queryKey: ['deletion-reasons'] as const,
    // The map keeps the server's order (its keys are ids, which JavaScript would sort): read as pairs.
    queryFn: async ({ client, signal }) => Object.entries((await apiOf(client)(getDeletionReasons, { signal })).data),
    staleTime: 10 * 60_000,
  });

export function useDeletionReasons() {
  return useQuery(deletionReasonsQueryOptions());
}

export function useDeleteAccount() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (reasonId: number) => apiOf(client)(deleteAccount, { body: { reason_for_deletion_id: reasonId } }) });
}
