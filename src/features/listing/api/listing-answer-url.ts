/** The address of a listing's first page, which the service worker keeps its copy under (issue 16). */
import { getBadgeList, getCategoryList } from '../../../contract/catalogue';
import { callUrl } from '../../../shared/offline/kept-answer';
import { listingQueryOf } from '../listing-filters';
import type { ListingFilters } from '../listing-search';
import type { ListingSource } from './listing-query';

export function listingAnswerUrl(source: ListingSource, filters: ListingFilters): string {
  const query = listingQueryOf(filters, 1);
  return source.kind === 'category' ? callUrl(getCategoryList, { params: { categoryId: source.id }, query }) : callUrl(getBadgeList, { params: { badgeId: source.id }, query });
}
