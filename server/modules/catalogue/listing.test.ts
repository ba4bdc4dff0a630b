// api-suite: both engines (the listing's filters, sorts and keyset pages are engine-specific SQL)
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { getBadgeList, getCategoriesMenu, getCategoryList, getListingFilters } from '../../../src/contract/catalogue';
import { grossFromNet } from '../../../src/domain/money';
import { attributeValues, categories, partAttributeValues, partBadges, parts } from '../../db/schema';
import { catalogueApp, useSeededCatalogue } from '../../test/catalogue';
import { testDatabase } from '../../test/database';
import { FEATURED_BADGE_ID } from './listing-service';

useSeededCatalogue();

async function list(app: FastifyInstance, path: string) {
  const response = await app.inject({ method: 'GET', url: `/web-api/products/${path}` });
  expect(response.statusCode, response.body).toBe(200);
  return getCategoryList.response.parse(response.json());
}

/** The sub-category with the most available parts, and its top category. */
async function biggestCategory(): Promise<{ id: number; parentId: number; available: number }> {
  const { db } = await testDatabase();
  const [row] = await db
    .select({ id: parts.categoryId, parentId: sql<number>`max(${categories.parentId})`, available: sql<number>`count(*)::int` })
    .from(parts)
    .innerJoin(categories, eq(categories.id, parts.categoryId))
    .where(eq(parts.status, 'available'))
    .groupBy(parts.categoryId)
    .orderBy(sql`count(*) DESC`)
    .limit(1);
  if (!row) throw new Error('no categories');
  return row;
}

describe('GET /web-api/products/get-list/{categoryId}.json', () => {
  it('answers the available parts of a category with the paging data of SPEC §3 (defaults: 12, id, DESC)', async () => {
    const app = await catalogueApp();
    const category = await biggestCategory();
    const body = await list(app, `get-list/${category.id}.json`);

    expect(body.paginator).toEqual({
      count: category.available,
      perPage: 12,
      limit: 12,
      pageCount: Math.ceil(category.available / 12),
      sort: 'id',
      direction: 'DESC',
      page: 1,
      requestedPage: 1,
    });
    expect(body.products).toHaveLength(12);
    const ids = body.products.map((card) => card.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(body.products.every((card) => card.status === 'available' && card.CompatibilityBadge === '')).toBe(true);
  });

  it('lists the parts of every sub-category on a top category', async () => {
    const app = await catalogueApp();
    const category = await biggestCategory();
    const [top, child] = [await list(app, `get-list/${category.parentId}.json`), await list(app, `get-list/${category.id}.json`)];

    expect(top.paginator.count).toBeGreaterThan(child.paginator.count);
  });

  it('pages in a stable order: every part once, whatever the sort, and the same page twice alike', async () => {
    const app = await catalogueApp();
    const category = await biggestCategory();
    for (const sort of ['price', 'name', 'created'] as const) {
      const seen: number[] = [];
      const limit = 40;
      const first = await list(app, `get-list/${category.id}.json?sort=${sort}&direction=ASC&limit=${limit}`);
      for (let page = 1; page <= first.paginator.pageCount; page += 1) {
        const body = page === 1 ? first : await list(app, `get-list/${category.id}.json?sort=${sort}&direction=ASC&limit=${limit}&page=${page}`);
        seen.push(...body.products.map((card) => card.id));
      }
      expect(seen, sort).toHaveLength(category.available);
      expect(new Set(seen).size, sort).toBe(category.available);
    }
    const again = [await list(app, `get-list/${category.id}.json?sort=price&page=2`), await list(app, `get-list/${category.id}.json?sort=price&page=2`)];
    expect(again[0]?.products.map((card) => card.id)).toEqual(again[1]?.products.map((card) => card.id));
  });

  it('sorts by price, both ways, ties broken by id', async () => {
    const app = await catalogueApp();
    const category = await biggestCategory();
    const ascending = await list(app, `get-list/${category.id}.json?sort=price&direction=asc&limit=100`);
    const descending = await list(app, `get-list/${category.id}.json?sort=price&direction=DESC&limit=100`);

    const key = (card: { Price: number; id: number }) => card.Price * 1e7 + card.id;
    expect(ascending.products.map(key)).toEqual(ascending.products.map(key).sort((a, b) => a - b));
    expect(descending.products.map(key)).toEqual(descending.products.map(key).sort((a, b) => b - a));
    expect(ascending.paginator).toMatchObject({ sort: 'price', direction: 'ASC', limit: 100 });
  });

  it('answers a page past the end with no products, the last page, and the page asked for', async () => {
    const app = await catalogueApp();
    const category = await biggestCategory();
    const body = await list(app, `get-list/${category.id}.json?page=9999`);

    expect(body.products).toEqual([]);
    expect(body.paginator).toMatchObject({ page: Math.ceil(category.available / 12), requestedPage: 9999, count: category.available });
  });

  it('filters by the gross price the customer sees, inclusive at both ends', async () => {
    const app = await catalogueApp();
    const category = await biggestCategory();
    const all = await list(app, `get-list/${category.id}.json?sort=price&direction=ASC&limit=100`);
    const from = grossFromNet(all.products[10]?.Price ?? 0);
    const to = grossFromNet(all.products[30]?.Price ?? 0);
    const body = await list(app, `get-list/${category.id}.json?sort=price&direction=ASC&limit=100&price_from=${from}&price_to=${to}`);

    expect(body.products.length).toBeGreaterThanOrEqual(21);
    expect(body.products.every((card) => grossFromNet(card.Price) >= from && grossFromNet(card.Price) <= to)).toBe(true);
    expect(body.products.map((card) => card.id)).toEqual(expect.arrayContaining([all.products[10]?.id, all.products[30]?.id]));
  });

  it('filters by badges and by attribute values (any value of a group, every group)', async () => {
    const app = await catalogueApp();
    const { db } = await testDatabase();
    const category = await biggestCategory();
    const [value] = await db
      .select({ id: partAttributeValues.valueId, groupId: attributeValues.groupId })
      .from(partAttributeValues)
      .innerJoin(parts, eq(parts.id, partAttributeValues.partId))
      .innerJoin(attributeValues, eq(attributeValues.id, partAttributeValues.valueId))
      .where(and(eq(parts.categoryId, category.id), eq(parts.status, 'available')))
      .limit(1);
    const sibling = await db.select({ id: attributeValues.id }).from(attributeValues).where(eq(attributeValues.groupId, value?.groupId ?? 0));

    const byValue = await list(app, `get-list/${category.id}.json?attribute=${value?.id}&limit=100`);
    const byGroup = await list(app, `get-list/${category.id}.json?attribute=${sibling.map((row) => row.id).join(',')}&limit=100`);
    const ids = byValue.products.map((card) => card.id);
    const carrying = await db
      .select({ partId: partAttributeValues.partId })
      .from(partAttributeValues)
      .where(and(eq(partAttributeValues.valueId, value?.id ?? 0), inArray(partAttributeValues.partId, ids)));
    expect(ids.length).toBeGreaterThan(0);
    expect(carrying).toHaveLength(ids.length);
    expect(byGroup.paginator.count).toBeGreaterThanOrEqual(byValue.paginator.count);
    expect((await list(app, `get-list/${category.id}.json?attribute=${value?.id},999999`)).paginator.count).toBe(0);

    const featured = await list(app, `get-list/${category.parentId}.json?badges=${FEATURED_BADGE_ID}&limit=100`);
    const badged = await db
      .select({ partId: partBadges.partId })
      .from(partBadges)
      .where(and(eq(partBadges.badgeId, FEATURED_BADGE_ID), inArray(partBadges.partId, featured.products.map((card) => card.id))));
    expect(featured.products.length).toBeGreaterThan(0);
    expect(badged).toHaveLength(featured.products.length);
  });

  it('keeps its count right as parts sell and come back', async () => {
    // The stock version is read every STOCK_VERSION_POLL_MS: a change shows within that time.
    const app = await catalogueApp({ env: { STOCK_VERSION_POLL_MS: '10' } });
    const { db } = await testDatabase();
    const category = await biggestCategory();
    const before = await list(app, `get-list/${category.id}.json`);
    const sold = before.products[0]?.id ?? 0;

    await db.update(parts).set({ status: 'sold' }).where(eq(parts.id, sold));
    const after = await vi.waitFor(async () => {
      const answer = await list(app, `get-list/${category.id}.json`);
      expect(answer.paginator.count).toBe(before.paginator.count - 1);
      return answer;
    });
    await db.update(parts).set({ status: 'available' }).where(eq(parts.id, sold));

    expect(after.products.map((card) => card.id)).not.toContain(sold);
    await vi.waitFor(async () => expect((await list(app, `get-list/${category.id}.json`)).paginator.count).toBe(before.paginator.count));
  });

  it('narrows to the sub-categories the categories filter names', async () => {
    const app = await catalogueApp();
    const category = await biggestCategory();
    const body = await list(app, `get-list/${category.parentId}.json?categories=${category.id}`);

    expect(body.paginator.count).toBe(category.available);
  });

  it('answers 404 for a category that does not exist', async () => {
    const app = await catalogueApp();
    const response = await app.inject({ method: 'GET', url: '/web-api/products/get-list/999999.json' });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false });
  });

  it.each([
    ['page 0', 'page=0', 'page'],
    ["page 'x'", 'page=x', 'page'],
    ['a limit over 100', 'limit=101', 'limit'],
    ['an unknown sort field', 'sort=colour', 'sort'],
    ['an unknown direction', 'direction=sideways', 'direction'],
    ['a price from above the price to', 'price_from=5000&price_to=1000', 'price_from'],
    ['a negative price', 'price_from=-1', 'price_from'],
    ['attribute ids that are not ids', "attribute=1,x'", 'attribute'],
  ])('answers 422 naming the field for %s', async (_what, query, field) => {
    const app = await catalogueApp();
    for (const path of ['get-list/1.json', 'get-badge-list/1.json']) {
      const response = await app.inject({ method: 'GET', url: `/web-api/products/${path}?${query}` });
      expect(response.statusCode, path).toBe(422);
      expect(response.json().errors, path).toHaveProperty(field);
    }
  });
});

describe('GET /web-api/products/get-badge-list/{badgeId}.json', () => {
  it('lists the available parts carrying the badge, paged', async () => {
    const app = await catalogueApp();
    const { db } = await testDatabase();
    const response = await app.inject({ method: 'GET', url: `/web-api/products/get-badge-list/${FEATURED_BADGE_ID}.json?limit=20&page=2` });
    const body = getBadgeList.response.parse(response.json());
    const [expected] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(partBadges)
      .innerJoin(parts, eq(parts.id, partBadges.partId))
      .where(and(eq(partBadges.badgeId, FEATURED_BADGE_ID), eq(parts.status, 'available')));

    expect(body.paginator).toMatchObject({ count: expected?.count, page: 2, limit: 20 });
    expect(body.products).toHaveLength(20);
    expect((await app.inject({ method: 'GET', url: '/web-api/products/get-badge-list/999.json' })).statusCode).toBe(404);
  });
});

describe('GET /web-api/products/listing-filters.json', () => {
  it('offers every badge and attribute group, titled after the listing', async () => {
    const app = await catalogueApp();
    const category = await biggestCategory();
    const { db } = await testDatabase();
    const [named] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, category.id));
    const body = getListingFilters.response.parse((await app.inject({ method: 'GET', url: `/web-api/products/listing-filters.json?categoryId=${category.id}` })).json());

    expect(body.title).toBe(named?.name);
    expect(body.badges).toContainEqual({ id: 1, slug: 'featured', name: 'Featured' });
    expect(body.attributeGroups.length).toBeGreaterThan(0);
    expect(body.attributeGroups.every((group) => group.product_attribute_values.length > 0)).toBe(true);
    const badge = getListingFilters.response.parse((await app.inject({ method: 'GET', url: `/web-api/products/listing-filters.json?badgeId=1` })).json());
    expect(badge.title).toBe('Featured');
  });
});

describe('GET /web-api/product-categories/menu.json', () => {
  it('answers the category tree with icons and up to 4 popular products per top category', async () => {
    const app = await catalogueApp();
    const response = await app.inject({ method: 'GET', url: '/web-api/product-categories/menu.json' });
    const body = getCategoriesMenu.response.parse(response.json());

    expect(body.categories.length).toBeGreaterThan(5);
    for (const category of body.categories) {
      expect(category.icon).not.toBe('');
      expect(category.children.length).toBeGreaterThan(0);
      expect(category.top_products.length).toBeLessThanOrEqual(4);
    }
    expect(body.categories.some((category) => category.top_products.length === 4)).toBe(true);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });
});
