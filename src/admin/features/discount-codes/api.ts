import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminDiscountCodeCreate, adminDiscountCodeDisable, adminDiscountCodeList } from '../../../contract/admin-content';
import type { DiscountCodeForm } from '../../../domain/admin-content';
import { adminApi } from '../../api';

export const discountCodeListQuery = () =>
  queryOptions({
    queryKey: ['admin', 'discount-codes', 'list'],
    queryFn: ({ signal }) => adminApi(adminDiscountCodeList, { signal }),
  });

export function useCreateDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DiscountCodeForm) => adminApi(adminDiscountCodeCreate, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'discount-codes'] }),
  });
}

export function useDisableDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminApi(adminDiscountCodeDisable, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'discount-codes'] }),
  });
}
