/** The orders area's queries and changes (src/contract/admin-sales.ts), keyed under ['admin', 'orders']. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminOrder, adminOrderCancel, adminOrderDeliver, adminOrderDispatch, adminOrderList, adminOrderPick, adminOrderRefund } from '../../../contract/admin-sales';
import { adminApi } from '../../api';

export interface OrderListSearch {
  q?: string | undefined;
  status?: number | undefined;
  payment?: 'STRIPE_CARD' | 'STRIPE_GOOGLE_PAY' | 'STRIPE_APPLE_PAY' | 'PAYPAL' | 'none' | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: 'created' | 'number' | 'total' | undefined;
  direction?: 'ASC' | 'DESC' | undefined;
  page?: number | undefined;
}

/** Only the filters that are set: the query string and the cache key stay short. */
const defined = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as T;

export const orderListQuery = (search: OrderListSearch) =>
  queryOptions({
    queryKey: ['admin', 'orders', 'list', defined(search)],
    queryFn: ({ signal }) => adminApi(adminOrderList, { query: defined(search), signal }),
  });

export const orderQuery = (number: string) =>
  queryOptions({
    queryKey: ['admin', 'orders', 'one', number],
    queryFn: ({ signal }) => adminApi(adminOrder, { params: { number }, signal }),
  });

/** The order's steps; each answer is the order as it now is, put straight in the cache. */
export function useOrderStep(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (step: { kind: 'pick' | 'deliver' | 'cancel' } | { kind: 'dispatch'; carrier: string; tracking_number: string }) => {
      const params = { number };
      if (step.kind === 'dispatch') return adminApi(adminOrderDispatch, { params, body: { carrier: step.carrier, tracking_number: step.tracking_number } });
      const call = step.kind === 'pick' ? adminOrderPick : step.kind === 'deliver' ? adminOrderDeliver : adminOrderCancel;
      return adminApi(call, { params });
    },
    onSuccess: async (answer) => {
      queryClient.setQueryData(orderQuery(number).queryKey, { success: true, order: answer.order });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'orders', 'list'] });
    },
  });
}

export function useRefund(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { amount: number; idempotency_key: string }) => adminApi(adminOrderRefund, { params: { number }, body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(orderQuery(number).queryKey, { success: true, order: answer.order });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'orders', 'list'] });
    },
  });
}
