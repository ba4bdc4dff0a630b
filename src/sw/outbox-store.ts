/// <reference lib="webworker" />
/**
 * The outbox's IndexedDB store, owned by the service worker (pages reach it only through the
 * worker's messages, outbox.ts): the items by their Idempotency-Key, and two facts beside them,
 * the last order number given and the CSRF token the pages last gave. A few lines of plain
 * IndexedDB rather than a package, since the worker uses only workbox-* packages.
 */
import type { OutboxItem } from '../domain/outbox';

const DB_NAME = 'shop-outbox';
const ITEMS = 'items';
const META = 'meta';
/** The items' index by order made, which replays read them in. */
const BY_SEQ = 'by-seq';

/**
 * The store's schema version. A new build's worker takes over the queue as it is: it opens the
 * database at its version and `migrate` carries every earlier version's items forward, never
 * dropping one (an update while requests wait must neither lose nor resend them).
 * - 1: the items by id, and the meta facts (last order number, CSRF token).
 * - 2: an index of the items by order made (`seq`); items kept by version 1 get the fields
 *   version 2 relies on (`seq`, `attempts`, `createdAt`).
 */
export const OUTBOX_DB_VERSION = 2;

/** Brings a database from `oldVersion` (0: new) to {@link OUTBOX_DB_VERSION}, inside the upgrade's transaction. */
function migrate(db: IDBDatabase, transaction: IDBTransaction, oldVersion: number): void {
  if (oldVersion < 1) {
    db.createObjectStore(ITEMS, { keyPath: 'id' });
    db.createObjectStore(META);
  }
  if (oldVersion < 2) {
    const items = transaction.objectStore(ITEMS);
    items.createIndex(BY_SEQ, 'seq');
    if (oldVersion >= 1) {
      const cursor = items.openCursor();
      cursor.onsuccess = () => {
        const at = cursor.result;
        if (!at) return;
        const item = at.value as Partial<OutboxItem> & { id: string };
        const attempts = typeof item.attempts === 'number' ? item.attempts : 0;
        const createdAt = typeof item.createdAt === 'number' ? item.createdAt : Date.now();
        // An item outside the index would never be read again: one without an order goes first.
        const seq = typeof item.seq === 'number' ? item.seq : 0;
        if (attempts !== item.attempts || createdAt !== item.createdAt || seq !== item.seq) at.update({ ...item, attempts, createdAt, seq });
        at.continue();
      };
    }
  }
}

export interface OutboxStore {
  all(): Promise<OutboxItem[]>;
  get(id: string): Promise<OutboxItem | undefined>;
  put(item: OutboxItem): Promise<void>;
  remove(id: string): Promise<void>;
  /** The next order number (one more than the last given). */
  nextSeq(): Promise<number>;
  token(): Promise<string | undefined>;
  setToken(token: string): Promise<void>;
}

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
  });
}

export function createIndexedDbOutboxStore(factory: IDBFactory = indexedDB): OutboxStore {
  let opened: Promise<IDBDatabase> | undefined;
  const database = (): Promise<IDBDatabase> => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, OUTBOX_DB_VERSION);
      request.onupgradeneeded = (event) => {
        if (request.transaction) migrate(request.result, request.transaction, event.oldVersion);
      };
      request.onsuccess = () => {
        const db = request.result;
        // A newer worker upgrading the database: let it, and open again next time.
        db.onversionchange = () => {
          db.close();
          opened = undefined;
        };
        resolve(db);
      };
      request.onerror = () => {
        opened = undefined;
        reject(request.error ?? new Error('IndexedDB could not be opened'));
      };
    });
    return opened;
  };

  async function run<T>(storeName: string, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const transaction = (await database()).transaction(storeName, mode);
    const result = promised(work(transaction.objectStore(storeName)));
    await done(transaction);
    return result;
  }

  return {
    // In the order made.
    all: () => run(ITEMS, 'readonly', (store) => store.index(BY_SEQ).getAll() as IDBRequest<OutboxItem[]>),
    get: (id) => run(ITEMS, 'readonly', (store) => store.get(id) as IDBRequest<OutboxItem | undefined>),
    put: async (item) => {
      await run(ITEMS, 'readwrite', (store) => store.put(item));
    },
    remove: async (id) => {
      await run(ITEMS, 'readwrite', (store) => store.delete(id));
    },
    async nextSeq() {
      // Read and write in one transaction, so two adds never get the same number.
      const transaction = (await database()).transaction(META, 'readwrite');
      const store = transaction.objectStore(META);
      const last = ((await promised(store.get('seq'))) as number | undefined) ?? 0;
      store.put(last + 1, 'seq');
      await done(transaction);
      return last + 1;
    },
    token: () => run(META, 'readonly', (store) => store.get('csrf') as IDBRequest<string | undefined>),
    setToken: async (token) => {
      await run(META, 'readwrite', (store) => store.put(token, 'csrf'));
    },
  };
}
