import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../domain/outbox';
import { createIndexedDbOutboxStore, OUTBOX_DB_VERSION } from './outbox-store';

// The outbox's IndexedDB schema across an update of the app: a new build's worker opens the
// database a previous build's worker wrote, with requests still waiting in it.

const item = (id: string, seq: number, extra: Partial<OutboxItem> = {}): OutboxItem => ({
  id,
  seq,
  kind: 'enquiry',
  label: `Enquiry ${id}`,
  body: { email: `${id}@example.com` },
  createdAt: Date.parse('2026-03-02T09:00:00Z') + seq,
  state: 'queued',
  attempts: 0,
  ...extra,
});

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('request failed'));
  });
}

/** A database exactly as version 1 of the store made and filled it. */
async function versionOne(factory: IDBFactory, items: unknown[], meta: { seq: number; csrf: string }): Promise<void> {
  const open = factory.open('shop-outbox', 1);
  open.onupgradeneeded = () => {
    open.result.createObjectStore('items', { keyPath: 'id' });
    open.result.createObjectStore('meta');
  };
  const db = await promised(open);
  const transaction = db.transaction(['items', 'meta'], 'readwrite');
  for (const each of items) transaction.objectStore('items').put(each);
  transaction.objectStore('meta').put(meta.seq, 'seq');
  transaction.objectStore('meta').put(meta.csrf, 'csrf');
  await new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('transaction failed'));
  });
  db.close();
}

describe('the outbox store across a schema update', () => {
  it('takes over the items a version 1 database holds, in the order made, with nothing lost or doubled', async () => {
    const factory = new IDBFactory();
    // Stored out of order by id; the third was written by an older build without attempts.
    const { attempts: _left, ...older } = item('c-third', 3, { state: 'needs-sign-in' });
    await versionOne(factory, [item('b-second', 2, { attempts: 2, nextAttemptAt: 5 }), older, item('a-first', 1)], { seq: 3, csrf: 'token-before-update' });

    const store = createIndexedDbOutboxStore(factory);
    const items = await store.all();
    expect(items.map((each) => each.id)).toEqual(['a-first', 'b-second', 'c-third']);
    expect(items[1]).toEqual(item('b-second', 2, { attempts: 2, nextAttemptAt: 5 }));
    expect(items[2]).toEqual({ ...older, attempts: 0 });
    // The facts beside them carry over: the next item is the fourth, sent with the kept token.
    expect(await store.nextSeq()).toBe(4);
    expect(await store.token()).toBe('token-before-update');

    const opened = await promised(factory.open('shop-outbox'));
    expect(opened.version).toBe(OUTBOX_DB_VERSION);
    opened.close();
  });

  it('starts a new database at the current version, and a later open keeps what it holds', async () => {
    const factory = new IDBFactory();
    const store = createIndexedDbOutboxStore(factory);
    await store.put(item('late', 2));
    await store.put(item('early', 1));
    expect((await createIndexedDbOutboxStore(factory).all()).map((each) => each.id)).toEqual(['early', 'late']);
  });
});
