/** GET /products/get-badge-list/{badgeId}.json (SPEC §7): the products carrying a badge, a page at a time. */
import { getBadgeList } from '../../../contract/catalogue';
import type { Api } from '../../../shared/api/client';
import { listingQueryOf } from '../listing-filters';
import type { ListingFilters } from '../listing-search';
import { listingQueryOptions, type ListingPage } from './listing-query';

export async function fetchBadgePage(api: Api, badgeId: number, filters: ListingFilters, page: number, signal?: AbortSignal): Promise<ListingPage> {
  const { products, paginator } = await api(getBadgeList, { params: { badgeId }, query: listingQueryOf(filters, page), signal });
  return { products, paginator };
}

export const badgeListQueryOptions = (badgeId: number, filters: ListingFilters) =>
  listingQueryOptions({ kind: 'badge', id: badgeId }, filters, (api, page, signal) => fetchBadgePage(api, badgeId, filters, page, signal));
