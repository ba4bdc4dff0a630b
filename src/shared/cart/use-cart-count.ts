/**
 * Number of parts in the cart for the header badge: the cart's total_quantity (lines still for
 * sale), from the same cached cart every cart screen reads and every cart change replaces, or,
 * while cart changes wait in the queue, the count with them laid over (src/shared/cart/
 * queued-count.ts). The cart module loads on demand inside the query, so the home page's first
 * download does not carry the cart's schemas.
 */
import { useQuery } from '@tanstack/react-query';
import { apiOf } from '../api/client';
import { CART_STALE_MS, cartKeys } from './cart-keys';
import { useQueuedCount } from './queued-count';

export function useCartCount(): number {
  const { data } = useQuery({
    queryKey: cartKeys.current(),
    queryFn: async ({ client, signal }) => (await import('./cart-api')).fetchCart(apiOf(client), signal),
    staleTime: CART_STALE_MS,
    select: (cart) => cart.total_quantity,
  });
  const queued = useQueuedCount();
  return queued ?? data ?? 0;
}
