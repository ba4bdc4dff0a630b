/**
 * The header's count with the cart changes still in the queue counted in, or null while nothing
 * waits. Kept by src/shared/query-persist.ts (loaded after hydration, with the queue it restores)
 * from the cart and the pending changes, by the same rule as the cart screens
 * (src/shared/cart/pending-cart.ts); the header only reads it, so the home page's first download
 * carries neither the rule nor the queue.
 */
import { useSyncExternalStore } from 'react';

let queuedCount: number | null = null;
const listeners = new Set<() => void>();

export function setQueuedCount(count: number | null): void {
  if (count === queuedCount) return;
  queuedCount = count;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useQueuedCount(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => queuedCount,
    () => null,
  );
}
