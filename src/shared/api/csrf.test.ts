import { afterEach, describe, expect, it } from 'vitest';
import { CSRF_META_NAME } from '../../contract/http';
import { readCsrfToken } from './csrf';

/** A document with this cookie string, counting its reads, and a meta tag holding `meta`. */
function fakeDocument(cookie: string, meta?: string): { reads: number } {
  const counter = { reads: 0 };
  (globalThis as { document?: unknown }).document = {
    get cookie() {
      counter.reads += 1;
      return cookie;
    },
    querySelector: () => (meta === undefined ? null : { content: meta }),
  };
  return counter;
}

afterEach(() => {
  delete (globalThis as { document?: unknown }).document;
});

describe('readCsrfToken', () => {
  it('reads the cookie string once, preferring the plain cookie to the __Host- one', () => {
    const counter = fakeDocument(`other=1; __Host-${CSRF_META_NAME}=host%3Dtoken; ${CSRF_META_NAME}=plain=token`);
    expect(readCsrfToken()).toBe('plain=token');
    expect(counter.reads).toBe(1);
  });

  it('takes the __Host- cookie when there is no plain one, decoded', () => {
    fakeDocument(`__Host-${CSRF_META_NAME}=a%2Bb; theme=dark`);
    expect(readCsrfToken()).toBe('a+b');
  });

  it('falls back to the page’s meta tag when no cookie holds a token', () => {
    fakeDocument(`${CSRF_META_NAME}=; theme=dark`, 'from-meta');
    expect(readCsrfToken()).toBe('from-meta');
  });
});
