/** GET /products/get-list/{categoryId}.json (SPEC §7): a category's products, a page at a time. */
import { getCategoryList } from '../../../contract/catalogue';
import { callApi } from '../../../shared/api/client';
import { listingQueryOf, type ListingFilters } from '../listing-search';
import { listingQueryOptions, type ListingPage } from './listing-query';

export async function fetchCategoryPage(categoryId: number, filters: ListingFilters, page: number, signal?: AbortSignal): Promise<ListingPage> {
  const { products, paginator } = await callApi(getCategoryList, { params: { categoryId }, query: listingQueryOf(filters, page), signal });
  return { products, paginator };
}

export const categoryListQueryOptions = (categoryId: number, filters: ListingFilters) =>
  listingQueryOptions({ kind: 'category', id: categoryId }, filters, (page, signal) => fetchCategoryPage(categoryId, filters, page, signal));
