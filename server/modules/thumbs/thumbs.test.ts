import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { getPartPage, getVehiclePage } from '../../../src/contract/catalogue';
import { THUMB_SIZE_NAMES, THUMB_SIZES, withThumbSize } from '../../../src/domain/thumbs';
import { partImages, vehicleProducts } from '../../db/schema';
import { catalogueApp, useSeededCatalogue } from '../../test/catalogue';
import { testDatabase } from '../../test/database';
import { drawingVersion, drawSvg, type PartDrawing } from './drawing';

useSeededCatalogue({ parts: 100, seed: 1 });

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-thumbs-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const app = () => catalogueApp({ env: { DATA_DIR: dataDir } });
const get = (shop: FastifyInstance, url: string, headers: Record<string, string> = {}) => shop.inject({ method: 'GET', url, headers });

async function partPage(shop: FastifyInstance, tag: string) {
  return getPartPage.response.parse((await get(shop, `/web-api/products/part/${tag}.json`)).json());
}

describe('GET /thumbs/{id}', () => {
  it('serves a card image as WebP at 320 × 240, cached for a year under its versioned URL', async () => {
    const shop = await app();
    const { product } = await partPage(shop, 'P0012001');

    const response = await get(shop, product.MainImgURL);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{12}-card"$/);
    expect(response.headers['set-cookie']).toBeUndefined();
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 240]);
  });

  it('serves every size of SPEC §9 at its dimensions, the gallery within a few tens of KB', async () => {
    const shop = await app();
    const { product } = await partPage(shop, 'P0012004');
    const url = product.Images[0]?.url ?? '';

    for (const size of THUMB_SIZE_NAMES) {
      const response = await get(shop, withThumbSize(url, size));
      expect(response.statusCode).toBe(200);
      const meta = await sharp(response.rawPayload).metadata();
      expect([size, meta.width, meta.height]).toEqual([size, THUMB_SIZES[size].width, THUMB_SIZES[size].height]);
      if (size === 'gallery') expect(response.rawPayload.length).toBeLessThan(60_000);
    }
  });

  it('keeps each rendering on disk under DATA_DIR/thumbs and answers again from it, the same bytes', async () => {
    const shop = await app();
    const { product } = await partPage(shop, 'P0012002');
    const url = withThumbSize(product.MainImgURL, 'thumb');

    const first = await get(shop, url);
    const files = readdirSync(path.join(dataDir, 'thumbs')).filter((file) => file.endsWith('-thumb-' + first.headers.etag?.slice(1, 13) + '.webp'));
    const second = await get(shop, url);

    expect(files).toHaveLength(1);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('answers 304 to a request that holds the current ETag', async () => {
    const shop = await app();
    const { product } = await partPage(shop, 'P0012003');
    const first = await get(shop, product.MainImgURL);

    const again = await get(shop, product.MainImgURL, { 'if-none-match': String(first.headers.etag) });

    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('draws a distinct picture for every part', async () => {
    const shop = await app();
    const urls = await Promise.all(['P0012001', 'P0012002', 'P0066001', 'P0019001'].map(async (tag) => (await partPage(shop, tag)).product.MainImgURL));

    const bodies = await Promise.all(urls.map(async (url) => (await get(shop, url)).rawPayload.toString('base64')));

    expect(new Set(urls).size).toBe(4);
    expect(new Set(bodies).size).toBe(4);
  });

  it('keeps an unversioned or outdated URL only briefly, since the picture behind it may change', async () => {
    const shop = await app();
    const { product } = await partPage(shop, 'P0012001');
    const bare = product.MainImgURL.split('?')[0] ?? '';

    const unversioned = await get(shop, bare);
    const outdated = await get(shop, `${bare}?size=card&v=000000000000`);

    expect([unversioned.statusCode, outdated.statusCode]).toEqual([200, 200]);
    expect(unversioned.headers['cache-control']).toBe('public, max-age=300');
    expect(outdated.headers['cache-control']).toBe('public, max-age=300');
    expect((await sharp(unversioned.rawPayload).metadata()).width).toBe(320);
  });

  it('serves vehicle product images by v{id}, banners at 1500 × 600', async () => {
    const shop = await app();
    const { db } = await testDatabase();
    const [vehicle] = await db.select({ slug: vehicleProducts.slug }).from(vehicleProducts).where(isNull(vehicleProducts.parentId)).limit(1);
    const page = getVehiclePage.response.parse((await get(shop, `/web-api/products/vehicle/${vehicle?.slug}.json`)).json());
    const banner = page.product.product_images.find((image) => image.is_banner);
    const gallery = page.product.product_images.find((image) => !image.is_banner);

    expect(page.product.image).toMatch(/^\/thumbs\/v\d+\?size=card&v=[0-9a-f]{12}$/);
    for (const [url, width, height] of [
      [page.product.image, 320, 240],
      [gallery?.image, 862, 520],
      [banner?.image, 1500, 600],
    ] as const) {
      if (url === undefined) continue;
      const response = await get(shop, url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([width, height]);
    }
  });

  it('answers 404 for an image that does not exist or an id that names none', async () => {
    const shop = await app();
    const { db } = await testDatabase();
    const [last] = await db.select({ id: partImages.id }).from(partImages).orderBy(partImages.id).limit(1);

    for (const url of [`/thumbs/${(last?.id ?? 0) + 10_000_000}`, '/thumbs/v99999999', '/thumbs/0', '/thumbs/abc', '/thumbs/12a', '/thumbs/99999999999']) {
      const response = await get(shop, url);
      expect([url, response.statusCode]).toEqual([url, 404]);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('refuses a size that is not on the list with 422 naming it', async () => {
    const shop = await app();
    const { product } = await partPage(shop, 'P0012001');

    const response = await get(shop, withThumbSize(product.MainImgURL, 'card').replace('size=card', 'size=huge'));

    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['size']);
  });

  it('changes the URL when the picture changes', () => {
    const drawing: PartDrawing = { kind: 'part', seed: 7, tag: 'P0012001', partName: 'Alternator', make: 'Ford', model: 'Focus' };

    const versions = [
      drawing,
      { ...drawing, seed: 8 },
      { ...drawing, tag: 'P0012002' },
      { ...drawing, partName: 'Starter Motor' },
      { ...drawing, make: 'Vauxhall' },
      { ...drawing, model: 'Fiesta' },
    ].map(drawingVersion);

    expect(new Set(versions).size).toBe(versions.length);
    expect(drawingVersion({ ...drawing })).toBe(versions[0]);
  });

  it('escapes the text it draws', () => {
    const svg = drawSvg({ kind: 'part', seed: 1, tag: 'P1', partName: 'Lamp <&> "x"', make: 'A&B', model: "O'Neil" }, 862, 520);

    expect(svg).toContain('Lamp &lt;&amp;&gt; &quot;x&quot;');
    expect(svg).toContain('A&amp;B O&apos;Neil');
  });
});
