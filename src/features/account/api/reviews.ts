/** GET /reviews/mine.json and POST /reviews/lines/:id (issue 32): the member's reviews of the parts they bought. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createReview, getMyReviews, type ReviewBody } from '../../../contract/reviews';
import { apiOf } from '../../../shared/api/client';

const all = ['account', 'reviews'] as const;

export const myReviewsQueryOptions = () =>
  queryOptions({
    queryKey: all,
    queryFn: async ({ client, signal }) => (await apiOf(client)(getMyReviews, { signal })).records,
    // Staff approve or reject elsewhere: read fresh each time the orders are shown.
    staleTime: 0,
  });

/** Only asked for when an order on the screen is delivered: the only ones a review is offered on. */
export function useMyReviews(enabled: boolean) {
  return useQuery({ ...myReviewsQueryOptions(), enabled });
}

export function useCreateReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, body }: { lineId: number; body: ReviewBody }) => apiOf(client)(createReview, { params: { id: lineId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: all }),
  });
}
