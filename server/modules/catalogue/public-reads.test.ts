// api-suite: both engines (statements counted at each driver)
/**
 * The catalogue's reads as a CDN and several API processes see them: no GET writes a row, a
 * SearchID outlives the process that made it, answers carry ETags that a change of stock renews,
 * a search costs at most two SQL statements (counted at the driver), and with Redis the answers
 * are shared between processes.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import * as catalogueCalls from '../../../src/contract/catalogue';
import { followSearch, partSearch, recentStock } from '../../../src/contract/catalogue';
import { API_BASE } from '../../../src/contract/define';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database, DatabaseHandle } from '../../db/client';
import * as schema from '../../db/schema';
import { testClientDir } from '../../test/app';
import { catalogueApp, useSeededCatalogue } from '../../test/catalogue';
import { testDatabase } from '../../test/database';

useSeededCatalogue();

async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every table's row count and a checksum of its rows' text. */
async function tableStates(db: Database): Promise<Record<string, string>> {
  const tables = await rowsOf<{ tablename: string }>(db, sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
  const states: Record<string, string> = {};
  for (const { tablename } of tables) {
    const [state] = await rowsOf<{ count: number; sum: string }>(
      db,
      sql.raw(`SELECT count(*)::int AS count, coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') AS sum FROM "${tablename}" t`),
    );
    states[tablename] = `${state?.count} ${state?.sum}`;
  }
  return states;
}

/** The same database through a driver that writes down every statement sent to the server. */
function countingDatabase(handle: DatabaseHandle): { db: Database; statements: string[] } {
  const statements: string[] = [];
  const counting = <T extends object>(client: T): T =>
    new Proxy(client, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        if (property === 'query' || property === 'exec') {
          return (...args: unknown[]) => {
            const [first] = args;
            statements.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
  const db = (
    handle.driver === 'pglite' ? drizzlePglite({ client: counting(handle.client), schema }) : drizzleNodePostgres({ client: counting(handle.pool), schema })
  ) as unknown as Database;
  return { db, statements };
}

async function countingApp(env: Record<string, string> = {}): Promise<{ app: FastifyInstance; statements: string[] }> {
  const { db, statements } = countingDatabase(await testDatabase());
  const config = loadConfig({ NODE_ENV: 'test', CLIENT_DIR: testClientDir(), ...env });
  const app = await buildApp({ config, db });
  onTestFinished(() => app.close());
  await app.ready();
  return { app, statements };
}

async function typeId(name: string): Promise<number> {
  const { db } = await testDatabase();
  const [row] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM part_types WHERE name = ${name}`);
  if (!row) throw new Error(`no part type ${name}`);
  return row.id;
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `${API_BASE}${url}`, headers });

/** A GET of every catalogue call of src/contract/catalogue.ts, with values the seeded catalogue holds. */
async function everyCatalogueRead(): Promise<Map<string, string[]>> {
  const { db } = await testDatabase();
  const one = async <T>(query: ReturnType<typeof sql>) => (await rowsOf<T>(db, query))[0] as T;
  const category = await one<{ id: number }>(sql`SELECT id FROM categories WHERE parent_id IS NOT NULL ORDER BY id LIMIT 1`);
  const badge = await one<{ id: number }>(sql`SELECT id FROM badges ORDER BY id LIMIT 1`);
  const vehicle = await one<{ slug: string }>(sql`SELECT slug FROM vehicle_products WHERE parent_id IS NULL ORDER BY id LIMIT 1`);
  const reviewed = await one<{ id: number }>(sql`SELECT part_id AS id FROM reviews ORDER BY part_id LIMIT 1`);
  const alternator = await typeId('Alternator');
  const app = await catalogueApp();
  const search = partSearch.response.parse((await get(app, `/products/part-search.json?vrn=AB12CDE&partType=${alternator}`)).json());
  const searchId = encodeURIComponent(search.data.SearchID ?? '');
  return new Map([
    [catalogueCalls.getMakes.path, ['/products/makes.json']],
    [catalogueCalls.getModels.path, ['/products/models.json?make=FORD']],
    [
      catalogueCalls.partSearch.path,
      [
        `/products/part-search.json?vrn=AB12CDE&partType=${alternator}`,
        '/products/part-search.json?vrn=AB12CDE',
        '/products/part-search.json?oem=AV6N-10300-GC&soldOut=true',
        `/products/part-search.json?make=FORD&model=Focus%20Mk3&year=2012&partType=${alternator}`,
        '/products/part-search.json?make=FORD&stock=STK-012001',
      ],
    ],
    [catalogueCalls.followSearch.path, [`/products/follow-search.json?searchId=${searchId}`]],
    [catalogueCalls.recentStock.path, ['/products/recent-stock.json', '/products/recent-stock.json?vrn=AB12CDE', `/products/recent-stock.json?searchId=${searchId}`]],
    [catalogueCalls.getCategoryList.path, [`/products/get-list/${category.id}.json?page=2&sort=price&direction=ASC`]],
    [catalogueCalls.getBadgeList.path, [`/products/get-badge-list/${badge.id}.json`]],
    [catalogueCalls.getListingFilters.path, [`/products/listing-filters.json?categoryId=${category.id}`]],
    [catalogueCalls.getReviews.path, [`/product-reviews/getList.json?product_id=${reviewed.id}`]],
    [catalogueCalls.getCategoryInfo.path, [`/product-categories/info.json?make=Ford&model=Focus&partType=${alternator}`]],
    [catalogueCalls.getCategoriesMenu.path, ['/product-categories/menu.json']],
    [catalogueCalls.getPartPage.path, ['/products/part/P0012001.json', '/products/part/P0012008.json']],
    [catalogueCalls.getContentPage.path, ['/content-pages/product-delivery.json']],
    [catalogueCalls.getVehiclePage.path, [`/products/vehicle/${vehicle.slug}.json`]],
    [catalogueCalls.checkCompatibility.path, ['/products/compatibility.json?tag=P0012001&vrn=AB12CDE']],
    ['/products/types.json', ['/products/types.json']],
  ]);
}

describe('the catalogue reads', () => {
  it('write nothing: every table keeps its rows, counted and checksummed, across every catalogue GET, and no session starts', async () => {
    const reads = await everyCatalogueRead();
    const contractReads = (Object.values(catalogueCalls) as unknown[]).filter(
      (value): value is { method: string; path: string } => typeof value === 'object' && value !== null && 'method' in value && value.method === 'GET',
    );
    // Every GET the contract defines is walked.
    expect(contractReads.map((call) => call.path).filter((path) => !reads.has(path))).toEqual([]);

    const { db } = await testDatabase();
    const before = await tableStates(db);
    const app = await catalogueApp();
    for (const url of [...reads.values()].flat()) {
      // Twice: a kept answer must write no more than a computed one; the second sends a cookie as a browser would.
      const { names } = app.sessionCookies;
      const visits: Record<string, string>[] = [{}, { cookie: `${names.session}=unknown; ${names.csrf}=unknown` }];
      for (const headers of visits) {
        const response = await get(app, url, headers);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['set-cookie'], url).toBeUndefined();
      }
    }
    const after = await tableStates(db);

    expect(Object.keys(before).length).toBeGreaterThan(20);
    expect(after).toEqual(before);
  });

  it('understand a SearchID made before a restart: follow-search and recent-stock in a new app on the same database', async () => {
    const alternator = await typeId('Alternator');
    const first = await catalogueApp();
    const made = partSearch.response.parse((await get(first, `/products/part-search.json?vrn=AB12CDE&partType=${alternator}`)).json());
    const before = followSearch.response.parse((await get(first, `/products/follow-search.json?searchId=${encodeURIComponent(made.data.SearchID ?? '')}`)).json());
    await first.close();

    const restarted = await catalogueApp();
    const searchId = encodeURIComponent(made.data.SearchID ?? '');
    const follow = await get(restarted, `/products/follow-search.json?searchId=${searchId}`);
    const recent = await get(restarted, `/products/recent-stock.json?searchId=${searchId}&limit=6`);

    expect(follow.statusCode).toBe(200);
    expect(followSearch.response.parse(follow.json()).data).toEqual(before.data);
    expect(before.data.length).toBeGreaterThan(0);
    expect(recent.statusCode).toBe(200);
    const cards = recentStock.response.parse(recent.json()).data;
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((card) => card.PartType === alternator && card.ManuName === 'Ford')).toBe(true);
  });

  it('carry Cache-Control and a strong ETag, answer 304 while it holds, and a new ETag once stock changes', async () => {
    const app = await catalogueApp({ env: { STOCK_VERSION_POLL_MS: '10' } });
    const alternator = await typeId('Alternator');
    const url = `/products/part-search.json?vrn=AB12CDE&partType=${alternator}`;
    const first = await get(app, url);
    const etag = String(first.headers.etag);

    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const again = await get(app, url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get(app, url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await get(app, url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await get(app, '/products/types.json')).headers['cache-control']).toBe('public, max-age=3600');

    // P0012001 is sold: the answer changes, and so does its ETag.
    const { db } = await testDatabase();
    await db.execute(sql`UPDATE parts SET status = 'sold' WHERE tag = 'P0012001'`);
    onTestFinished(async () => {
      await db.execute(sql`UPDATE parts SET status = 'available' WHERE tag = 'P0012001'`);
    });
    const changed = await vi.waitFor(
      async () => {
        const response = await get(app, url, { 'if-none-match': etag });
        expect(response.statusCode).toBe(200);
        return response;
      },
      { timeout: 3000 },
    );
    expect(changed.headers.etag).not.toBe(etag);
    const parts = partSearch.response.parse(changed.json()).data;
    expect(parts.parts.map((card) => card.Tag)).not.toContain('P0012001');
    expect(parts.sold_parts.map((card) => card.Tag)).toContain('P0012001');
  });

  it('cost at most two SQL statements per search and per listing page (counted at the driver), and none when the answer is kept', async () => {
    // The stock version is read at start only, so nothing but the searches runs meanwhile.
    const { app, statements } = await countingApp({ STOCK_VERSION_POLL_MS: '600000' });
    const alternator = await typeId('Alternator');
    // The reference names (makes, models, part types) are read once per process.
    await get(app, '/products/makes.json');
    const searches = [
      `/products/part-search.json?vrn=AB12CDE&partType=${alternator}`,
      `/products/part-search.json?vrn=WP66KLM&partType=${alternator}&soldOut=true`,
      '/products/part-search.json?oem=AV6N-10300-GC',
      '/products/part-search.json?oem=AV6N',
      `/products/part-search.json?make=FORD&model=Focus%20Mk3&year=2012&partType=${alternator}`,
      '/products/part-search.json?make=VAUXHALL',
      '/products/part-search.json?make=FORD&stock=STK-012001',
    ];
    for (const url of searches) {
      statements.length = 0;
      const response = await get(app, url);
      expect(response.statusCode, url).toBe(200);
      expect(statements.length, `${url}: ${statements.join(' | ')}`).toBeGreaterThan(0);
      expect(statements.length, `${url}: ${statements.join(' | ')}`).toBeLessThanOrEqual(2);

      statements.length = 0;
      expect((await get(app, url)).statusCode).toBe(200);
      expect(statements, `${url} kept`).toEqual([]);
    }
    // A listing page: its count and its page of cards.
    const { db } = await testDatabase();
    const [category] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM categories WHERE parent_id IS NOT NULL ORDER BY id LIMIT 1`);
    await get(app, `/products/get-list/${category?.id}.json`);
    for (const url of [`/products/get-list/${category?.id}.json?page=3&sort=price`, `/products/get-list/${category?.id}.json?page=2&badges=1`]) {
      statements.length = 0;
      expect((await get(app, url)).statusCode, url).toBe(200);
      expect(statements.length, `${url}: ${statements.join(' | ')}`).toBeLessThanOrEqual(2);
    }
  });
});

describe.skipIf(process.env.SKIP_REDIS_TESTS === '1')('the catalogue reads with REDIS_URL', () => {
  it('share the answers between API processes', async () => {
    const env = { REDIS_URL: 'redis://127.0.0.1:6379', CATALOGUE_CACHE_PREFIX: `test:${randomUUID()}:`, STOCK_VERSION_POLL_MS: '600000' };
    const alternator = await typeId('Alternator');
    const url = `/products/part-search.json?make=FORD&model=Focus%20Mk3&year=2012&partType=${alternator}`;
    const first = await countingApp(env);
    const computed = await get(first.app, url);
    expect(computed.statusCode).toBe(200);

    const second = await countingApp(env);
    await get(second.app, '/products/makes.json');
    second.statements.length = 0;
    const shared = await vi.waitFor(async () => {
      const response = await get(second.app, url, { 'if-none-match': String(computed.headers.etag) });
      expect(response.statusCode).toBe(304);
      return response;
    });

    expect(shared.headers.etag).toBe(computed.headers.etag);
    expect(second.statements).toEqual([]);
  });
});
