/** GET /addresses/get-recent and GET /countries/get-list (SPEC §7): what the addresses form starts from. */
import { queryOptions } from '@tanstack/react-query';
import { getCountries, getRecentAddresses } from '../../../contract/checkout';
import { apiOf } from '../../../shared/api/client';

export const checkoutKeys = {
  recent: () => ['checkout', 'recent-addresses'] as const,
  countries: () => ['checkout', 'countries'] as const,
  order: (hash: string) => ['orders', 'created', hash] as const,
};

export const recentAddressesQueryOptions = () =>
  queryOptions({
    queryKey: checkoutKeys.recent(),
    queryFn: async ({ client, signal }) => (await apiOf(client)(getRecentAddresses, { signal })).data,
    // Sign-in, registration and a saved form change it; each of those refreshes it.
    staleTime: 0,
  });

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: checkoutKeys.countries(),
    queryFn: async ({ client, signal }) => (await apiOf(client)(getCountries, { signal })).data,
    staleTime: Infinity,
  });
