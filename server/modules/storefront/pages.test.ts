import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceRenderEntry, startVisit, testApp, type TestAppOptions } from '../../test/app';

const pagesApp = (options: TestAppOptions = {}) => testApp({ loadRenderEntry: sourceRenderEntry, ...options });

describe('storefront pages', () => {
  it.each([
    ['/', 200],
    ['/categories?make=FORD', 200],
    ['/cart', 200],
    ['/jobs', 200],
    ['/blog/tag/news', 200],
    ['/no-such-page', 404],
    ['/panel', 200],
  ])('%s is rendered with the session head, revalidated on every load (%i)', async (url, status) => {
    const app = await pagesApp();
    const response = await app.inject({ method: 'GET', url });

    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const csrfCookie = response.cookies.find((cookie) => cookie.name === 'csrf-token')?.value;
    expect(response.body).toContain(`<meta name="csrf-token" content="${csrfCookie}"`);
  });

  it('answers a product URL whose product does not exist with the not-found page and status 404 (seo.test.ts has the rest)', async () => {
    const app = await pagesApp();
    const response = await app.inject({ method: 'GET', url: '/product/ford/focus/alternator/AB12CD' });

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<meta name="csrf-token"');
    expect(response.body).toContain('<meta name="robots" content="noindex"');
  });

  it('carries the app props of SPEC §3 with the flags from configuration, in the state the browser hydrates', async () => {
    const now = new Date('2026-11-24T14:59:30Z');
    const app = await pagesApp({ env: { FEATURE_LOWEST_PRICE: '0', FEATURE_PAYMENTS_PAYPAL: '0' }, clock: () => now });
    const response = await app.inject({ method: 'GET', url: '/' });

    // The router's dehydrated query cache (seroval, not JSON): the app-props query's data.
    expect(response.body).toContain('flags:');
    expect(response.body).toContain('{"payments.paypal":0,"payments.stripe":1,discountThresholds:1,companyAccount:1,lowestPrice:0}');
    // The page is drawn for the shop's clock, which tests set.
    expect(response.body).toContain('serverTime:"2026-11-24T14:59:30.000Z"');
  });

  it('gives the same props and the CSRF token as JSON, for pages served by the service worker', async () => {
    const app = await testApp({ env: { NODE_ENV: 'production' } });
    const visitor = await startVisit(app);
    const response = await app.inject({ method: 'GET', url: '/web-api/app-props.json', headers: { cookie: visitor.cookie } });

    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ success: true, props: expect.objectContaining({ isProduction: true }), csrfToken: visitor.csrfToken });
  });

  it('answers an unknown file with 404, not the SPA', async () => {
    const app = await testApp();
    for (const url of ['/foo.js', '/assets/missing-123.css', '/images/logo.png']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ success: false, msg: 'Not found' });
    }
  });

  it('is 404 for other methods outside the API', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'POST', url: '/cart' });

    expect(response.statusCode).toBe(404);
  });

  it('says so while the client has not been built', async () => {
    const app = await pagesApp({ env: { CLIENT_DIR: mkdtempSync(path.join(os.tmpdir(), 'shop-empty-')) } });
    const response = await app.inject({ method: 'GET', url: '/' });

    expect(response.statusCode).toBe(503);
    expect(response.body).toBe('The shop is being built, run npm run build');
  });
});
