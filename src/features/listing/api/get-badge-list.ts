/** GET /products/get-badge-list/{badgeId}.json (SPEC §7): the products carrying a badge, a page at a time. */
import { getBadgeList } from '../../../contract/catalogue';
import { callApi } from '../../../shared/api/client';
import { listingQueryOf, type ListingFilters } from '../listing-search';
import { listingQueryOptions, type ListingPage } from './listing-query';

export async function fetchBadgePage(badgeId: number, filters: ListingFilters, page: number, signal?: AbortSignal): Promise<ListingPage> {
  const { products, paginator } = await callApi(getBadgeList, { params: { badgeId }, query: listingQueryOf(filters, page), signal });
  return { products, paginator };
}

export const badgeListQueryOptions = (badgeId: number, filters: ListingFilters) =>
  listingQueryOptions({ kind: 'badge', id: badgeId }, filters, (page, signal) => fetchBadgePage(badgeId, filters, page, signal));
