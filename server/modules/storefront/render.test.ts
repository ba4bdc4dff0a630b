/**
 * The server render (src/entry-server.tsx through TanStack Router's SSR), driven from its sources:
 * what a crawler and a first visit get for each kind of page, the statuses, and one QueryClient per
 * request (two visitors asking at once never get each other's data).
 */
import { isNull, sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { vehicleProducts } from '../../db/schema';
import { sourceRenderEntry } from '../../test/app';
import { catalogueApp, useSeededCatalogue } from '../../test/catalogue';
import { testDatabase } from '../../test/database';

useSeededCatalogue({ parts: 300, seed: 1 });

const PUBLIC_URL = 'https://www.partsfinder.example';
const shop = () => catalogueApp({ env: { PUBLIC_URL }, loadRenderEntry: sourceRenderEntry });

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const metaOf = (html: string, name: string) => new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const jsonLdOf = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>);

describe('a page rendered on the server', () => {
  it.each([
    ['/', 'PartsFinder UK — used car parts, checked and guaranteed', '/'],
    ['/category/101', 'Engines and cylinder heads — PartsFinder UK', '/category/101'],
    ['/product/ford/focus/alternator/P0012001', 'Ford Focus Alternator AV6N-10300-GC, used, grade A | PartsFinder UK', '/product/ford/focus/alternator/P0012001'],
  ])('%s has its title, description and canonical URL in the HTML, and the page itself', async (url, title, canonical) => {
    const app = await shop();
    const response = await app.inject({ method: 'GET', url });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html.startsWith('<!DOCTYPE html><html lang="en-GB">')).toBe(true);
    expect(titleOf(html)).toBe(title);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(metaOf(html, 'description')?.length).toBeGreaterThan(40);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(canonicalOf(html)).toBe(PUBLIC_URL + canonical);
    // The page, not an empty shell: the layout and a heading of its own.
    expect(html).toContain('<main id="main"');
    expect(html).toMatch(/<h1[^>]*>[^<]+/);
    // The app's scripts as ordinary module scripts, nothing held back.
    expect(html).toMatch(/<script type="module" src="\/assets\/index-B2x9kQ1a\.js" nonce="[^"]+"><\/script>/);
    expect(html).toContain('<link rel="stylesheet" href="/assets/style-C3y0lR2b.css"');
  });

  it('gives a part page its Product JSON-LD', async () => {
    const app = await shop();
    const html = (await app.inject({ method: 'GET', url: '/product/ford/focus/alternator/P0012001' })).body;

    expect(jsonLdOf(html)).toEqual([
      expect.objectContaining({ '@type': 'Product', sku: 'P0012001', mpn: 'AV6N-10300-GC', offers: expect.objectContaining({ price: '79.99', priceCurrency: 'GBP' }) }),
    ]);
  });

  it('gives a vehicle page its own title, description, canonical and JSON-LD', async () => {
    const app = await shop();
    const { db } = await testDatabase();
    const [vehicle] = await db.select().from(vehicleProducts).where(isNull(vehicleProducts.parentId)).limit(1);
    if (!vehicle) throw new Error('no vehicle product seeded');

    const response = await app.inject({ method: 'GET', url: `/product/${vehicle.slug}` });

    expect(response.statusCode).toBe(200);
    expect(titleOf(response.body)).toBe(`${vehicle.name} for sale | PartsFinder UK`);
    expect(metaOf(response.body, 'description')).toContain(`${vehicle.name} for sale`);
    expect(canonicalOf(response.body)).toBe(`${PUBLIC_URL}/product/${vehicle.slug}`);
    expect(jsonLdOf(response.body)[0]).toMatchObject({ '@type': 'Product', name: vehicle.name });
  });

  it('keeps a sold part at 200, with its sold state', async () => {
    const app = await shop();
    const response = await app.inject({ method: 'GET', url: '/product/ford/focus/alternator/P0012008' });

    expect(response.statusCode).toBe(200);
    expect((jsonLdOf(response.body)[0]?.offers as { availability: string }).availability).toBe('https://schema.org/SoldOut');
  });

  it.each(['/no-such-page', '/product/ford/focus/alternator/P9999999'])('answers %s with the not-found page and 404', async (url) => {
    const app = await shop();
    const response = await app.inject({ method: 'GET', url });

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(titleOf(response.body)).toBe('Page not found | PartsFinder UK');
    expect(metaOf(response.body, 'robots')).toBe('noindex');
    expect(response.body).toContain('We can’t find that page');
    expect(response.body).not.toContain('application/ld+json');
    expect(canonicalOf(response.body)).toBeUndefined();
  });

  it('renders the error page with 500 when the page’s data fails', async () => {
    const app = await shop();
    const { db } = await testDatabase();
    // A database that lost the table the part page reads: a real server error, not a stand-in.
    await db.execute(sql`ALTER TABLE parts RENAME TO parts_gone`);
    onTestFinished(async () => {
      await db.execute(sql`ALTER TABLE parts_gone RENAME TO parts`);
    });

    const response = await app.inject({ method: 'GET', url: '/product/ford/focus/alternator/P0012001' });

    expect(response.statusCode).toBe(500);
    expect(response.body).toContain('This page could not load');
    expect(response.body).toContain('<main id="main"');
    // The envelope's message, never the SQL.
    expect(response.body).not.toContain('parts_gone');
  });

  it('makes one QueryClient per request: two visitors asking at once get their own data and session', async () => {
    const app = await shop();
    const asks = [
      { url: '/product/ford/focus/alternator/P0012001', tag: 'P0012001', other: 'P0012002' },
      { url: '/product/P0012002', tag: 'P0012002', other: 'P0012001' },
    ];
    const responses = await Promise.all([...asks, ...asks, ...asks].map((ask) => app.inject({ method: 'GET', url: ask.url }).then((response) => ({ ask, response }))));

    const tokens = new Set<string>();
    for (const { ask, response } of responses) {
      expect(response.statusCode).toBe(200);
      const token = response.cookies.find((cookie) => cookie.name === 'csrf-token')?.value ?? '';
      tokens.add(token);
      // Each page names its own visitor's session, and only its own product.
      expect(metaOf(response.body, 'csrf-token')).toBe(token);
      expect(response.body).toContain(ask.tag);
      expect(response.body).not.toContain(ask.other);
    }
    expect(tokens.size).toBe(responses.length);
  });
});
