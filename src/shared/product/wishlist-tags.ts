/** GET /wishlist/tags.json: the Tags on the signed-in member's wishlist, which the hearts show. */
import { queryOptions } from '@tanstack/react-query';
import { apiOf } from '../api/client';

export const wishlistTagsQueryOptions = () =>
  queryOptions({
    queryKey: ['wishlist', 'tags'] as const,
    queryFn: async ({ client, signal }) => {
      // The call's schemas load with the call, not with the page.
      const { getWishlistTags } = await import('../../contract/wishlist');
      return (await apiOf(client)(getWishlistTags, { signal })).tags;
    },
    staleTime: 5 * 60_000,
  });
