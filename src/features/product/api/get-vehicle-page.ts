/** GET /products/vehicle/{slug}.json (SPEC §2, §3): the vehicle page with its variants and selectors. */
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { getVehiclePage } from '../../../contract/catalogue';
import type { CallResponse } from '../../../contract/define';
import { apiOf, type Api } from '../../../shared/api/client';
import { productKeys } from './product-keys';

export type VehiclePageData = CallResponse<typeof getVehiclePage>;

export function fetchVehiclePage(api: Api, slug: string, signal?: AbortSignal): Promise<VehiclePageData> {
  return api(getVehiclePage, { params: { slug }, signal });
}

export const vehiclePageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: productKeys.vehicle(slug),
    queryFn: ({ client, signal }) => fetchVehiclePage(apiOf(client), slug, signal),
  });

export function useVehiclePage(slug: string): VehiclePageData {
  return useSuspenseQuery(vehiclePageQueryOptions(slug)).data;
}
