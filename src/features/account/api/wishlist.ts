/** GET /wishlist/getList.json and POST /wishlist/toggle (contract/wishlist.ts): the wishlist screen. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getWishlist, toggleWishlist, type WishlistItem } from '../../../contract/wishlist';
import { apiOf } from '../../../shared/api/client';

const listKey = ['wishlist', 'list'] as const;

export const wishlistQueryOptions = () =>
  queryOptions({
    queryKey: listKey,
    queryFn: async ({ client, signal }) => (await apiOf(client)(getWishlist, { signal })).records,
    staleTime: 0,
  });

export function useWishlist() {
  return useQuery(wishlistQueryOptions());
}

/** Takes a part off the list; its tile leaves at once and the hearts' set is read again. */
export function useRemoveFromWishlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tag: string) => apiOf(client)(toggleWishlist, { body: { tag } }),
    onSuccess: (answer, tag) => {
      if (!answer.on_member_wishlist) client.setQueryData<WishlistItem[]>(listKey, (items) => items?.filter((item) => item.tag !== tag));
      void client.invalidateQueries({ queryKey: ['wishlist'] });
    },
  });
}
