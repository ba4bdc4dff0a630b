/**
 * The jobs, blog and static page calls under hostile input: quotes, NUL, huge numbers, unicode,
 * long strings and LIKE wildcards in every parameter never make a 5xx, and always answer the
 * envelope; the application under hostile text parts stores nothing it should not.
 */
import { describe, expect, it } from 'vitest';
import { contentApp } from '../../test/content';

const VALUES = ["'", "' OR '1'='1' --", '%00', '99999999999', '-1', '1e3', '0x10', '%F0%9F%98%80', 'x'.repeat(300), '%25_%5C', '%5B%5D', ' '];

const CALLS = [
  (v: string) => `/jobs/list.json?category=${v}&location=${v}&keyword=${v}&sort=${v}&direction=${v}&page=${v}`,
  (v: string) => `/jobs/list.json?keyword=${v}`,
  (v: string) => `/jobs/get/${v}.json`,
  (v: string) => `/articles/listing.json?page=${v}&tag=${v}&category=${v}`,
  (v: string) => `/articles/get/${v}.json`,
  (v: string) => `/static-contents/page/${v}.json`,
];

describe('hostile input to the content calls', () => {
  it('never answers 500, whatever the values', async () => {
    const { app } = await contentApp();
    for (const call of CALLS) {
      for (const value of VALUES) {
        const url = `/web-api${call(encodeURIComponent(decodeURIComponent(value)))}`;
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBeLessThan(500);
        expect(response.json(), url).toHaveProperty('success');
      }
    }
    for (const value of VALUES) {
      const url = `/blog-images/${encodeURIComponent(decodeURIComponent(value))}/big.webp?v=${encodeURIComponent(decodeURIComponent(value))}`;
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBeLessThan(500);
    }
  });
});
