/**
 * The cart the screens draw: the server's cart with the changes still in the queue laid over it
 * (src/shared/cart/pending-cart.ts), read from the queue itself (pending cart mutations, which
 * also come back from storage after a reload), so there is one owner of what is waiting.
 */
import { useMutationState } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCart } from './cart-api';
import { cartKeys } from './cart-keys';
import { applyPendingChanges, pendingChangeOf, type CartView, type PendingChange } from './pending-cart';

/** The queued cart changes, oldest first. */
export function usePendingCartChanges(): PendingChange[] {
  const pending = useMutationState({
    filters: { mutationKey: cartKeys.all, status: 'pending' },
    select: (mutation) => pendingChangeOf(mutation.options.mutationKey?.[2], mutation.state.variables),
  });
  return useMemo(() => pending.filter((change): change is PendingChange => change !== null), [pending]);
}

export function useCartView(): { cart: CartView | undefined; isPending: boolean; isError: boolean } {
  const query = useCart();
  const changes = usePendingCartChanges();
  const cart = useMemo(() => (query.data ? applyPendingChanges(query.data, changes) : undefined), [query.data, changes]);
  return { cart, isPending: query.isPending, isError: query.isError };
}
