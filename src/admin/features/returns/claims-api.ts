/** The warranty claims' queries and changes (src/contract/warranty-claims.ts), keyed under ['admin', 'warranty-claims']. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminClaim, adminClaimApprove, adminClaimClose, adminClaimList, adminClaimReject, adminClaimRequestInformation } from '../../../contract/warranty-claims';
import type { ClaimSettlement, ClaimStatus } from '../../../domain/warranty-claims';
import { adminApi } from '../../api';

export interface ClaimListSearch {
  status?: ClaimStatus | 'open' | undefined;
  page?: number | undefined;
}

export const claimListQuery = (search: ClaimListSearch) =>
  queryOptions({
    queryKey: ['admin', 'warranty-claims', 'list', search],
    queryFn: ({ signal }) => adminApi(adminClaimList, { query: search, signal }),
  });

export const claimQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'warranty-claims', 'one', id],
    queryFn: ({ signal }) => adminApi(adminClaim, { params: { id }, signal }),
  });

export const claimFileUrl = (claimId: number, fileId: number) => `/web-api/admin/warranty-claims/${claimId}/files/${fileId}`;

export type ClaimChange =
  | { kind: 'request_information'; message: string }
  | { kind: 'reject'; reason: string }
  | { kind: 'close' }
  | { kind: 'approve'; settlement: ClaimSettlement; amount?: number; idempotency_key?: string; replacement_tag?: string; message?: string };

/** A step of a claim; the answer is the claim as it now is, put straight in the cache. */
export function useClaimStep(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ClaimChange) => {
      const params = { id };
      if (change.kind === 'request_information') return adminApi(adminClaimRequestInformation, { params, body: { message: change.message } });
      if (change.kind === 'reject') return adminApi(adminClaimReject, { params, body: { reason: change.reason } });
      if (change.kind === 'close') return adminApi(adminClaimClose, { params });
      const { kind: _kind, ...body } = change;
      return adminApi(adminClaimApprove, { params, body });
    },
    onSuccess: async (answer) => {
      queryClient.setQueryData(claimQuery(id).queryKey, { success: true, claim: answer.claim });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'warranty-claims', 'list'] });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
  });
}
