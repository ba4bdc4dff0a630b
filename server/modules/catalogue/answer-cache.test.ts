import { describe, expect, it } from 'vitest';
import { etagOf, matchesIfNoneMatch, memoryStore } from './answer-cache';

describe('the in-process answer store', () => {
  it('lets the least recently used answer go first, by number of answers', async () => {
    const store = memoryStore(2);
    store.set('a', 'A');
    store.set('b', 'B');
    expect(await store.get('a')).toBe('A');
    store.set('c', 'C');

    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toBe('A');
    expect(await store.get('c')).toBe('C');
  });

  it('stays within its bytes, keeps nothing larger than them, and nothing at 0 entries', async () => {
    const store = memoryStore(100, 10);
    store.set('a', '£££');
    store.set('b', '12345');
    store.set('c', 'xyz');
    // '£' is two bytes: 6 + 5 + 3 > 10, so 'a' went.
    expect(await store.get('a')).toBeUndefined();
    expect(await store.get('b')).toBe('12345');
    store.set('big', 'x'.repeat(11));
    expect(await store.get('big')).toBeUndefined();

    const none = memoryStore(0);
    none.set('a', 'A');
    expect(await none.get('a')).toBeUndefined();
  });
});

describe('ETags', () => {
  it('change with any byte of the body and match If-None-Match as RFC 9110 reads it', () => {
    const etag = etagOf('{"success":true}');
    expect(etag).not.toBe(etagOf('{"success":true} '));
    expect(matchesIfNoneMatch(etag, etag)).toBe(true);
    expect(matchesIfNoneMatch(`"x", W/${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch('*', etag)).toBe(true);
    expect(matchesIfNoneMatch('"x"', etag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
  });
});
