/**
 * Keeps the query cache between visits in localStorage with TanStack's sync-storage persister, so
 * a cold start without signal shows the last cart and the last catalogue lists at once, and cart
 * changes queued offline survive a reload or a closed app (src/shared/query-persist-rules.ts says
 * what is kept and why).
 *
 * Loaded after hydration (src/main.tsx), so it is not in the first download and restoring cannot
 * change what React hydrates: restored queries replace only older data (hydrate keeps a newer
 * server render), and screens lay queued changes over the cart only once hydrated.
 */
import { hydrate, type QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { PersistedClient, PersistRetryer } from '@tanstack/react-query-persist-client';
import { readCsrfToken } from './api/csrf';
import { registerCartWriteDefaults } from './cart/cart-api';
import type { Cart } from '../contract/cart';
import { cartKeys } from './cart/cart-keys';
import { applyPendingChanges, CART_NOT_KEPT, pendingChangeOf, type PendingChange } from './cart/pending-cart';
import { setQueuedCount } from './cart/queued-count';
import { busterFor, heldIdempotencyKeys, isCatalogueQueryKey, isMemberQueryKey, keptQueries, PERSIST_KEY, restorableState, shouldPersistMutationKey } from './query-persist-rules';

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** When storage is full, drop catalogue lists (largest first) before anything else. */
const dropCatalogueFirst: PersistRetryer = ({ persistedClient }) => {
  const queries = persistedClient.clientState.queries;
  const catalogue = queries.filter((query) => isCatalogueQueryKey(query.queryKey));
  if (catalogue.length === 0) return undefined;
  const largest = catalogue.reduce((a, b) => (JSON.stringify(a.state.data ?? null).length >= JSON.stringify(b.state.data ?? null).length ? a : b));
  return { ...persistedClient, clientState: { ...persistedClient.clientState, queries: queries.filter((query) => query !== largest) } };
};

const started = new WeakSet<QueryClient>();

/**
 * Whether the page already holds a query the kept copy would replace. The page's own data (the
 * server's render, or the worker's copy of that page) wins over the kept copy, even an older one:
 * lazily loaded sections hydrate after this restore and must draw what the server drew (a newer
 * kept app-props moved the delivery countdown's clock, and React threw the page away, #418).
 * The cart is the exception: only sections hydrated with the page read it, and the newest cart is
 * the base the queued changes are laid over.
 */
function heldByPage(queryClient: QueryClient, queryKey: readonly unknown[], queryHash: string): boolean {
  if (queryKey[0] === cartKeys.all[0] && queryKey[1] === cartKeys.current()[1]) return false;
  return queryClient.getQueryCache().get(queryHash)?.state.status === 'success';
}

/** The header's count with the queued cart changes laid over the cart (null while none waits). */
function countQueued(queryClient: QueryClient): void {
  const cart = queryClient.getQueryData<Cart>(cartKeys.current());
  const changes = queryClient
    .getMutationCache()
    .findAll({ mutationKey: cartKeys.all, status: 'pending' })
    .map((mutation) => pendingChangeOf(mutation.options.mutationKey?.[2], mutation.state.variables))
    .filter((change): change is PendingChange => change !== null);
  // No cart kept (a first visit opened without signal): the queued changes over an empty cart.
  setQueuedCount(changes.length > 0 ? applyPendingChanges(cart ?? CART_NOT_KEPT, changes).total_quantity : null);
}

export function startQueryPersistence(queryClient: QueryClient): void {
  // Once per client: a second start (React's development double effects) would restore the same
  // changes twice.
  if (started.has(queryClient)) return;
  started.add(queryClient);
  // Before anything is restored: a restored change has only its key and variables, and finds
  // its function, queue and handlers by its key.
  registerCartWriteDefaults(queryClient);

  const storage = localStorageOrNull();
  if (!storage) return;
  const persister = createSyncStoragePersister({ storage, key: PERSIST_KEY, throttleTime: 300, retry: dropCatalogueFirst });

  let buster = busterFor(readCsrfToken());
  try {
    const persisted = persister.restoreClient() as PersistedClient | undefined;
    const state = restorableState(persisted, { buster, now: Date.now(), heldKeys: heldIdempotencyKeys(queryClient.getMutationCache().getAll()) });
    if (state) hydrate(queryClient, { ...state, queries: state.queries.filter((query) => !heldByPage(queryClient, query.queryKey, query.queryHash)) });
    else if (persisted) void persister.removeClient();
  } catch {
    // An unreadable copy is dropped; the app simply starts without it.
    void persister.removeClient();
  }

  const snapshot = (): PersistedClient => {
    const now = busterFor(readCsrfToken());
    if (now !== buster) {
      // Signed in or out, or a new session: the cart shown belonged to the old one.
      buster = now;
      queryClient.removeQueries({ queryKey: cartKeys.current(), exact: true });
      // The member's saved searches are theirs alone: never kept under the next session.
      queryClient.removeQueries({ predicate: (query) => isMemberQueryKey(query.queryKey) });
    }
    return {
      buster,
      timestamp: Date.now(),
      // Queries and mutations kept as TanStack's `dehydrate` keeps them (only settled queries, so
      // no promise), written out here: `dehydrate` would join the framework chunk, and with it
      // the home page's first download.
      clientState: {
        // Every kept query that holds data, also one whose last refetch failed for want of signal:
        // the cart as last confirmed must not vanish from storage because a read failed offline
        // (then a reload without signal found no cart at all). Kept as the success it last was.
        queries: keptQueries(queryClient.getQueryCache().getAll().filter((query) => query.state.data !== undefined)).map((query) => ({
          queryKey: query.queryKey,
          queryHash: query.queryHash,
          state: query.state.status === 'success' ? query.state : { ...query.state, status: 'success' as const, error: null, fetchFailureReason: null },
          dehydratedAt: Date.now(),
        })),
        mutations: queryClient
          .getMutationCache()
          .getAll()
          .filter((mutation) => mutation.state.status === 'pending' && shouldPersistMutationKey(mutation.options.mutationKey))
          .map((mutation) => ({
            mutationKey: mutation.options.mutationKey,
            state: mutation.state,
            ...(mutation.options.scope ? { scope: mutation.options.scope } : {}),
          })),
      },
    };
  };
  const save = () => {
    void persister.persistClient(snapshot());
    countQueued(queryClient);
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') save();
  });
  queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') save();
  });
  // The persister saves at most every 300 ms; leaving the page (a reload, a closed tab, the app
  // sent to the background) writes at once, so a change made just before is not lost and a
  // change sent just before is not sent again.
  const flush = () => {
    try {
      storage.setItem(PERSIST_KEY, JSON.stringify(snapshot()));
    } catch {
      // Full or refused: the throttled save's own retry drops catalogue lists.
      save();
    }
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  save();
  // Restored changes go now when there is signal; otherwise the online manager resumes them when
  // it returns. The queue's scope sends them one at a time, in order (TanStack/query#4896).
  void queryClient.resumePausedMutations();
}
