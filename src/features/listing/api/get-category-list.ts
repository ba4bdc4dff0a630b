/** GET /products/get-list/{categoryId}.json (SPEC §7): a category's products, a page at a time. */
import { getCategoryList } from '../../../contract/catalogue';
import type { Api } from '../../../shared/api/client';
import { listingQueryOf } from '../listing-filters';
import type { ListingFilters } from '../listing-search';
import { listingQueryOptions, type ListingPage } from './listing-query';

export async function fetchCategoryPage(api: Api, categoryId: number, filters: ListingFilters, page: number, signal?: AbortSignal): Promise<ListingPage> {
  const { products, paginator } = await api(getCategoryList, { params: { categoryId }, query: listingQueryOf(filters, page), signal });
  return { products, paginator };
}

export const categoryListQueryOptions = (categoryId: number, filters: ListingFilters) =>
  listingQueryOptions({ kind: 'category', id: categoryId }, filters, (api, page, signal) => fetchCategoryPage(api, categoryId, filters, page, signal));
