/**
 * What of the query cache is kept between visits (src/shared/query-persist.ts does the keeping),
 * as pure rules with their tests beside them:
 * - queries: the cart, the app props and the catalogue's small lists (part types, makes, models,
 *   the category menu): what a cold start without signal needs to show the last cart and the
 *   search at once; and the newest few part pages viewed (public catalogue data), so a part added
 *   to the cart without signal is drawn with its name and price, and its page opens again.
 *   Of the account area only the member's saved searches (issue 17: a trade buyer opens them
 *   and their last results without signal) and the first page of 'My orders' (issue 28: a return
 *   is started from it without signal); nothing else of it (addresses, other pages), and no other
 *   visitor's data: one browser profile, one session.
 * - mutations: the cart changes that may wait for signal (add, remove, warranty), while pending:
 *   paused or in flight. TanStack Query keeps only paused ones by default, so a change in flight
 *   at a reload was lost (TanStack/query#6238); here it is kept and restored as paused, and sent
 *   again with its own Idempotency-Key, which the server answers once.
 * - owner: the session. The persisted cache carries a fingerprint of the session's CSRF token (a
 *   new one at every sign-in, sign-out and new session); a cache of another session is dropped,
 *   as the cart belongs to the session.
 */
import type { DehydratedState } from '@tanstack/react-query';
import { OFFLINE_CART_WRITES } from './cart/cart-queue';

/** The localStorage key of the persisted cache. */
export const PERSIST_KEY = 'shop-query-cache';
/** Raised when what is persisted changes shape, so an older copy is dropped rather than misread. */
export const PERSIST_VERSION = '1';
/** Queued cart changes are kept for a week (as the outbox), then dropped with the rest. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The first part of the query keys that are kept; the cart only as its current cart. */
const KEPT_QUERY_ROOTS = new Set(['app-props', 'part-types', 'makes', 'models', 'categories-menu', 'return-reasons']);

/**
 * 'My orders' as first read (page 1, not the abandoned carts): a return is started there, and
 * queued, on a later visit without signal (issue 28).
 */
const isOrdersFirstPageKey = (queryKey: readonly unknown[]) => {
  const params = queryKey[2] as { abandoned?: unknown; page?: unknown } | undefined;
  return queryKey[0] === 'account' && queryKey[1] === 'orders' && typeof params === 'object' && params !== null && params.abandoned === false && params.page === 1;
};

/** The member's own data that is kept, and dropped with the session that read it. */
const isSessionDataKey = (queryKey: readonly unknown[]) => (queryKey[0] === 'saved-searches' && queryKey[1] === 'list') || isOrdersFirstPageKey(queryKey);

/** How many part pages are kept (the newest viewed). */
export const KEPT_PART_PAGES = 5;

const isPartPageKey = (queryKey: readonly unknown[]) => queryKey[0] === 'product' && queryKey[1] === 'part';

export function shouldPersistQueryKey(queryKey: readonly unknown[]): boolean {
  const [root, second] = queryKey;
  if (root === 'cart') return second === 'current';
  if (isPartPageKey(queryKey) || isSessionDataKey(queryKey)) return true;
  return typeof root === 'string' && KEPT_QUERY_ROOTS.has(root);
}

/** The kept queries that belong to the session's member, not to the phone: gone when the session changes. */
export function isMemberQueryKey(queryKey: readonly unknown[]): boolean {
  return isSessionDataKey(queryKey);
}

/** Catalogue lists go first when storage is full; the cart and app props stay. */
export function isCatalogueQueryKey(queryKey: readonly unknown[]): boolean {
  return queryKey[0] !== 'cart' && queryKey[0] !== 'app-props';
}

export function shouldPersistMutationKey(mutationKey: readonly unknown[] | undefined): boolean {
  return !!mutationKey && mutationKey[0] === 'cart' && mutationKey[1] === 'write' && (OFFLINE_CART_WRITES as readonly unknown[]).includes(mutationKey[2]);
}

/**
 * A fingerprint of the session's CSRF token (FNV-1a, 32 bits): enough to tell two sessions apart,
 * and the token itself is not copied into storage.
 */
export function sessionFingerprint(token: string | undefined): string {
  if (!token) return 'none';
  let hash = 0x811c9dc5;
  for (let index = 0; index < token.length; index += 1) {
    hash ^= token.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** The persisted cache's buster: its shape's version and its session. */
export function busterFor(token: string | undefined): string {
  return `${PERSIST_VERSION}:${sessionFingerprint(token)}`;
}

function idempotencyKeyOf(variables: unknown): string | undefined {
  const key = variables && typeof variables === 'object' ? (variables as { idempotencyKey?: unknown }).idempotencyKey : undefined;
  return typeof key === 'string' ? key : undefined;
}

/**
 * What of a persisted cache may be put back into a client, or null when none of it may (another
 * session, too old, another shape):
 * - mutations: each change once, by its Idempotency-Key, and none the client already holds, so a
 *   second restore or a copy saved twice cannot double the queue (TanStack/query#4846); each
 *   restored as paused, also one that was in flight, so `resumePausedMutations` sends it again
 *   (TanStack/query#6238); in the order they were made, which the queue's scope keeps.
 * - queries: only those the rules keep (a copy from an older rule set may hold others).
 */
export function restorableState(
  persisted: { timestamp?: number; buster?: string; clientState?: Partial<DehydratedState> } | undefined | null,
  { buster, now, heldKeys }: { buster: string; now: number; heldKeys: ReadonlySet<string> },
): DehydratedState | null {
  if (!persisted?.clientState || typeof persisted.timestamp !== 'number') return null;
  if (persisted.buster !== buster || now - persisted.timestamp > PERSIST_MAX_AGE_MS) return null;
  const seen = new Set(heldKeys);
  const mutations = (persisted.clientState.mutations ?? []).flatMap((mutation) => {
    if (!shouldPersistMutationKey(mutation.mutationKey) || mutation.state.status !== 'pending') return [];
    const key = idempotencyKeyOf(mutation.state.variables);
    if (!key || seen.has(key)) return [];
    seen.add(key);
    return [{ ...mutation, state: { ...mutation.state, isPaused: true } }];
  });
  const queries = (persisted.clientState.queries ?? []).filter((query) => shouldPersistQueryKey(query.queryKey) && query.state.status === 'success');
  return { mutations, queries };
}

/** The Idempotency-Keys of the cart changes a client holds now. */
export function heldIdempotencyKeys(mutations: readonly { state: { variables: unknown } }[]): Set<string> {
  return new Set(mutations.flatMap((mutation) => idempotencyKeyOf(mutation.state.variables) ?? []));
}

/** The queries to keep, with only the newest {@link KEPT_PART_PAGES} part pages among them. */
export function keptQueries<Q extends { queryKey: readonly unknown[]; state: { dataUpdatedAt: number } }>(queries: readonly Q[]): Q[] {
  const newestParts = new Set(
    queries
      .filter((query) => isPartPageKey(query.queryKey))
      .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
      .slice(0, KEPT_PART_PAGES),
  );
  return queries.filter((query) => shouldPersistQueryKey(query.queryKey) && (!isPartPageKey(query.queryKey) || newestParts.has(query)));
}
