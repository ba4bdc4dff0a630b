import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { matchesIfNoneMatch } from '../../http/conditional';
import { etagOf, memoryStore } from './answer-cache';
import { createSearchIds, searchIdKeyOf } from './search-id';

/** What a store holds under a key, as text. */
const textOf = async (kept: Promise<Buffer | undefined>) => (await kept)?.toString('utf8');

describe('the in-process answer store', () => {
  it('lets the least recently used answer go first, by number of answers', async () => {
    const store = memoryStore(2, 1024);
    store.set('a', Buffer.from('A'));
    store.set('b', Buffer.from('B'));
    expect(await textOf(store.get('a'))).toBe('A');
    store.set('c', Buffer.from('C'));

    expect(await store.get('b')).toBeUndefined();
    expect(await textOf(store.get('a'))).toBe('A');
    expect(await textOf(store.get('c'))).toBe('C');
  });

  it('stays within its bytes, keeps nothing larger than them, and nothing at 0 entries', async () => {
    const store = memoryStore(100, 10);
    store.set('a', Buffer.from('£££'));
    store.set('b', Buffer.from('12345'));
    store.set('c', Buffer.from('xyz'));
    // '£' is two bytes: 6 + 5 + 3 > 10, so 'a' went.
    expect(await store.get('a')).toBeUndefined();
    expect(await textOf(store.get('b'))).toBe('12345');
    expect(store.bytes?.()).toBe(8);
    store.set('big', Buffer.from('x'.repeat(11)));
    expect(await store.get('big')).toBeUndefined();

    const none = memoryStore(0, 1024);
    none.set('a', Buffer.from('A'));
    expect(await none.get('a')).toBeUndefined();
  });
});

describe('ETags', () => {
  it('change with any byte of the body and match If-None-Match as RFC 9110 reads it', () => {
    const etag = etagOf('{"success":true}');
    expect(etag).not.toBe(etagOf('{"success":true} '));
    // The same tag from the text and from the bytes sent (as the kept answers hash them).
    expect(etagOf(Buffer.from('{"name":"Škoda £"}', 'utf8'))).toBe(etagOf('{"name":"Škoda £"}'));
    expect(matchesIfNoneMatch(etag, etag)).toBe(true);
    expect(matchesIfNoneMatch(`"x", W/${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch('*', etag)).toBe(true);
    expect(matchesIfNoneMatch('"x"', etag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
  });
});

describe('SearchIDs', () => {
  it('read back what they say, and nothing once a character of them changes', () => {
    const ids = createSearchIds('k'.repeat(32));
    const search = { makeId: 3, modelId: 41, year: 2012, engineCode: 'T1DA', partTypeId: 7 };
    const searchId = ids.encode(search);

    expect(ids.decode(searchId)).toEqual(search);
    expect(createSearchIds('other'.repeat(8)).decode(searchId)).toBeUndefined();
    for (let i = 0; i < searchId.length; i++) {
      const changed = `${searchId.slice(0, i)}${searchId[i] === 'A' ? 'B' : 'A'}${searchId.slice(i + 1)}`;
      expect(ids.decode(changed), changed).toBeUndefined();
    }
  });

  it('are signed in production on embedded data with a key made once and kept in DATA_DIR', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-search-id-'));
    try {
      const key = searchIdKeyOf(undefined, dataDir);
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect(searchIdKeyOf(undefined, dataDir)).toBe(key);
      expect(readFileSync(path.join(dataDir, 'search-id.key'), 'utf8')).toBe(key);
      expect(searchIdKeyOf('configured'.repeat(4), dataDir)).toBe('configured'.repeat(4));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
