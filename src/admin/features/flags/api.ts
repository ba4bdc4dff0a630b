import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminFlagList, adminFlagSet } from '../../../contract/admin-flags';
import type { FeatureFlagKey } from '../../../domain/feature-flags';
import { adminApi } from '../../api';

export const flagListQuery = () =>
  queryOptions({
    queryKey: ['admin', 'flags', 'list'],
    queryFn: ({ signal }) => adminApi(adminFlagList, { signal }),
  });

export function useSetFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, enabled }: { key: FeatureFlagKey; enabled: boolean }) => adminApi(adminFlagSet, { params: { key }, body: { enabled } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'flags'] }),
  });
}
