/**
 * The cart the screens draw: the server's cart with the changes still in the queue laid over it
 * (src/shared/cart/pending-cart.ts), read from the queue itself (pending cart mutations, which
 * also come back from storage after a reload), so there is one owner of what is waiting.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { useHydrated } from '../hooks/use-hydrated';
import { useCart } from './cart-api';
import { cartKeys } from './cart-keys';
import { applyPendingChanges, CART_NOT_KEPT, pendingChangeOf, type CartView, type PendingChange } from './pending-cart';
import { useSignal } from './use-signal';
import { isApiError } from '../api/api-error';

const none: PendingChange[] = [];

/**
 * The queued cart changes, oldest first. Read from the mutation cache directly (TanStack's
 * useMutationState would add to the first download for one screen's sake); until the page has
 * hydrated, none, so what hydrates is what the server drew.
 */
export function usePendingCartChanges(): PendingChange[] {
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  const last = useRef<{ key: string; changes: PendingChange[] }>({ key: '[]', changes: none });
  const read = useCallback(() => {
    const changes = queryClient
      .getMutationCache()
      .findAll({ mutationKey: cartKeys.all, status: 'pending' })
      .map((mutation) => pendingChangeOf(mutation.options.mutationKey?.[2], mutation.state.variables))
      .filter((change): change is PendingChange => change !== null);
    // The same list as before keeps its identity, so the screens do not redraw for nothing.
    const key = JSON.stringify(changes);
    if (key !== last.current.key) last.current = { key, changes: changes.length > 0 ? changes : none };
    return last.current.changes;
  }, [queryClient]);
  const changes = useSyncExternalStore(
    useCallback((listener: () => void) => queryClient.getMutationCache().subscribe(listener), [queryClient]),
    read,
    () => none,
  );
  return hydrated ? changes : none;
}

export interface CartViewState {
  cart: CartView | undefined;
  isPending: boolean;
  isError: boolean;
  /**
   * Without signal, and no cart kept on this device: the queued changes are drawn over an empty
   * cart, and the parts already in the cart show when the signal returns (never 'could not reach
   * the shop' while the app knows it is offline).
   */
  notKept: boolean;
}

export function useCartView(): CartViewState {
  const query = useCart();
  const online = useSignal();
  const hydrated = useHydrated();
  const changes = usePendingCartChanges();
  const notKept = hydrated && query.data === undefined && (!online || (isApiError(query.error) && query.error.kind === 'network'));
  const base = query.data ?? (notKept ? CART_NOT_KEPT : undefined);
  const cart = useMemo(() => (base ? applyPendingChanges(base, changes) : undefined), [base, changes]);
  return { cart, isPending: query.isPending && !notKept, isError: query.isError && !notKept, notKept };
}
