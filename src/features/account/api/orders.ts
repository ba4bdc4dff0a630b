/**
 * GET /orders/getList.json (SPEC §7) for 'My orders' and 'Abandoned carts' (abandoned=true): the
 * signed-in member's orders, 15 a page (SPEC §9), sorted as the screen's sort control says.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getOrderList, type OrderSort } from '../../../contract/orders';
import { PAGE_SIZE } from '../../../domain/paginator';
import { apiOf } from '../../../shared/api/client';

export interface OrderListParams {
  abandoned: boolean;
  page: number;
  sort: OrderSort;
  direction: 'ASC' | 'DESC';
}

export const accountOrderKeys = {
  all: ['account', 'orders'] as const,
  list: (params: OrderListParams) => [...accountOrderKeys.all, params] as const,
};

export const orderListQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: accountOrderKeys.list(params),
    queryFn: async ({ client, signal }) =>
      (
        await apiOf(client)(getOrderList, {
          query: { page: params.page, limit: PAGE_SIZE.orders, sort: params.sort, direction: params.direction, abandoned: params.abandoned ? 'true' : 'false' },
          signal,
        })
      ).data,
    // An order's status changes with a payment or a return made elsewhere: always read fresh.
    staleTime: 0,
  });

export function useOrderList(params: OrderListParams, enabled: boolean) {
  return useQuery({ ...orderListQueryOptions(params), enabled, placeholderData: keepPreviousData });
}
