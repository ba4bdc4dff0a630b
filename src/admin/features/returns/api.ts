/** The returns area's queries and changes (src/contract/admin-sales.ts), keyed under ['admin', 'returns']. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminReturn, adminReturnApprove, adminReturnDelivered, adminReturnInTransit, adminReturnList, adminReturnRefund, adminReturnReject } from '../../../contract/admin-sales';
import type { ReturnStatus } from '../../../domain/orders';
import { adminApi } from '../../api';

export interface ReturnListSearch {
  status?: ReturnStatus | 'open' | undefined;
  page?: number | undefined;
}

export const returnListQuery = (search: ReturnListSearch) =>
  queryOptions({
    queryKey: ['admin', 'returns', 'list', search],
    queryFn: ({ signal }) => adminApi(adminReturnList, { query: search, signal }),
  });

export const returnQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'returns', 'one', id],
    queryFn: ({ signal }) => adminApi(adminReturn, { params: { id }, signal }),
  });

export type ReturnChange =
  | { kind: 'approve'; instructions: string; label_or_address: string }
  | { kind: 'reject'; reason: string }
  | { kind: 'in_transit' }
  | { kind: 'delivered' }
  | { kind: 'refund'; amount: number; idempotency_key: string };

/** A step of a return; the answer is the return as it now is, put straight in the cache. */
export function useReturnStep(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ReturnChange) => {
      const params = { id };
      switch (change.kind) {
        case 'approve':
          return adminApi(adminReturnApprove, { params, body: { instructions: change.instructions, label_or_address: change.label_or_address } });
        case 'reject':
          return adminApi(adminReturnReject, { params, body: { reason: change.reason } });
        case 'in_transit':
          return adminApi(adminReturnInTransit, { params });
        case 'delivered':
          return adminApi(adminReturnDelivered, { params });
        case 'refund':
          return adminApi(adminReturnRefund, { params, body: { amount: change.amount, idempotency_key: change.idempotency_key } });
      }
    },
    onSuccess: async (answer) => {
      queryClient.setQueryData(returnQuery(id).queryKey, { success: true, return: answer.return });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'returns', 'list'] });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
  });
}
