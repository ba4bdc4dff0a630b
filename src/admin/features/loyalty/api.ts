import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminLoyalty, adminLoyaltySave } from '../../../contract/admin-content';
import type { LoyaltyForm } from '../../../domain/admin-content';
import { adminApi } from '../../api';

export const loyaltyQuery = () =>
  queryOptions({
    queryKey: ['admin', 'loyalty'],
    queryFn: ({ signal }) => adminApi(adminLoyalty, { signal }),
  });

export function useSaveLoyalty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoyaltyForm) => adminApi(adminLoyaltySave, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'loyalty'] }),
  });
}
