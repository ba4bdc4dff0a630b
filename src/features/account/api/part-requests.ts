/** GET /part-requests/get-list.json and POST /part-requests/add.json (SPEC §7): the member's part requests. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '../../../contract/idempotency';
import { addAccountPartRequest, getPartRequestList, type AccountPartRequestBody } from '../../../contract/part-requests';
import { PAGE_SIZE } from '../../../domain/paginator';
import { apiOf } from '../../../shared/api/client';

export interface PartRequestListParams {
  page: number;
  direction: 'ASC' | 'DESC';
}

const all = ['account', 'part-requests'] as const;

export const partRequestListQueryOptions = (params: PartRequestListParams) =>
  queryOptions({
    queryKey: [...all, params] as const,
    queryFn: async ({ client, signal }) =>
      (await apiOf(client)(getPartRequestList, { query: { sort: 'created', direction: params.direction, page: params.page, limit: PAGE_SIZE.partRequests }, signal })).data,
    staleTime: 0,
  });

export function usePartRequestList(params: PartRequestListParams) {
  return useQuery({ ...partRequestListQueryOptions(params), placeholderData: keepPreviousData });
}

export interface AccountPartRequestSubmission {
  body: AccountPartRequestBody;
  /** Made when send was pressed; the outbox sends the same one if the request waits for signal. */
  idempotencyKey: string;
}

export function useAddPartRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: AccountPartRequestSubmission) => apiOf(client)(addAccountPartRequest, { body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
    onSuccess: () => client.invalidateQueries({ queryKey: all }),
  });
}
