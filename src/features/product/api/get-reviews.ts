/** GET /product-reviews/getList.json (SPEC §7): a product's reviews, 4 a page, appended by 'load more'. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getReviews } from '../../../contract/catalogue';
import type { CallResponse } from '../../../contract/define';
import { canLoadMore } from '../../../domain/paginator';
import { apiOf } from '../../../shared/api/client';
import { productKeys } from './product-keys';

export type ReviewsPage = CallResponse<typeof getReviews>;

export const reviewsQueryOptions = (productId: number) =>
  infiniteQueryOptions({
    queryKey: productKeys.reviews(productId),
    queryFn: ({ client, pageParam, signal }) => apiOf(client)(getReviews, { query: { product_id: productId, page: pageParam }, signal }),
    initialPageParam: 1,
    // SPEC §4: another page while the page is below the page count.
    getNextPageParam: (last: ReviewsPage) => (canLoadMore(last.paginator) ? last.paginator.page + 1 : undefined),
    // SPEC §8: review load errors are ignored; no retries fill the console either.
    retry: false,
  });

export function useReviews(productId: number) {
  return useInfiniteQuery(reviewsQueryOptions(productId));
}
