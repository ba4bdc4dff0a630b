/** GET /orders/created/{hash}: the order just created, for the order-created page (its owner only). */
import { queryOptions } from '@tanstack/react-query';
import { getCreatedOrder } from '../../../contract/checkout';
import { apiOf } from '../../../shared/api/client';
import { checkoutKeys } from './get-recent-addresses';

export const createdOrderQueryOptions = (hash: string) =>
  queryOptions({
    queryKey: checkoutKeys.order(hash),
    queryFn: async ({ client, signal }) => (await apiOf(client)(getCreatedOrder, { params: { hash }, signal })).order,
    staleTime: 60_000,
  });
