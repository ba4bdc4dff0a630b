import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  checkCompatibility,
  getCategoryInfo,
  getContentPage,
  getMakes,
  getModels,
  getPartPage,
  getReviews,
  getVehiclePage,
} from '../../../src/contract/catalogue';
import { t } from '../../../src/domain/messages';
import { withThumbSize } from '../../../src/domain/thumbs';
import { partTypes, parts, priceHistory, reviews, vehicleProducts } from '../../db/schema';
import { catalogueApp, useSeededCatalogue } from '../../test/catalogue';
import { testDatabase } from '../../test/database';

useSeededCatalogue();

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url: `/web-api${url}` });

describe('GET /web-api/products/makes.json and models.json', () => {
  it('lists the makes alphabetically, cacheable', async () => {
    const app = await catalogueApp();
    const response = await get(app, '/products/makes.json');
    const names = getMakes.response.parse(response.json()).data.map((make) => make.name);

    expect(names.length).toBeGreaterThanOrEqual(40);
    expect(names).toContain('Ford');
    expect(names).toEqual([...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('lists the models of a make named in any case or by slug, as id, model, ID, MAKE, MODEL', async () => {
    const app = await catalogueApp();
    const byName = getModels.response.parse((await get(app, '/products/models.json?make=FORD')).json());
    const bySlug = getModels.response.parse((await get(app, '/products/models.json?make=land-rover')).json());

    expect(byName.data).toContainEqual(expect.objectContaining({ model: 'Focus Mk3', MODEL: 'Focus Mk3', MAKE: 'Ford', yearFrom: 2011, yearTo: 2018 }));
    expect(byName.data.every((row) => row.id === row.ID && row.model === row.MODEL)).toBe(true);
    expect(bySlug.data.length).toBeGreaterThan(0);
    expect(bySlug.data.every((row) => row.MAKE === 'Land Rover')).toBe(true);
    expect(getModels.response.parse((await get(app, '/products/models.json?make=Trabant')).json()).data).toEqual([]);
    expect((await get(app, '/products/models.json?make=')).statusCode).toBe(422);
  });
});

describe('GET /web-api/products/part/{tag}.json', () => {
  it('answers everything the part page shows', async () => {
    const app = await catalogueApp();
    const response = await get(app, '/products/part/P0012001.json');
    expect(response.statusCode).toBe(200);
    const body = getPartPage.response.parse(response.json());

    expect(body.product).toMatchObject({
      Tag: 'P0012001',
      OEM: 'AV6N-10300-GC',
      Sold: 'FALSE',
      EngineCode: 'T1DA',
      partTypeCompatibilityFlag: 'TRUE',
      on_member_wishlist: false,
      lowest_price: null,
      shareUrl: expect.stringMatching(/^http:\/\/localhost(:\d+)?\/product\/ford\/focus\/alternator\/P0012001$/),
    });
    expect(body.product.Images.length).toBeGreaterThan(0);
    // The first image: at the gallery size on the page, at the card size on the card.
    expect(body.product.Images[0]?.url).toMatch(/^\/thumbs\/\d+\?size=gallery&v=[0-9a-f]{12}$/);
    expect(withThumbSize(body.product.Images[0]?.url ?? '', 'card')).toBe(body.product.MainImgURL);
    expect(body.product.StockNumber).toMatch(/^STK-/);
    expect(body.warranties.filter((warranty) => warranty.is_default)).toHaveLength(1);
    expect(body.warranties.length).toBeGreaterThan(1);
    expect(body.gradings.map((grading) => grading.level)).toEqual(['A', 'B', 'C']);
    expect(body.contents.map((page) => page.slug)).toEqual(['product-returns', 'product-delivery', 'product-warranties', 'product-grading']);
    expect(body.breadcrumbs.at(-1)).toEqual({ label: 'Ford Focus Alternator', href: null });
    expect(body.breadcrumbs[0]?.href).toMatch(/^\/category\/\d+$/);
  });

  it('marks a sold part as sold, with nothing in stock', async () => {
    const app = await catalogueApp();
    const body = getPartPage.response.parse((await get(app, '/products/part/P0012008.json')).json());

    expect(body.product).toMatchObject({ Sold: 'TRUE', stock_quantity: 0, Total: 0, status: 'sold' });
  });

  it('shows the lowest price of the 30 days before a discount', async () => {
    const { db } = await testDatabase();
    const [discounted] = await db
      .select({ id: parts.id, tag: parts.tag, priceOld: parts.priceOldNet })
      .from(parts)
      .where(and(isNotNull(parts.priceOldNet), eq(parts.status, 'available')))
      .limit(1);
    const history = await db
      .select({ price: priceHistory.priceNet, from: priceHistory.validFrom })
      .from(priceHistory)
      .where(eq(priceHistory.partId, discounted?.id ?? 0))
      .orderBy(priceHistory.validFrom);
    const start = history.at(-1)?.from.getTime() ?? 0;
    const windowStart = start - 30 * 86_400_000;
    // Every price in force at some moment of the 30 days before the discount began.
    const inForce = history.filter((row, i) => row.from.getTime() < start && (history[i + 1]?.from.getTime() ?? Infinity) > windowStart);
    const app = await catalogueApp();
    const body = getPartPage.response.parse((await get(app, `/products/part/${discounted?.tag}.json`)).json());

    expect(inForce.length).toBeGreaterThan(0);
    expect(body.product.lowest_price).toBe(Math.min(...inForce.map((row) => row.price)));
    expect(body.product.price_old).toBe(discounted?.priceOld);
  });

  it('answers 404 with the envelope for an unknown Tag, and 422 for a Tag with symbols', async () => {
    const app = await catalogueApp();
    const unknown = await get(app, '/products/part/P9999999.json');
    const bad = await get(app, `/products/part/${encodeURIComponent("P1'--")}.json`);

    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, msg: 'Not found' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('tag');
  });
});

describe('GET /web-api/content-pages/{slug}.json', () => {
  it('answers a content page, and 404 for an unknown one', async () => {
    const app = await catalogueApp();
    const body = getContentPage.response.parse((await get(app, '/content-pages/product-delivery.json')).json());

    expect(body.page).toMatchObject({ slug: 'product-delivery', title: expect.any(String), content: expect.stringContaining('<') });
    expect((await get(app, '/content-pages/nothing-here.json')).statusCode).toBe(404);
  });
});

describe('GET /web-api/products/vehicle/{slug}.json', () => {
  it('answers the vehicle with its variants, selectors derived from them, and statics', async () => {
    const { db } = await testDatabase();
    const [vehicle] = await db.select({ slug: vehicleProducts.slug, id: vehicleProducts.id }).from(vehicleProducts).where(isNull(vehicleProducts.parentId)).limit(1);
    const app = await catalogueApp();
    const body = getVehiclePage.response.parse((await get(app, `/products/vehicle/${vehicle?.slug}.json`)).json());

    expect(body.product).toMatchObject({ id: vehicle?.id, slug: vehicle?.slug, product_detail: { is_vehicle: true } });
    expect(body.product.manufacturer.name).toBe(body.product.make);
    expect(body.product.product_tabs.length).toBeGreaterThan(0);
    expect(body.variants.length).toBeGreaterThan(1);
    const colours = [...new Set(body.variants.map((variant) => variant.selector_values['colour']))];
    expect(body.selectors).toContainEqual({ id: 'colour', name: 'Colour', values: colours });
    expect(body.statics.product_vehicle_bg).toMatch(/^#/);

    const variant = body.variants[0];
    const viaVariant = getVehiclePage.response.parse((await get(app, `/products/vehicle/${variant?.slug}.json`)).json());
    expect(viaVariant.product.id).toBe(vehicle?.id);
    expect((await get(app, '/products/vehicle/no-such-car.json')).statusCode).toBe(404);
  });
});

describe('GET /web-api/products/compatibility.json', () => {
  it('rates a part against the car of a registration: exact, not fitting, or unknown', async () => {
    const app = await catalogueApp();
    const check = async (tag: string, vrn: string) => checkCompatibility.response.parse((await get(app, `/products/compatibility.json?tag=${tag}&vrn=${vrn}`)).json());

    expect(await check('P0012001', 'AB12 CDE')).toMatchObject({ CompatabilityLevel: 1, CompatibilityBadgeClass: 'exact', msg: '', car: { Model: 'Focus Mk3' } });
    expect(await check('P0012001', 'WP66KLM')).toMatchObject({ CompatabilityLevel: 0, CompatibilityBadge: t('product.compatibility_match.0') });
    expect(await check('P0070003', 'LM70HZY')).toMatchObject({ CompatabilityLevel: 2, car: { Make: 'BMW', Model: null } });
    expect(await check('P0012001', 'ZZ99ZZZ')).toMatchObject({ CompatabilityLevel: 0, car: null, msg: t('filters.vrn_not_found') });
  });

  it('answers 404 for an unknown Tag and 422 for a bad registration', async () => {
    const app = await catalogueApp();

    expect((await get(app, '/products/compatibility.json?tag=P9999999&vrn=AB12CDE')).statusCode).toBe(404);
    const bad = await get(app, '/products/compatibility.json?tag=P0012001&vrn=AB%2412');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('vrn');
  });
});

describe('GET /web-api/product-reviews/getList.json', () => {
  it('answers 4 reviews a page, newest first, and an empty page past the end', async () => {
    const { db } = await testDatabase();
    const [reviewed] = await db
      .select({ partId: reviews.partId, count: sql<number>`count(*)::int` })
      .from(reviews)
      .where(isNotNull(reviews.partId))
      .groupBy(reviews.partId)
      .orderBy(desc(sql`count(*)`))
      .limit(1);
    const app = await catalogueApp();
    const page = async (n: number) => getReviews.response.parse((await get(app, `/product-reviews/getList.json?product_id=${reviewed?.partId}&page=${n}`)).json());
    const first = await page(1);

    expect(reviewed?.count).toBeGreaterThan(1);
    expect(first.records.length).toBe(Math.min(4, reviewed?.count ?? 0));
    const created = first.records.map((record) => record.created);
    expect(created).toEqual([...created].sort().reverse());
    expect(first.paginator).toMatchObject({ count: reviewed?.count, perPage: 4, page: 1, pageCount: Math.ceil((reviewed?.count ?? 0) / 4) });
    const past = await page(50);
    expect(past.records).toEqual([]);
    expect(past.paginator).toMatchObject({ requestedPage: 50, page: first.paginator.pageCount });
    expect((await get(app, '/product-reviews/getList.json?product_id=1&page=0')).statusCode).toBe(422);
  });
});

describe('GET /web-api/product-categories/info.json', () => {
  it('answers the descriptions and accordions of the most specific combination written', async () => {
    const { db } = await testDatabase();
    const [alternator] = await db.select({ id: partTypes.id }).from(partTypes).where(eq(partTypes.name, 'Alternator'));
    const app = await catalogueApp();
    const info = async (query: string) => getCategoryInfo.response.parse((await get(app, `/product-categories/info.json?${query}`)).json());

    const make = await info('make=Ford');
    expect(make.descriptions[0]?.title).toBe('Used Ford parts');
    expect(make.accordions.length).toBeGreaterThan(0);
    const makeType = await info(`make=ford&partType=${alternator?.id}`);
    expect(makeType.descriptions[0]?.title).toBe('Used Ford alternators');
    const type = await info(`partType=${alternator?.id}`);
    expect(type.descriptions[0]?.title).toBe('Used alternators');
    expect(await info('make=Trabant')).toMatchObject({ descriptions: [], accordions: [] });
  });

  it('answers for the part page’s own model generation when asked by its id, not for every model of that name', async () => {
    const app = await catalogueApp();
    const part = getPartPage.response.parse((await get(app, '/products/part/P0012001.json')).json()).product;
    expect(part.ModelID).toEqual(expect.any(Number));
    const info = async (query: string) => getCategoryInfo.response.parse((await get(app, `/product-categories/info.json?${query}`)).json());

    const byId = await info(`make=Ford&model=${part.ModelID}&partType=${part.PartType}`);

    // P0012001 fits a Focus Mk3; a text written for another Focus generation must not answer.
    expect(byId.descriptions.map((description) => description.title).join(' ')).not.toMatch(/Mk2|Mk1|Mk4/);
  });
});
