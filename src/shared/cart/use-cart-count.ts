/**
 * Number of parts in the cart for the header badge: the cart's total_quantity (lines still for
 * sale), from the same cached cart every cart screen reads and every cart change replaces, with
 * the changes still waiting in the queue counted in (a part added without signal counts at once).
 * The cart module loads on demand inside the query, so the home page's first download does not
 * carry the cart's schemas.
 */
import { useMutationState, useQuery } from '@tanstack/react-query';
import { apiOf } from '../api/client';
import { CART_STALE_MS, cartKeys } from './cart-keys';

export function useCartCount(): number {
  const { data } = useQuery({
    queryKey: cartKeys.current(),
    queryFn: async ({ client, signal }) => (await import('./cart-api')).fetchCart(apiOf(client), signal),
    staleTime: CART_STALE_MS,
    select: (cart) => ({
      count: cart.total_quantity,
      ids: cart.cart_products.map((line) => line.id),
      tags: cart.cart_products.map((line) => line.tag),
      forSale: cart.cart_products.filter((line) => !line.gone).map((line) => line.tag),
    }),
  });
  const queued = useMutationState({
    filters: { mutationKey: cartKeys.all, status: 'pending' },
    select: (mutation) => {
      const name = mutation.options.mutationKey?.[2];
      const write = mutation.state.variables as { body?: { id?: number; product?: { tag?: string } }; tag?: string } | undefined;
      return name === 'add-item' ? { add: write?.body?.product?.tag } : name === 'delete-item' ? { remove: write?.body?.id, tag: write?.tag } : null;
    },
  });
  if (!data) return 0;
  // The same rule as the cart's overlay (pending-cart.ts), kept to counting so the first download
  // stays small: a new part adds one, a removal of a line there takes one away.
  const tags = new Set(data.forSale);
  let count = data.count;
  for (const change of queued) {
    if (change?.add !== undefined && !tags.has(change.add)) {
      tags.add(change.add);
      count += 1;
    } else if (change && 'remove' in change) {
      const tag = change.remove && change.remove > 0 ? data.tags[data.ids.indexOf(change.remove)] : change.tag;
      if (tag !== undefined && tags.delete(tag)) count -= 1;
    }
  }
  return Math.max(count, 0);
}
