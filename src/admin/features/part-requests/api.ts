/** The part requests area's queries and answers (src/contract/admin-sales.ts), keyed under ['admin', 'part-requests']. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPartRequest, adminPartRequestList, adminPartRequestStatus } from '../../../contract/admin-sales';
import { adminApi } from '../../api';

export interface PartRequestListSearch {
  status?: 'new' | 'searching' | 'found' | 'not_found' | undefined;
  q?: string | undefined;
  page?: number | undefined;
}

export const partRequestListQuery = (search: PartRequestListSearch) =>
  queryOptions({
    queryKey: ['admin', 'part-requests', 'list', search],
    queryFn: ({ signal }) => adminApi(adminPartRequestList, { query: search, signal }),
  });

export const partRequestQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'part-requests', 'one', id],
    queryFn: ({ signal }) => adminApi(adminPartRequest, { params: { id }, signal }),
  });

export function useAnswerRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { status: 'searching' | 'found' | 'not_found'; part?: string }) => adminApi(adminPartRequestStatus, { params: { id }, body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(partRequestQuery(id).queryKey, { success: true, request: answer.request });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'part-requests', 'list'] });
    },
  });
}
