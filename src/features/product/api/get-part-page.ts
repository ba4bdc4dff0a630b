/** GET /products/part/{Tag}.json (SPEC §2, §3): everything the part page shows. */
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { getPartPage } from '../../../contract/catalogue';
import type { CallResponse } from '../../../contract/define';
import { apiOf, type Api } from '../../../shared/api/client';
import { productKeys } from './product-keys';

export type PartPageData = CallResponse<typeof getPartPage>;

export function fetchPartPage(api: Api, tag: string, signal?: AbortSignal): Promise<PartPageData> {
  return api(getPartPage, { params: { tag }, signal });
}

export const partPageQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: productKeys.part(tag),
    queryFn: ({ client, signal }) => fetchPartPage(apiOf(client), tag, signal),
  });

export function usePartPage(tag: string): PartPageData {
  return useSuspenseQuery(partPageQueryOptions(tag)).data;
}

/** The part page's query with its state: when its data was answered, whether the last try failed. */
export function usePartPageQuery(tag: string) {
  return useSuspenseQuery(partPageQueryOptions(tag));
}
