import { eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { grossFromNet } from '../../../src/domain/money';
import { parts, vehicleProducts } from '../../db/schema';
import { loadConfig } from '../../config';
import { sourceRenderEntry, testClientDir } from '../../test/app';
import { catalogueApp, useSeededCatalogue } from '../../test/catalogue';
import { testDatabase } from '../../test/database';
import { robotsTxt, seoRoutes } from './seo-routes';

useSeededCatalogue({ parts: 300, seed: 1 });

const PUBLIC_URL = 'https://www.partsfinder.example';
const app = (extend?: (shop: FastifyInstance) => Promise<void>) => catalogueApp({ env: { PUBLIC_URL }, loadRenderEntry: sourceRenderEntry, ...(extend ? { extend } : {}) });
const get = (shop: FastifyInstance, url: string, method: 'GET' | 'HEAD' = 'GET') => shop.inject({ method, url });

/** The content of every <script type="{type}"> in the page. */
function scripts(html: string, type: string): string[] {
  const escaped = type.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return [...html.matchAll(new RegExp(`<script(?: id="[^"]*")? type="${escaped}">(.*?)</script>`, 'gs'))].map((match) => match[1] ?? '');
}

const jsonLdOf = (html: string) => scripts(html, 'application/ld+json').map((text) => JSON.parse(text) as Record<string, unknown>);
const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]?.replace(/&amp;/g, '&');

async function netPriceOf(tag: string): Promise<number> {
  const { db } = await testDatabase();
  const [row] = await db.select({ price: parts.priceNet }).from(parts).where(eq(parts.tag, tag));
  if (!row) throw new Error(`no part ${tag}`);
  return row.price;
}

describe('the HTML of a product URL', () => {
  it('holds the title, description, canonical URL, Open Graph tags and a JSON-LD Product with the gross price', async () => {
    const shop = await app();
    const response = await get(shop, '/product/ford/focus/alternator/P0012001');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    const canonical = `${PUBLIC_URL}/product/ford/focus/alternator/P0012001`;
    expect(html).toContain('<title>Ford Focus Alternator AV6N-10300-GC, used, grade A | PartsFinder UK</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(attribute(html, /<meta name="description" content="([^"]*)"/)).toMatch(/^Used Ford Focus Alternator, part number AV6N-10300-GC, grade A, £79\.99 inc\. VAT\./);
    expect(attribute(html, /<link rel="canonical" href="([^"]*)"/)).toBe(canonical);
    expect(attribute(html, /<meta property="og:type" content="([^"]*)"/)).toBe('product');
    expect(attribute(html, /<meta property="og:url" content="([^"]*)"/)).toBe(canonical);
    expect(attribute(html, /<meta property="og:title" content="([^"]*)"/)).toContain('Ford Focus Alternator');
    expect(attribute(html, /<meta property="og:description" content="([^"]*)"/)).toContain('£79.99');
    expect(attribute(html, /<meta property="og:image" content="([^"]*)"/)).toMatch(/^https:\/\/www\.partsfinder\.example\/thumbs\/\d+\?size=gallery&v=[0-9a-f]{12}$/);

    const [product] = jsonLdOf(html);
    const gross = grossFromNet(await netPriceOf('P0012001'));
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Ford Focus Alternator',
      sku: 'P0012001',
      mpn: 'AV6N-10300-GC',
      brand: { '@type': 'Brand', name: 'Ford' },
      itemCondition: 'https://schema.org/UsedCondition',
      offers: {
        '@type': 'Offer',
        url: canonical,
        price: (gross / 100).toFixed(2),
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
      },
    });
    expect((product?.offers as { price: string }).price).toBe('79.99');
    const images = product?.image as string[];
    expect(images.length).toBeGreaterThan(0);
    expect(images.every((url) => /^https:\/\/www\.partsfinder\.example\/thumbs\/\d+\?size=gallery&v=[0-9a-f]{12}$/.test(url))).toBe(true);
  });

  it('draws the page from exactly what GET /web-api/products/part/{Tag}.json answers', async () => {
    const shop = await app();
    const html = (await get(shop, '/product/ford/focus/alternator/P0012001')).body;
    const api = (await get(shop, '/web-api/products/part/P0012001.json')).json() as { product: { name: string; OEM: string; sku: string } };

    expect(html).toMatch(new RegExp(`<h1[^>]*>${api.product.name}</h1>`));
    expect(html).toContain(api.product.OEM);
    expect(html).toContain('£79.99');
    // Nothing else about the page travels in it: no page-data element beside the router's state.
    expect(html).not.toContain('id="page-data"');
  });

  it('gives sold and coming-soon parts the availability they have', async () => {
    const shop = await app();
    const sold = jsonLdOf((await get(shop, '/product/ford/focus/alternator/P0012008')).body)[0];
    const comingSoon = jsonLdOf((await get(shop, '/product/ford/focus/starter-motor/P0012010')).body)[0];

    expect((sold?.offers as { availability: string }).availability).toBe('https://schema.org/SoldOut');
    expect((comingSoon?.offers as { availability: string }).availability).toBe('https://schema.org/OutOfStock');
  });

  it('names the canonical URL whichever way the product was reached', async () => {
    const shop = await app();
    for (const url of ['/product/P0012001', '/product/Make/Model/PartName/P0012001', '/product/ford/focus/alternator/P0012001/']) {
      let response = await get(shop, url);
      // A trailing slash is redirected to the address without it.
      if (response.statusCode === 307 || response.statusCode === 308) response = await get(shop, String(response.headers.location));
      const html = response.body;
      expect([url, attribute(html, /<link rel="canonical" href="([^"]*)"/)]).toEqual([url, `${PUBLIC_URL}/product/ford/focus/alternator/P0012001`]);
    }
  });

  it('does the same for a vehicle product at /product/{slug}', async () => {
    const shop = await app();
    const { db } = await testDatabase();
    const [vehicle] = await db.select().from(vehicleProducts).where(isNull(vehicleProducts.parentId)).limit(1);
    if (!vehicle?.price) throw new Error('no priced vehicle product seeded');

    const response = await get(shop, `/product/${vehicle.slug}`);
    const api = (await get(shop, `/web-api/products/vehicle/${vehicle.slug}.json`)).json();

    expect(response.statusCode).toBe(200);
    expect(attribute(response.body, /<link rel="canonical" href="([^"]*)"/)).toBe(`${PUBLIC_URL}/product/${vehicle.slug}`);
    expect(jsonLdOf(response.body)[0]).toMatchObject({
      '@type': 'Product',
      name: vehicle.name,
      sku: vehicle.sku,
      itemCondition: 'https://schema.org/UsedCondition',
      offers: { price: (grossFromNet(vehicle.price) / 100).toFixed(2), priceCurrency: 'GBP' },
    });
    expect(response.body).toContain((api as { product: { name: string } }).product.name);
  });

  it('answers an unknown Tag with a real 404: the app page, noindex, no product data', async () => {
    const shop = await app();

    for (const url of ['/product/ford/focus/alternator/P9999999', '/product/no-such-thing', '/product/ford/focus', '/product/a/b/c/d/e', '/product/%25E0%25A4']) {
      const response = await get(shop, url);
      expect([url, response.statusCode]).toEqual([url, 404]);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<div id="root"');
      expect(response.body).toContain('<meta name="robots" content="noindex"');
      expect(response.body).toContain('<title>Page not found | PartsFinder UK</title>');
      expect(response.body).not.toContain('application/ld+json');
    }
    expect((await get(shop, '/product/ford/focus/alternator/P9999999', 'HEAD')).statusCode).toBe(404);
  });

  it('leaves other pages as they are', async () => {
    const shop = await app();
    const response = await get(shop, '/categories?vrn=AB12CDE');

    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('rel="canonical"');
    expect(response.body).not.toContain('noindex');
  });

  it('cannot be broken out of by a product text', async () => {
    const shop = await app();
    const { db } = await testDatabase();
    const nasty = 'Fits "all" <models> & more</script><script>alert(1)</script><!--';
    await db.execute(sql`
      INSERT INTO parts (tag, stock_number, part_type_id, category_id, make_id, model_id, year, engine_code, part_name, description,
                         oem, oem_normalised, grade, price_net, stock_quantity, status)
      SELECT 'TSEO000001', stock_number, part_type_id, category_id, make_id, model_id, year, engine_code, part_name, ${nasty},
             ${`OEM"</script>`}, oem_normalised, grade, price_net, 1, 'available'
      FROM parts WHERE tag = 'P0012001'`);
    onTestFinished(async () => {
      await db.delete(parts).where(eq(parts.tag, 'TSEO000001'));
    });

    const html = (await get(shop, '/product/ford/focus/alternator/TSEO000001')).body;

    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!--</script>');
    expect(html).not.toContain('<models>');
    expect(jsonLdOf(html)[0]).toMatchObject({ mpn: 'OEM"</script>' });
    // The description as plain text (no markup to misread), the page data exactly as stored.
    expect(jsonLdOf(html)[0]?.description).toBe('Fits "all" & more alert(1) <!--');
  });

  it('keeps the CSP, which does not apply to the JSON-LD data block', async () => {
    const shop = await app();
    const response = await get(shop, '/product/ford/focus/alternator/P0012001');

    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).toContain('<script type="application/ld+json">');
  });

  it('allows inline scripts only with the nonce of the response, which every inline script of the page carries', async () => {
    const shop = await app();
    const response = await get(shop, '/product/ford/focus/alternator/P0012001');
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];

    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(response.headers['content-security-policy']?.match(/script-src ([^;]*)/)?.[1]).not.toContain('unsafe-inline');
    const inline = [...response.body.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>/g)].map((match) => match[1] ?? '');
    expect(inline.length).toBeGreaterThan(0);
    expect(inline.every((attributes) => attributes.includes(`nonce="${nonce}"`))).toBe(true);
    // Another page, another nonce.
    expect((await get(shop, '/')).headers['content-security-policy']).not.toContain(nonce);
  });
});

describe('GET /sitemap.xml and robots.txt', () => {
  it('lists every available part by its canonical URL, the vehicle products and the listings', async () => {
    const shop = await app();
    const { db } = await testDatabase();
    const response = await get(shop, '/sitemap.xml');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = response.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    expect(xml).toMatch(/<url><loc>https:\/\/www\.partsfinder\.example\/product\/ford\/focus\/alternator\/P0012001<\/loc><lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod><\/url>/);
    expect(xml).not.toContain('/P0012008<');
    expect(xml).toContain(`<loc>${PUBLIC_URL}/</loc>`);
    expect(xml).toMatch(/<loc>https:\/\/www\.partsfinder\.example\/category\/\d+<\/loc>/);
    const [vehicle] = await db.select().from(vehicleProducts).where(isNull(vehicleProducts.parentId)).limit(1);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/product/${vehicle?.slug}</loc>`);

    const [available] = (await db.execute(sql`SELECT count(*)::int AS n FROM parts WHERE status = 'available'`).then((r) => (r as unknown as { rows: { n: number }[] }).rows));
    const partUrls = [...xml.matchAll(/<loc>[^<]*\/product\/[^<]+\/[^<]+\/[^<]+\/[^<]+<\/loc>/g)];
    expect(partUrls).toHaveLength(available?.n ?? -1);
  });

  it('splits into a sitemap index of sitemaps of at most the limit when there are more URLs', async () => {
    const { db } = await testDatabase();
    const config = loadConfig({ PUBLIC_URL, CLIENT_DIR: testClientDir() });
    const shop = await app(async (instance) => {
      await instance.register(seoRoutes, { db, config, urlsPerSitemap: 100, prefix: '/small' });
    });

    const index = (await get(shop, '/small/sitemap.xml')).body;
    const sitemaps = [...index.matchAll(/<sitemap><loc>https:\/\/www\.partsfinder\.example(\/sitemaps\/[^<]+)<\/loc>/g)].map((m) => m[1] ?? '');

    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(sitemaps[0]).toBe('/sitemaps/pages.xml');
    expect(sitemaps.slice(1).every((path) => /^\/sitemaps\/parts-\d+\.xml$/.test(path))).toBe(true);
    const tags = new Set<string>();
    for (const path of sitemaps.slice(1)) {
      const page = await get(shop, `/small${path}`);
      expect(page.statusCode).toBe(200);
      const urls = [...page.body.matchAll(/\/([A-Z0-9-]+)<\/loc>/g)].map((m) => m[1] ?? '');
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(100);
      for (const tag of urls) tags.add(tag);
    }
    const available = await db.select({ tag: parts.tag }).from(parts).where(eq(parts.status, 'available'));
    expect([...tags].sort()).toEqual(available.map((row) => row.tag).sort());
    expect((await get(shop, '/small/sitemaps/pages.xml')).body).toContain(`<loc>${PUBLIC_URL}/</loc>`);
    expect((await get(shop, '/small/sitemaps/parts-999.xml')).statusCode).toBe(404);
    expect((await get(shop, '/small/sitemaps/secret.xml')).statusCode).toBe(404);
  });

  it('points robots.txt to the absolute sitemap URL, keeping the rules of public/robots.txt', async () => {
    const shop = await app();
    const response = await get(shop, '/robots.txt');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(`User-agent: *\n\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`);
    expect(robotsTxt('User-agent: *\nDisallow: /cart\nSitemap: http://old.example/sitemap.xml\n\n', PUBLIC_URL)).toBe(
      `User-agent: *\nDisallow: /cart\n\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`,
    );
  });
});
