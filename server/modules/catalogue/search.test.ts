// api-suite: both engines (text search, trigram and ranking SQL differ in what each engine ships)
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followSearch, partSearch, recentStock, suggestedProducts } from '../../../src/contract/catalogue';
import { t } from '../../../src/domain/messages';
import { partNumberKey } from '../../../src/domain/validation';
import { partTypes, parts } from '../../db/schema';
import { FAKE_DVLA_KEY, type FakeDvla, startFakeDvla } from '../../integrations/vehicle-lookup/fake-dvla';
import { startVisit } from '../../test/app';
import { catalogueApp, useSeededCatalogue } from '../../test/catalogue';
import { testDatabase } from '../../test/database';

useSeededCatalogue();

const typeIds = new Map<string, number>();
beforeAll(async () => {
  const { db } = await testDatabase();
  for (const row of await db.select({ id: partTypes.id, name: partTypes.name }).from(partTypes)) typeIds.set(row.name, row.id);
});
const typeId = (name: string): number => {
  const id = typeIds.get(name);
  if (id === undefined) throw new Error(`no part type ${name}`);
  return id;
};

async function search(app: FastifyInstance, query: Record<string, string | number>) {
  const response = await app.inject({ method: 'GET', url: '/web-api/products/part-search.json', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
  expect(response.statusCode).toBe(200);
  return partSearch.response.parse(response.json());
}

const tags = (cards: readonly { Tag: string }[]) => cards.map((card) => card.Tag);

describe('part search by registration (SPEC §7, the demo registrations)', () => {
  it('AB12 CDE finds the alternators that fit a 2012 Ford Focus T1DA exactly, with sold and coming-soon ones apart', async () => {
    const app = await catalogueApp();
    const body = await search(app, { vrn: 'ab12 cde', partType: typeId('Alternator') });

    expect(body.data.code).toBe(200);
    expect(body.data.car).toEqual({
      VRN: 'AB12CDE',
      Make: 'Ford',
      Model: 'Focus Mk3',
      Year: 2012,
      Style: 'Hatchback',
      Transmssion: 'Manual',
      Gears: 6,
      EngineCode: 'T1DA',
      ImageURL: '',
    });
    expect(tags(body.data.parts)).toEqual(expect.arrayContaining(['P0012001', 'P0012002']));
    const demo = body.data.parts.find((card) => card.Tag === 'P0012001');
    expect(demo).toMatchObject({
      CompatabilityLevel: 1,
      CompatibilityBadge: t('product.compatibility_match.1'),
      CompatibilityBadgeClass: 'exact',
      formattedName: 'Alternator',
      ManuName: 'Ford',
      ModelName: 'Focus',
      slug: '/product/ford/focus/alternator/P0012001',
      Total: 1,
      stock_quantity: 1,
      product_detail: { is_vehicle: false },
    });
    expect(demo?.MainImgURL).toMatch(/^\/thumbs\/\d+\?size=card&v=[0-9a-f]{12}$/);
    // Best fits first, and only available parts among the results.
    const levels = body.data.parts.map((card) => card.CompatabilityLevel);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    expect(body.data.parts.every((card) => card.status === 'available' && card.PartType === typeId('Alternator'))).toBe(true);
    expect(tags(body.data.sold_parts)).toContain('P0012008');
    expect(body.data.sold_parts.every((card) => card.status === 'sold' && card.Total === 0)).toBe(true);
    expect(body.data.sold_parts.length).toBeLessThanOrEqual(4);
    expect(body.data.comming_soon.every((card) => card.status === 'coming_soon')).toBe(true);
    expect(body.data.models).toEqual([]);
  });

  it.each([
    ['WP66KLM', 'P0066001', 'Golf Mk7', 'CRBC'],
    ['YX19RTA', 'P0019001', 'Corsa E', 'B14XEL'],
  ])('%s finds its demo alternators', async (vrn, tag, model, engine) => {
    const app = await catalogueApp();
    const body = await search(app, { vrn, partType: typeId('Alternator') });

    expect(body.data.car).toMatchObject({ Model: model, EngineCode: engine });
    expect(body.data.parts.find((card) => card.Tag === tag)).toMatchObject({ CompatabilityLevel: 1 });
  });

  it.each(['AB12CDE', 'WP66KLM', 'YX19RTA'])('%s has available starter motors, headlights and door mirrors that fit exactly', async (vrn) => {
    const app = await catalogueApp();
    for (const type of ['Starter Motor', 'Headlight (Left)', 'Door Mirror (Right)']) {
      const body = await search(app, { vrn, partType: typeId(type) });
      expect(body.data.parts.some((card) => card.CompatabilityLevel === 1), `${vrn} ${type}`).toBe(true);
    }
  });

  it('answers code 501 with the car and a message when no part type is given', async () => {
    const app = await catalogueApp();
    const body = await search(app, { vrn: 'AB12CDE' });

    expect(body.data.code).toBe(501);
    expect(body.msg).toBe(t('filters.vrn_select_part_type'));
    expect(body.data.car?.Make).toBe('Ford');
    expect(body.data.parts).toEqual([]);
    expect(body.data.SearchID).toBeNull();
  });

  it('answers code 502 with a message for ZZ99 ZZZ, a registration nobody knows', async () => {
    const app = await catalogueApp();
    const body = await search(app, { vrn: 'ZZ99 ZZZ', partType: typeId('Alternator') });

    expect(body.data.code).toBe(502);
    expect(body.msg).toBe(t('filters.vrn_not_found'));
    expect(body.data.car).toBeNull();
  });

  it('offers the models of the make sold in that year for LM70 HZY, whose lookup names no model', async () => {
    const app = await catalogueApp();
    const body = await search(app, { vrn: 'LM70HZY', partType: typeId('Alternator') });

    expect(body.data.code).toBe(200);
    expect(body.msg).toBe(t('filters.vrn_select_model'));
    expect(body.data.car).toMatchObject({ Make: 'BMW', Model: null, Year: 2020 });
    expect(body.data.parts).toEqual([]);
    const offered = body.data.models.map((row) => row.MODEL);
    expect(offered).toEqual(expect.arrayContaining(['3 Series G20/G21', 'X1 F48']));
    expect(body.data.models.every((row) => row.MAKE === 'BMW' && row.yearFrom <= 2020 && (row.yearTo === null || row.yearTo >= 2020))).toBe(true);
  });

  it('searches the model the customer chose for LM70 HZY, by name or by id', async () => {
    const app = await catalogueApp();
    const offered = await search(app, { vrn: 'LM70HZY', partType: typeId('Alternator') });
    const model = offered.data.models.find((row) => row.MODEL === '3 Series G20/G21');

    const byName = await search(app, { vrn: 'LM70HZY', partType: typeId('Alternator'), model: '3 series g20/g21' });
    const byId = await search(app, { vrn: 'LM70HZY', partType: typeId('Alternator'), model: model?.ID ?? 0 });

    expect(tags(byName.data.parts)).toContain('P0070003');
    expect(tags(byId.data.parts)).toEqual(tags(byName.data.parts));
    expect(byName.data.models.length).toBeGreaterThan(0);
  });

  it('describes the search in its SearchID, the same for the same search, without storing anything', async () => {
    const app = await catalogueApp();
    const body = await search(app, { vrn: 'AB12CDE', partType: typeId('Alternator') });
    const again = await search(app, { vrn: 'ab12 cde', partType: typeId('Alternator') });
    const other = await search(app, { vrn: 'AB12CDE', partType: typeId('Starter Motor') });

    expect(body.data.SearchID).toEqual(expect.any(String));
    expect(again.data.SearchID).toBe(body.data.SearchID);
    expect(other.data.SearchID).not.toBe(body.data.SearchID);
    const { db } = await testDatabase();
    const [row] = ((await db.execute(sql`SELECT count(*)::int AS count FROM searches`)) as unknown as { rows: { count: number }[] }).rows;
    expect(row?.count).toBe(0);
  });

  it('lists sold parts after the available ones when soldOut is asked for', async () => {
    const app = await catalogueApp();
    const body = await search(app, { vrn: 'AB12CDE', partType: typeId('Alternator'), soldOut: 'true' });
    const statuses = body.data.parts.map((card) => card.status);

    expect(statuses).toContain('sold');
    expect(statuses.indexOf('sold')).toBeGreaterThan(statuses.lastIndexOf('available'));
  });
});

describe('part search by part number', () => {

  it.each(['av6n10300gc', 'AV6N 10300 GC', 'av6n-10300-gc', 'AV6N.10300.GC'])('ignores case, spaces, dashes and dots (%s)', async (oem) => {
    const app = await catalogueApp();
    const body = await search(app, { oem });

    expect(tags(body.data.parts).slice(0, 2).sort()).toEqual(['P0012001', 'P0012002']);
    expect(body.data.parts.every((card) => partNumberKey(card.OEM).startsWith('AV6N10300GC'))).toBe(true);
    expect(body.data.car).toBeNull();
    expect(body.data.parts[0]?.CompatibilityBadge).toBe('');
  });

  it('lists exact matches before longer numbers that start the same, whatever their age', async () => {
    const { db } = await testDatabase();
    // A newer part whose number is exactly the searched one, while the older demo parts only start with it.
    await db.execute(sql`
      INSERT INTO parts (tag, stock_number, part_type_id, category_id, make_id, model_id, year, engine_code, part_name,
                         description, oem, oem_normalised, grade, price_net, status)
      SELECT 'EXACT-1', stock_number, part_type_id, category_id, make_id, model_id, year, engine_code, part_name,
             description, 'AV6N-10300', 'AV6N10300', grade, price_net, 'available'
      FROM parts WHERE tag = 'P0012001'`);
    const app = await catalogueApp();
    const body = await search(app, { oem: 'av6n 10300' });

    expect(body.data.parts[0]?.Tag).toBe('EXACT-1');
    expect(tags(body.data.parts)).toEqual(expect.arrayContaining(['P0012001', 'P0012002']));
    const numbers = body.data.parts.map((card) => partNumberKey(card.OEM));
    expect(numbers).toEqual([...numbers].sort());
  });

  it('returns at most 25 parts, 4 sold and 4 coming soon', async () => {
    const { db } = await testDatabase();
    // The most common three-character start of a part number: far more than 25 parts share it.
    const [common] = (
      (await db.execute(sql`SELECT left(oem_normalised, 3) AS prefix FROM parts GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`)) as unknown as {
        rows: { prefix: string }[];
      }
    ).rows;
    const app = await catalogueApp();
    const body = await search(app, { oem: common?.prefix ?? '' });

    expect(body.data.parts).toHaveLength(25);
    expect(body.data.sold_parts.length).toBeLessThanOrEqual(4);
    expect(body.data.comming_soon.length).toBeLessThanOrEqual(4);
    expect(body.data.sold_parts.length + body.data.comming_soon.length).toBeGreaterThan(0);
  });

  it('finds nothing, without failing, for a number nobody has', async () => {
    const app = await catalogueApp();
    const body = await search(app, { oem: "QQQ' OR '1'='1" });

    expect(body.data.parts).toEqual([]);
    expect(body.data.SearchID).toEqual(expect.any(String));
  });
});

describe('part search by make, model and year', () => {
  it('finds the parts that fit, at most 25', async () => {
    const app = await catalogueApp();
    const body = await search(app, { make: 'FORD', model: 'Focus Mk3', year: 2012, partType: typeId('Alternator') });

    expect(tags(body.data.parts)).toEqual(expect.arrayContaining(['P0012001', 'P0012002']));
    expect(body.data.parts.every((card) => card.PartType === typeId('Alternator'))).toBe(true);

    const wide = await search(app, { make: 'ford' });
    expect(wide.data.parts).toHaveLength(25);
    expect(wide.data.parts.every((card) => card.ManuName === 'Ford' && card.status === 'available')).toBe(true);
  });

  it('finds nothing for a make or model the catalogue does not have', async () => {
    const app = await catalogueApp();

    expect((await search(app, { make: 'Trabant' })).data.parts).toEqual([]);
    expect((await search(app, { make: 'Ford', model: 'Model T' })).data.parts).toEqual([]);
  });
});

describe('part search for the parts of one donor vehicle (stock)', () => {
  interface DonorPart {
    tag: string;
    status: string;
    partTypeId: number;
  }
  interface Donor {
    stock: string;
    make: string;
    model: string;
    year: number;
    parts: DonorPart[];
  }

  /** The generated donor car with the most parts, some of them sold or coming soon, read from the table. */
  async function donorWithSoldParts(): Promise<Donor> {
    const { db } = await testDatabase();
    const rows = (
      (await db.execute(sql`
        WITH donor AS (
          SELECT stock_number FROM parts GROUP BY stock_number
          HAVING count(*) FILTER (WHERE status = 'available') > 1 AND count(*) FILTER (WHERE status <> 'available') > 0
          ORDER BY count(*) DESC, stock_number LIMIT 1
        )
        SELECT p.stock_number AS stock, mk.name AS make, m.name AS model, p.year, p.tag, p.status, p.part_type_id AS "partTypeId"
        FROM parts p JOIN donor d ON d.stock_number = p.stock_number JOIN makes mk ON mk.id = p.make_id JOIN models m ON m.id = p.model_id
        ORDER BY p.id`)) as unknown as { rows: (Omit<Donor, 'parts'> & DonorPart)[] }
    ).rows;
    const [first] = rows;
    if (!first) throw new Error('the test catalogue has no donor with sold parts');
    return { stock: first.stock, make: first.make, model: first.model, year: first.year, parts: rows.map(({ tag, status, partTypeId }) => ({ tag, status, partTypeId })) };
  }
  const tagsOf = (donor: Donor, status: string) => donor.parts.filter((part) => part.status === status).map((part) => part.tag);

  it('lists that car’s available parts as results, its sold and coming-soon ones apart, and nothing else', async () => {
    const donor = await donorWithSoldParts();
    const app = await catalogueApp();
    const body = await search(app, { make: donor.make.toUpperCase(), model: donor.model, year: donor.year, stock: donor.stock });

    expect(body.data.code).toBe(200);
    expect(tags(body.data.parts)).toEqual(tagsOf(donor, 'available'));
    expect(tags(body.data.sold_parts)).toEqual(tagsOf(donor, 'sold').slice(0, 4));
    expect(tags(body.data.comming_soon)).toEqual(tagsOf(donor, 'coming_soon').slice(0, 4));
    expect(body.data.parts.every((card) => card.ManuName === donor.make && card.ModelName === donor.model && card.Year === donor.year)).toBe(true);

    // Without it the same make/model/year search shows other cars' parts too.
    const wide = await search(app, { make: donor.make.toUpperCase(), model: donor.model, year: donor.year });
    expect(tags(wide.data.parts).some((tag) => !donor.parts.some((part) => part.tag === tag))).toBe(true);
  });

  it('needs no make: the stock number alone finds the car, and the SearchID is about it', async () => {
    const donor = await donorWithSoldParts();
    const app = await catalogueApp();
    const body = await search(app, { stock: ` ${donor.stock} ` });

    expect(tags(body.data.parts)).toEqual(tagsOf(donor, 'available'));
    // Its follow-search offers other parts of the donor's make and model.
    const others = followSearch.response.parse(
      (await app.inject({ method: 'GET', url: '/web-api/products/follow-search.json', query: { searchId: body.data.SearchID ?? '' } })).json(),
    );
    expect(others.data.length).toBeGreaterThan(0);
    expect(others.data.every((card) => card.ManuName === donor.make)).toBe(true);
  });

  it('stays within the make, model, year and part type the query names', async () => {
    const donor = await donorWithSoldParts();
    const app = await catalogueApp();
    const [one] = donor.parts.filter((part) => part.status === 'available');
    const otherMake = donor.make === 'Ford' ? 'VAUXHALL' : 'FORD';

    const ofType = await search(app, { make: donor.make, stock: donor.stock, partType: one?.partTypeId ?? 0 });
    expect(tags(ofType.data.parts)).toEqual(donor.parts.filter((part) => part.status === 'available' && part.partTypeId === one?.partTypeId).map((part) => part.tag));
    expect((await search(app, { make: otherMake, stock: donor.stock })).data.parts).toEqual([]);
    expect((await search(app, { make: donor.make, model: 'Model T', stock: donor.stock })).data.parts).toEqual([]);
    const otherYear = await search(app, { make: donor.make, stock: donor.stock, year: donor.year === 2010 ? 2011 : 2010 });
    expect(otherYear.data.parts).toEqual([]);
    expect(otherYear.data.sold_parts).toEqual([]);
  });

  it('answers the usual no-results search for a stock number nobody has', async () => {
    const app = await catalogueApp();
    const body = await search(app, { make: 'FORD', model: 'Focus', year: 2012, stock: 'STK-000000' });

    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ code: 200, car: null, parts: [], sold_parts: [], comming_soon: [] });
    expect(body.data.SearchID).toEqual(expect.any(String));
  });

  it('is read by the make/model search only: a registration search is unchanged by it', async () => {
    const donor = await donorWithSoldParts();
    const app = await catalogueApp();
    const plain = await search(app, { vrn: 'AB12CDE', partType: typeId('Alternator') });
    const withStock = await search(app, { vrn: 'AB12CDE', partType: typeId('Alternator'), stock: donor.stock });

    expect(tags(withStock.data.parts)).toEqual(tags(plain.data.parts));
  });
});

describe('GET /web-api/products/follow-search.json', () => {
  it('offers one available part per other part type for the stored search’s vehicle, at most 12', async () => {
    const app = await catalogueApp();
    const first = await search(app, { vrn: 'AB12CDE', partType: typeId('Alternator') });

    const response = await app.inject({ method: 'GET', url: `/web-api/products/follow-search.json?searchId=${first.data.SearchID}` });
    const body = followSearch.response.parse(response.json());

    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBeLessThanOrEqual(12);
    const types = body.data.map((card) => card.PartType);
    expect(new Set(types).size).toBe(types.length);
    expect(types).not.toContain(typeId('Alternator'));
    expect(body.data.every((card) => card.status === 'available' && card.CompatabilityLevel >= 1 && card.CompatabilityLevel <= 3)).toBe(true);
  });

  it('answers 404 for a SearchID this shop did not sign (tampered with), and 422 for one that is not a SearchID', async () => {
    const app = await catalogueApp();
    const first = await search(app, { vrn: 'AB12CDE', partType: typeId('Alternator') });
    const [payload = '', signature = ''] = (first.data.SearchID ?? '').split('.');
    // Another vehicle written into the payload, the signature kept.
    const forged = `${Buffer.from(JSON.stringify([1, 2, null, null, null, null])).toString('base64url')}.${signature}`;
    const resigned = `${payload}.${'A'.repeat(22)}`;

    for (const searchId of [forged, resigned]) {
      const response = await app.inject({ method: 'GET', url: '/web-api/products/follow-search.json', query: { searchId } });
      expect(response.statusCode, searchId).toBe(404);
      const recent = await app.inject({ method: 'GET', url: '/web-api/products/recent-stock.json', query: { searchId } });
      expect(recent.statusCode, searchId).toBe(404);
    }
    for (const searchId of ['x', '999999', `${payload}.${signature}!`]) {
      const bad = await app.inject({ method: 'GET', url: '/web-api/products/follow-search.json', query: { searchId } });
      expect(bad.statusCode, searchId).toBe(422);
      expect(bad.json().errors).toHaveProperty('searchId');
    }
  });
});

describe('GET /web-api/products/recent-stock.json', () => {
  it('lists the newest available parts, of the registration’s car when one is given', async () => {
    const app = await catalogueApp();
    const all = recentStock.response.parse((await app.inject({ method: 'GET', url: '/web-api/products/recent-stock.json' })).json());
    const forCar = recentStock.response.parse((await app.inject({ method: 'GET', url: '/web-api/products/recent-stock.json?vrn=AB12CDE&limit=5' })).json());
    const unknown = recentStock.response.parse((await app.inject({ method: 'GET', url: '/web-api/products/recent-stock.json?vrn=ZZ99ZZZ' })).json());

    expect(all.data).toHaveLength(12);
    expect(all.data.every((card) => card.status === 'available')).toBe(true);
    expect(forCar.data).toHaveLength(5);
    expect(forCar.data.every((card) => card.CompatabilityLevel <= 3)).toBe(true);
    expect(unknown.data).toEqual([]);
  });

  it('lists the newest available parts for the vehicle and part type of a SearchID', async () => {
    const app = await catalogueApp();
    const first = await search(app, { make: 'FORD', model: 'Focus Mk3', year: 2012, partType: typeId('Alternator') });
    const recent = recentStock.response.parse(
      (await app.inject({ method: 'GET', url: '/web-api/products/recent-stock.json', query: { searchId: first.data.SearchID ?? '', limit: '5' } })).json(),
    );

    expect(recent.data.length).toBeGreaterThan(0);
    expect(recent.data.every((card) => card.ManuName === 'Ford' && card.PartType === typeId('Alternator') && card.status === 'available')).toBe(true);
  });
});

describe('POST /web-api/search/get-suggested-products.json', () => {
  it('suggests up to 8 available parts whose number starts with what is typed, with their fit to a registration', async () => {
    const app = await catalogueApp();
    const visitor = await startVisit(app);
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/web-api/search/get-suggested-products.json', headers: { cookie: visitor.cookie, 'x-csrf-token': visitor.csrfToken }, payload });

    const body = suggestedProducts.response.parse((await post({ oem: 'av6n-1030' })).json());
    expect(tags(body.products)).toEqual(expect.arrayContaining(['P0012001', 'P0012002']));
    expect(body.products.length).toBeLessThanOrEqual(8);
    expect(body.products.every((card) => partNumberKey(card.OEM).startsWith('AV6N1030') && card.status === 'available')).toBe(true);

    const withCar = suggestedProducts.response.parse((await post({ oem: 'AV6N10300GC', vrn: 'AB12CDE' })).json());
    expect(withCar.products.find((card) => card.Tag === 'P0012001')?.CompatabilityLevel).toBe(1);

    const { db } = await testDatabase();
    const [{ prefix } = { prefix: '' }] = (
      (await db.execute(sql`SELECT left(oem_normalised, 3) AS prefix FROM parts WHERE status = 'available' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`)) as unknown as {
        rows: { prefix: string }[];
      }
    ).rows;
    expect(suggestedProducts.response.parse((await post({ oem: prefix })).json()).products).toHaveLength(8);
  });

  it('needs the session’s CSRF token and a part number of 3 characters or more', async () => {
    const app = await catalogueApp();
    const visitor = await startVisit(app);

    const forged = await app.inject({ method: 'POST', url: '/web-api/search/get-suggested-products.json', headers: { cookie: visitor.cookie }, payload: { oem: 'AV6N' } });
    expect(forged.statusCode).toBe(403);
    const short = await app.inject({
      method: 'POST',
      url: '/web-api/search/get-suggested-products.json',
      headers: { cookie: visitor.cookie, 'x-csrf-token': visitor.csrfToken },
      payload: { oem: 'AV' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toHaveProperty('oem');
  });
});

describe('bad search input', () => {
  it.each([
    ['a registration with symbols', 'vrn=AB12%3BDROP', 'vrn'],
    ['a registration over 10 characters', 'vrn=ABCDEFGHIJK', 'vrn'],
    ['a part number under 3 characters', 'oem=AB', 'oem'],
    ['a part type that is not a number', 'vrn=AB12CDE&partType=x', 'partType'],
    ['a year that is not one', 'make=Ford&year=20x2', 'year'],
    ['no registration, part number or make', 'year=2012', 'vrn'],
    ['a stock number with symbols', 'make=FORD&stock=STK%3B1', 'stock'],
    ['a stock number over 30 characters', `make=FORD&stock=${'S'.repeat(31)}`, 'stock'],
    ['an empty stock number', 'make=FORD&stock=', 'stock'],
  ])('answers 422 naming the field for %s', async (_what, query, field) => {
    const app = await catalogueApp();
    const response = await app.inject({ method: 'GET', url: `/web-api/products/part-search.json?${query}` });

    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false, errors: { [field]: expect.any(Array) } });
  });
});

describe('registration search through the DVLA adapter', () => {
  let dvla: FakeDvla;
  beforeAll(async () => {
    dvla = await startFakeDvla({ vehicles: { LM70HZY: { make: 'BMW', yearOfManufacture: 2020 }, AB12CDE: { make: 'FORD', yearOfManufacture: 2012 } }, failing: ['BROKEN1'] });
  });
  afterAll(() => dvla.close());
  const dvlaApp = () => catalogueApp({ env: { DVLA_API_KEY: FAKE_DVLA_KEY, DVLA_API_URL: dvla.url } });

  it('offers the models of the make the DVLA names, and searches the one chosen', async () => {
    const app = await dvlaApp();
    const offered = await search(app, { vrn: 'AB12CDE', partType: typeId('Alternator') });

    expect(dvla.received).toContain('AB12CDE');
    expect(offered.data.car).toMatchObject({ Make: 'Ford', Model: null, Year: 2012, EngineCode: '' });
    expect(offered.data.models.map((row) => row.MODEL)).toContain('Focus Mk3');

    const chosen = await search(app, { vrn: 'AB12CDE', partType: typeId('Alternator'), model: 'Focus Mk3' });
    expect(tags(chosen.data.parts)).toEqual(expect.arrayContaining(['P0012001', 'P0012002']));
  });

  it('answers 502 for a registration the DVLA does not know, and 503 with a message when it fails', async () => {
    const app = await dvlaApp();
    expect((await search(app, { vrn: 'ZZ99ZZZ', partType: typeId('Alternator') })).data.code).toBe(502);

    const failed = await app.inject({ method: 'GET', url: `/web-api/products/part-search.json?vrn=BROKEN1&partType=${typeId('Alternator')}` });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ success: false, msg: t('filters.vrn_lookup_unavailable') });
  });
});

describe('the stored catalogue is untouched by searching', () => {
  it('leaves every searched part as it was', async () => {
    const { db } = await testDatabase();
    const [row] = await db.select({ status: parts.status }).from(parts).where(eq(parts.tag, 'P0012001'));
    expect(row?.status).toBe('available');
  });
});

describe('hostile input', () => {
  const values = ["'", "' OR '1'='1' --", '%00', '99999999999', '-1', '1e3', '0x10', '%F0%9F%98%80', 'x'.repeat(300), ',', '1,,2', '%5B%5D'];
  const calls = [
    (v: string) => `/products/part-search.json?vrn=${v}&partType=1`,
    (v: string) => `/products/part-search.json?oem=${v}`,
    (v: string) => `/products/part-search.json?make=${v}&model=${v}&year=2012&partType=${v}`,
    (v: string) => `/products/part-search.json?make=Ford&year=${v}&soldOut=${v}`,
    (v: string) => `/products/part-search.json?make=Ford&stock=${v}`,
    (v: string) => `/products/models.json?make=${v}`,
    (v: string) => `/products/follow-search.json?searchId=${v}`,
    (v: string) => `/products/recent-stock.json?vrn=${v}&limit=${v}`,
    (v: string) => `/products/get-list/${v}.json`,
    (v: string) => `/products/get-list/1.json?categories=${v}&badges=${v}&attribute=${v}`,
    (v: string) => `/products/get-list/1.json?price_from=${v}&price_to=${v}&sort=${v}&direction=${v}&page=${v}&limit=${v}`,
    (v: string) => `/products/get-badge-list/${v}.json?page=${v}`,
    (v: string) => `/products/listing-filters.json?categoryId=${v}&badgeId=${v}`,
    (v: string) => `/product-reviews/getList.json?product_id=${v}&page=${v}`,
    (v: string) => `/product-categories/info.json?make=${v}&model=${v}&partType=${v}`,
    (v: string) => `/products/part/${v}.json`,
    (v: string) => `/content-pages/${v}.json`,
    (v: string) => `/products/vehicle/${v}.json`,
    (v: string) => `/products/compatibility.json?tag=${v}&vrn=${v}`,
  ];

  it('never answers 500, whatever the values', async () => {
    const app = await catalogueApp();
    for (const call of calls) {
      for (const value of values) {
        const url = `/web-api${call(encodeURIComponent(decodeURIComponent(value)))}`;
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBeLessThan(500);
        expect(response.json(), url).toHaveProperty('success');
      }
    }
  });
});
