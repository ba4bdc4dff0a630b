import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/app';
import { guessViewport } from './first-paint';

/**
 * A client build with the app marker inside #root and a render bundle that behaves like the real
 * one (src/entry-server.tsx): it asks the API through the transport it was given, and answers
 * with markup, query state and a status. Some URLs fail or hang, as a broken build could.
 */
function buildsWithFirstPaint(): { CLIENT_DIR: string; FIRST_PAINT_DIR: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'shop-first-paint-'));
  const client = path.join(root, 'client');
  const server = path.join(root, 'server');
  mkdirSync(client);
  mkdirSync(server);
  writeFileSync(
    path.join(client, 'index.html'),
    '<!doctype html><html><head><title>Shop</title><!--app-head--></head><body><div id="root"><!--app-html--></div></body></html>',
  );
  writeFileSync(
    path.join(server, 'entry-server.js'),
    `let transport;
export function installTransport(fetch) { transport = fetch; }
export async function renderFirstPaint({ url, appProps, viewport }) {
  if (url.startsWith('/slow')) await new Promise((resolve) => setTimeout(resolve, 5000));
  if (url.startsWith('/broken')) throw new Error('render failed');
  if (url.startsWith('/viewport')) return { html: '<p>drawn for a ' + viewport + '</p>', queryState: {}, statusCode: 200 };
  const answer = await transport('/web-api/check', { method: 'GET', headers: { Accept: 'application/json' } });
  const check = await answer.json();
  return {
    html: '<main><h1>First paint of ' + url + '</h1><p>check ' + answer.status + ' ' + check.success + '</p><p>' + appProps.defaultCurrency + '</p></main>',
    queryState: { queries: [{ note: '</script><script>alert(1)</script>' }] },
    statusCode: url.startsWith('/missing') ? 404 : 200,
  };
}
`,
  );
  return { CLIENT_DIR: client, FIRST_PAINT_DIR: server };
}

describe('first paint rendered on the server', () => {
  it('puts the rendered page inside #root and its query cache in the head, safely escaped', async () => {
    const app = await testApp({ env: buildsWithFirstPaint() });

    const response = await app.inject({ method: 'GET', url: '/categories?oem=AV6N' });

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"><main><h1>First paint of /categories?oem=AV6N</h1><p>check 200 false</p><p>GBP</p></main></div>');
    const state = /<script id="query-state" type="application\/json" data-viewport="desktop">(.*?)<\/script>/.exec(response.body)?.[1] ?? '';
    expect(state).not.toContain('</script>');
    expect(JSON.parse(state)).toEqual({ queries: [{ note: '</script><script>alert(1)</script>' }] });
  });

  it('answers 404 when the router found nothing for the path', async () => {
    const app = await testApp({ env: buildsWithFirstPaint() });

    const response = await app.inject({ method: 'GET', url: '/missing/page' });

    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('First paint of /missing/page');
  });

  it('serves the plain app shell when the render fails or takes too long', async () => {
    const app = await testApp({ env: buildsWithFirstPaint() });

    for (const url of ['/broken', '/slow']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain('query-state');
      expect(response.body).toContain('<meta name="csrf-token"');
    }
  });

  it('serves the plain app shell without a render bundle', async () => {
    const app = await testApp({ env: { ...buildsWithFirstPaint(), FIRST_PAINT_DIR: path.join(os.tmpdir(), 'no-such-render-bundle') } });

    const response = await app.inject({ method: 'GET', url: '/' });

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('draws for the screen the request suggests, and tells the browser which', async () => {
    const app = await testApp({ env: buildsWithFirstPaint() });
    const pixel = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Mobile Safari/537.36';
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Safari/537.36';

    const phonePage = await app.inject({ method: 'GET', url: '/viewport', headers: { 'user-agent': pixel } });
    const desktopPage = await app.inject({ method: 'GET', url: '/viewport', headers: { 'user-agent': desktop } });

    expect(phonePage.body).toContain('<p>drawn for a phone</p>');
    expect(phonePage.body).toContain('data-viewport="phone"');
    expect(desktopPage.body).toContain('<p>drawn for a desktop</p>');
    expect(desktopPage.body).toContain('data-viewport="desktop"');
    expect(desktopPage.headers.vary).toContain('User-Agent');
  });
});

describe('guessViewport', () => {
  it('believes the mobile client hint first, then the User-Agent', () => {
    expect(guessViewport({ 'sec-ch-ua-mobile': '?1', 'user-agent': 'X11; Linux' })).toBe('phone');
    expect(guessViewport({ 'sec-ch-ua-mobile': '?0', 'user-agent': 'iPhone' })).toBe('desktop');
    expect(guessViewport({ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' })).toBe('phone');
    expect(guessViewport({ 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)' })).toBe('desktop');
    expect(guessViewport({})).toBe('desktop');
  });
});
