/**
 * The loyalty programme's reads (SPEC §7): the levels, the page's two texts (both public) and a
 * signed-in member's own progress.
 */
import { queryOptions } from '@tanstack/react-query';
import { getDiscountThresholds, getDiscountThresholdStatics } from '../../../contract/loyalty';
import { apiOf } from '../../../shared/api/client';

// The member's own progress is shared with the cart page's progress bar.
export { memberProgressQueryOptions } from '../../../shared/account/loyalty-progress';

export const thresholdsQueryOptions = () =>
  queryOptions({
    queryKey: ['loyalty', 'thresholds'] as const,
    queryFn: async ({ client, signal }) => (await apiOf(client)(getDiscountThresholds, { signal })).thresholds,
    staleTime: 10 * 60_000,
  });

export const loyaltyStaticsQueryOptions = () =>
  queryOptions({
    queryKey: ['loyalty', 'statics'] as const,
    queryFn: async ({ client, signal }) => (await apiOf(client)(getDiscountThresholdStatics, { signal })).statics,
    staleTime: 10 * 60_000,
  });
