import { describe, expect, it } from 'vitest';
import { busterFor, heldIdempotencyKeys, isMemberQueryKey, keptQueries, PERSIST_MAX_AGE_MS, restorableState, sessionFingerprint, shouldPersistMutationKey, shouldPersistQueryKey } from './query-persist-rules';

const NOW = Date.UTC(2026, 10, 1, 9);

function mutation(name: string, key: string, state: Partial<{ status: string; isPaused: boolean }> = {}) {
  return {
    mutationKey: ['cart', 'write', name],
    scope: { id: 'cart' },
    state: {
      context: undefined,
      data: undefined,
      error: null,
      failureCount: 0,
      failureReason: null,
      isPaused: true,
      status: 'pending',
      variables: { body: { id: 1 }, idempotencyKey: key },
      submittedAt: 1,
      ...state,
    },
  };
}

const query = (queryKey: unknown[], status = 'success') => ({ queryKey, queryHash: JSON.stringify(queryKey), dehydratedAt: 1, state: { status, data: {}, dataUpdatedAt: 1 } });

function persisted(mutations: unknown[], queries: unknown[] = [], overrides: Record<string, unknown> = {}) {
  return { timestamp: NOW - 1000, buster: busterFor('token-a'), clientState: { mutations, queries }, ...overrides } as never;
}

describe('what is kept', () => {
  it('keeps the cart, app props, the catalogue lists and part pages, nothing of the account or other cart reads', () => {
    expect(shouldPersistQueryKey(['cart', 'current'])).toBe(true);
    expect(shouldPersistQueryKey(['app-props'])).toBe(true);
    expect(shouldPersistQueryKey(['part-types'])).toBe(true);
    expect(shouldPersistQueryKey(['models', 12])).toBe(true);
    expect(shouldPersistQueryKey(['cart', 'deliveries', 'none'])).toBe(false);
    expect(shouldPersistQueryKey(['cart', 'write', 'add-item'])).toBe(false);
    expect(shouldPersistQueryKey(['account', 'orders'])).toBe(false);
    expect(shouldPersistQueryKey(['product', 'part', 'P1'])).toBe(true);
    expect(shouldPersistQueryKey(['product', 'reviews', 1])).toBe(false);
  });

  it("keeps the member's saved searches, as the member's and not the phone's", () => {
    expect(shouldPersistQueryKey(['saved-searches', 'list'])).toBe(true);
    expect(isMemberQueryKey(['saved-searches', 'list'])).toBe(true);
    expect(shouldPersistQueryKey(['saved-searches', 'write'])).toBe(false);
    expect(isMemberQueryKey(['cart', 'current'])).toBe(false);
    expect(isMemberQueryKey(['part-types'])).toBe(false);
  });

  it("keeps the first page of the member's orders, where a return is started offline, as the member's", () => {
    const firstPage = { abandoned: false, page: 1, sort: 'created', direction: 'DESC' };
    expect(shouldPersistQueryKey(['account', 'orders', firstPage])).toBe(true);
    expect(isMemberQueryKey(['account', 'orders', firstPage])).toBe(true);
    expect(shouldPersistQueryKey(['account', 'orders', { ...firstPage, page: 2 }])).toBe(false);
    expect(shouldPersistQueryKey(['account', 'orders', { ...firstPage, abandoned: true }])).toBe(false);
  });

  it('keeps only the newest five part pages viewed', () => {
    const parts = Array.from({ length: 7 }, (_, index) => ({ queryKey: ['product', 'part', `P${index}`], state: { dataUpdatedAt: index } }));
    const kept = keptQueries([{ queryKey: ['cart', 'current'], state: { dataUpdatedAt: 0 } }, ...parts, { queryKey: ['account', 'orders'], state: { dataUpdatedAt: 9 } }]);
    expect(kept.map((query) => query.queryKey.at(-1))).toEqual(['current', 'P2', 'P3', 'P4', 'P5', 'P6']);
  });

  it('keeps only the cart changes that may wait for signal', () => {
    expect(shouldPersistMutationKey(['cart', 'write', 'add-item'])).toBe(true);
    expect(shouldPersistMutationKey(['cart', 'write', 'delete-item'])).toBe(true);
    expect(shouldPersistMutationKey(['cart', 'write', 'update-item'])).toBe(true);
    expect(shouldPersistMutationKey(['cart', 'write', 'create-order'])).toBe(false);
    expect(shouldPersistMutationKey(['cart', 'write', 'update-shipping'])).toBe(false);
    expect(shouldPersistMutationKey(undefined)).toBe(false);
  });
});

describe('the session owns the kept cache', () => {
  it('tells sessions apart without storing the token', () => {
    expect(sessionFingerprint('token-a')).toBe(sessionFingerprint('token-a'));
    expect(sessionFingerprint('token-a')).not.toBe(sessionFingerprint('token-b'));
    expect(sessionFingerprint('token-a')).not.toContain('token');
    expect(sessionFingerprint(undefined)).toBe('none');
  });

  it('drops a copy of another session, an old copy and a copy of another shape', () => {
    const options = { buster: busterFor('token-a'), now: NOW, heldKeys: new Set<string>() };
    expect(restorableState(persisted([mutation('add-item', 'key-00001')]), { ...options, buster: busterFor('token-b') })).toBeNull();
    expect(restorableState(persisted([], [], { timestamp: NOW - PERSIST_MAX_AGE_MS - 1 }), options)).toBeNull();
    expect(restorableState(persisted([], [], { buster: '0:whatever' }), options)).toBeNull();
    expect(restorableState(undefined, options)).toBeNull();
    expect(restorableState(persisted([mutation('add-item', 'key-00001')]), options)?.mutations).toHaveLength(1);
  });
});

describe('restoring the queue', () => {
  const options = { buster: busterFor('token-a'), now: NOW, heldKeys: new Set<string>() };

  it('restores a change that was in flight at the reload as paused, so it is sent again (TanStack/query#6238)', () => {
    const state = restorableState(persisted([mutation('add-item', 'key-00001', { isPaused: false })]), options);
    expect(state?.mutations[0]?.state.isPaused).toBe(true);
    expect(state?.mutations[0]?.state.status).toBe('pending');
  });

  it('never restores a change twice: not one the client holds, not one stored twice (TanStack/query#4846)', () => {
    const state = restorableState(persisted([mutation('add-item', 'key-00001'), mutation('delete-item', 'key-00002'), mutation('add-item', 'key-00001')]), {
      ...options,
      heldKeys: heldIdempotencyKeys([{ state: { variables: { idempotencyKey: 'key-00002' } } }]),
    });
    expect(state?.mutations.map((item) => (item.state.variables as { idempotencyKey: string }).idempotencyKey)).toEqual(['key-00001']);
  });

  it('keeps the order the changes were made in, and their queue', () => {
    const state = restorableState(persisted([mutation('add-item', 'key-00003'), mutation('delete-item', 'key-00001'), mutation('update-item', 'key-00002')]), options);
    expect(state?.mutations.map((item) => item.mutationKey?.[2])).toEqual(['add-item', 'delete-item', 'update-item']);
    expect(state?.mutations.every((item) => item.scope?.id === 'cart')).toBe(true);
  });

  it('leaves out settled changes, other writes and queries the rules do not keep', () => {
    const state = restorableState(
      persisted([mutation('add-item', 'key-00001', { status: 'success', isPaused: false }), mutation('create-order', 'key-00002')], [query(['cart', 'current']), query(['account', 'orders']), query(['part-types'], 'error')]),
      options,
    );
    expect(state?.mutations).toEqual([]);
    expect(state?.queries.map((item) => item.queryKey)).toEqual([['cart', 'current']]);
  });
});
