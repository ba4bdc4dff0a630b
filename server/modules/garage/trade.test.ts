/**
 * Saved searches and the garage (issue 17): counts of parts matching now and new since the last
 * run, re-running, renaming and deleting; vehicles by registration and by make/model/year, one
 * current, the saved VRN becoming current; compatibility levels for the current vehicle; each
 * member sees only their own (404 for another's), 401 signed out, 403 without CSRF, 422 naming
 * bad fields.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getGarage, getGarageCompatibility } from '../../../src/contract/garage';
import { getSavedSearches } from '../../../src/contract/saved-searches';
import { garageVehicles, parts, savedSearches } from '../../db/schema';
import { getOrderList } from '../../../src/contract/orders';
import { expectOk, guestForm, PARTS, PASSWORD, shopper, useCheckoutData } from '../../test/checkout';
import { testDatabase } from '../../test/database';
import { sentTwice, withKey } from '../../test/idempotency';
import { testClock } from '../../test/payments';
import { addStock, removeStock, signedIn, tradeApp } from '../../test/trade';
import { shopper as visitorOf } from '../../test/checkout';

useCheckoutData();

let added: string[] = [];
afterEach(async () => {
  await removeStock((await testDatabase()).db, added);
  added = [];
});

describe('saved searches', () => {
  it('counts parts matching now and new since the last run, re-runs, renames and deletes', async () => {
    const { db } = await testDatabase();
    const app = await tradeApp({ clock: testClock() });
    const jo = await signedIn(app, 'jo@fleetfix.co.uk');
    const [alternator] = await db.select({ partTypeId: parts.partTypeId }).from(parts).where(eq(parts.tag, PARTS.alternator));
    const partType = alternator?.partTypeId ?? 0;
    const list = async () => getSavedSearches.response.parse((await expectOk(jo.call('GET', '/saved-searches/getList.json'))).json()).records;

    const byVrn = (await expectOk(jo.call('POST', '/saved-searches/create', { params: { vrn: 'ab12 cde', partType } }))).json().record;
    const byMake = (await expectOk(jo.call('POST', '/saved-searches/create', { name: 'Focus alternators', params: { make: 'Ford', model: 'Focus', partType, price_to: 7000 } }))).json().record;
    expect(byVrn.name).toBe('AB12CDE – Alternator');
    expect(byVrn.params).toEqual({ vrn: 'AB12CDE', partType });
    // The registration search finds what part-search shows for it: the available alternators that fit.
    const search = (await expectOk(jo.call('GET', `/products/part-search.json?vrn=AB12CDE&partType=${partType}`))).json().data;
    expect(byVrn.matching).toBe(search.parts.length);
    expect(byVrn.matching).toBeGreaterThanOrEqual(2);
    // Never run: every match is new. The £70 price bound leaves out the £79.99 alternator.
    expect(byVrn.new_since_last_view).toBe(byVrn.matching);
    expect(byMake.matching).toBe(byVrn.matching - 1);

    // Running it answers its own parameters and the results page; from then on only later arrivals are new.
    const run = (await expectOk(jo.call('POST', `/saved-searches/${byVrn.id}/run`))).json();
    expect(run).toEqual({ success: true, params: { vrn: 'AB12CDE', partType }, search_url: `/categories?vrn=AB12CDE&partType=${partType}` });
    await expectOk(jo.call('POST', `/saved-searches/${byMake.id}/run`));
    added.push(...(await addStock(db, PARTS.alternator, 2, { priceNet: 5000 })));
    // A part sold meanwhile no longer matches.
    await db.update(parts).set({ status: 'sold' }).where(eq(parts.tag, PARTS.alternatorB));
    const [vrnAfter, makeAfter] = [...(await list())].sort((a, b) => a.id - b.id);
    expect(vrnAfter).toMatchObject({ id: byVrn.id, matching: byVrn.matching + 2 - 1, new_since_last_view: 2, last_viewed: '2026-11-25T10:00:00.000Z' });
    expect(makeAfter).toMatchObject({ id: byMake.id, matching: byMake.matching + 2 - 1, new_since_last_view: 2 });

    expect((await expectOk(jo.call('PATCH', `/saved-searches/${byVrn.id}`, { name: 'The Focus' }))).json().record.name).toBe('The Focus');
    await expectOk(jo.call('DELETE', `/saved-searches/${byMake.id}`));
    expect((await list()).map((record) => record.name)).toEqual(['The Focus']);
  });

  it('answers only the member: 404 for another member’s search, 401 signed out, 403 without CSRF, 422 naming fields', async () => {
    const app = await tradeApp({ clock: testClock() });
    const jo = await signedIn(app, 'jo@fleetfix.co.uk');
    const sam = await signedIn(app, 'sam@turner-motors.co.uk', 'Sam');
    const mine = (await expectOk(jo.call('POST', '/saved-searches/create', { params: { oem: 'AV6N-10300' } }))).json().record;
    // As many as the part-number search shows available (the two alternators and the fixture engine, which shares their number).
    const search = (await expectOk(jo.call('GET', '/products/part-search.json?oem=AV6N-10300'))).json().data;
    expect(mine).toMatchObject({ name: 'Part number AV6N-10300', matching: search.parts.length });
    expect(mine.matching).toBe(3);

    for (const [method, url, body] of [
      ['POST', `/saved-searches/${mine.id}/run`, undefined],
      ['PATCH', `/saved-searches/${mine.id}`, { name: 'Mine now' }],
      ['DELETE', `/saved-searches/${mine.id}`, undefined],
      ['POST', '/alerts/create', { saved_search_id: mine.id }],
    ] as const) {
      expect((await sam.call(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await expectOk(sam.call('GET', '/saved-searches/getList.json'))).json().records).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/web-api/saved-searches/getList.json' })).statusCode).toBe(401);
    expect((await jo.call('POST', '/saved-searches/create', { params: { make: 'Ford' } }, { csrf: false })).statusCode).toBe(403);
    expect((await jo.call('DELETE', `/saved-searches/${mine.id}`, undefined, { csrf: false })).statusCode).toBe(403);

    const bad = await jo.call('POST', '/saved-searches/create', { name: '', params: { year: 1800, price_from: 500, price_to: 100 } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'params.price_from', 'params.vrn', 'params.year'].sort());
  });
});

describe('the garage', () => {
  it('keeps vehicles by registration and by make/model/year, one current, the saved VRN current, and answers fit levels for it', async () => {
    const app = await tradeApp({ clock: testClock() });
    const jo = await signedIn(app, 'jo@fleetfix.co.uk');
    const garage = async () => getGarage.response.parse((await expectOk(jo.call('GET', '/garage/getList.json'))).json());
    const levels = async (query: string) => getGarageCompatibility.response.parse((await expectOk(jo.call('GET', `/garage/compatibility.json?${query}`))).json());

    // Without a vehicle every part is unsure (no badge).
    const tags = [PARTS.alternator, PARTS.headlight, PARTS.engine, 'P9999999'];
    expect((await levels(`tags=${tags.join(',')}`)).levels.map((level) => level.CompatabilityLevel)).toEqual([100, 100, 100]);

    const focus = (await expectOk(jo.call('POST', '/garage/add', { vrn: 'AB12 CDE' }))).json().vehicle;
    expect(focus).toMatchObject({ vrn: 'AB12CDE', make: 'Ford', model: 'Focus Mk3', year: 2012, engine_code: 'T1DA', label: 'AB12CDE · 2012 Ford Focus Mk3', current: true, search: { vrn: 'AB12CDE' } });
    const byModel = (await expectOk(jo.call('POST', '/garage/add', { make: 'Ford', model: 'Focus', year: 2012 }))).json().vehicle;
    // The first vehicle stays current until another is chosen.
    expect(byModel).toMatchObject({ vrn: null, label: '2012 Ford Focus', current: false, search: { make: 'Ford', model: 'Focus', year: 2012 } });

    // The demo parts of AB12 CDE fit it exactly (SPEC §4 level 1, 'exact' badge); an unknown Tag is left out.
    const fit = await levels(`tags=${tags.join(',')}`);
    expect(fit.vehicle?.id).toBe(focus.id);
    expect(fit.levels.map((level) => level.tag)).toEqual([PARTS.alternator, PARTS.headlight, PARTS.engine]);
    expect(fit.levels[0]).toEqual({ tag: PARTS.alternator, CompatabilityLevel: 1, CompatibilityBadge: expect.any(String), CompatibilityBadgeClass: 'exact' });
    expect(fit.levels[0]?.CompatibilityBadge).not.toBe('');

    await expectOk(jo.call('POST', `/garage/${byModel.id}/current`));
    expect((await garage()).current_id).toBe(byModel.id);
    expect((await levels(`tags=${PARTS.alternator}&vehicle=${focus.id}`)).vehicle?.id).toBe(focus.id);

    // SPEC §4's saved VRN: a new registration joins the garage and becomes current; '' leaves none current.
    const saved = await app.inject({ method: 'PUT', url: '/web-api/garage/saved-vrn', headers: { cookie: jo.cookie, 'x-csrf-token': jo.csrfToken }, payload: { vrn: 'AB12CDE' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().vehicle).toMatchObject({ id: focus.id, current: true });
    expect((await garage()).vehicles).toHaveLength(2);
    const unknown = await app.inject({ method: 'PUT', url: '/web-api/garage/saved-vrn', headers: { cookie: jo.cookie, 'x-csrf-token': jo.csrfToken }, payload: { vrn: 'ZZ99ZZZ' } });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['vrn']);
    const cleared = await app.inject({ method: 'PUT', url: '/web-api/garage/saved-vrn', headers: { cookie: jo.cookie, 'x-csrf-token': jo.csrfToken }, payload: { vrn: '' } });
    expect(cleared.json()).toEqual({ success: true, vehicle: null });
    expect((await garage()).current_id).toBeNull();

    await expectOk(jo.call('DELETE', `/garage/${byModel.id}`));
    expect((await garage()).vehicles.map((vehicle) => vehicle.id)).toEqual([focus.id]);
  });

  it('answers only the member: 404 for another member’s vehicle, 401 signed out, 403 without CSRF, 422 naming fields', async () => {
    const app = await tradeApp({ clock: testClock() });
    const jo = await signedIn(app, 'jo@fleetfix.co.uk');
    const sam = await signedIn(app, 'sam@turner-motors.co.uk', 'Sam');
    const mine = (await expectOk(jo.call('POST', '/garage/add', { vrn: 'AB12CDE' }))).json().vehicle;
    for (const [method, url, body] of [
      ['POST', `/garage/${mine.id}/current`, undefined],
      ['DELETE', `/garage/${mine.id}`, undefined],
      ['GET', `/garage/compatibility.json?tags=${PARTS.alternator}&vehicle=${mine.id}`, undefined],
      ['POST', '/alerts/create', { garage_vehicle_id: mine.id }],
    ] as const) {
      expect((await sam.call(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await expectOk(sam.call('GET', '/garage/getList.json'))).json()).toEqual({ success: true, vehicles: [], current_id: null });
    for (const url of ['/web-api/garage/getList.json', `/web-api/garage/compatibility.json?tags=${PARTS.alternator}`, '/web-api/alerts/getList.json', '/web-api/push/subscriptions.json']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect((await jo.call('POST', '/garage/add', { make: 'Ford' }, { csrf: false })).statusCode).toBe(403);
    expect((await jo.call('DELETE', `/garage/${mine.id}`, undefined, { csrf: false })).statusCode).toBe(403);

    const unknownMake = await jo.call('POST', '/garage/add', { make: 'Trabant' });
    expect(unknownMake.statusCode).toBe(422);
    expect(Object.keys(unknownMake.json().errors)).toEqual(['make']);
    const bad = await jo.call('POST', '/garage/add', { vrn: 'AB-12', year: 'soon' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['vrn', 'year']);
    const badTags = await jo.call('GET', '/garage/compatibility.json?tags=not%20a%20tag');
    expect(badTags.statusCode).toBe(422);
    expect(Object.keys(badTags.json().errors)).toEqual(['tags']);
  });
});

describe('order lines', () => {
  it('keep the vehicle they were bought for (the saved VRN, current in the garage) and the fit shown then', async () => {
    const app = await tradeApp({ clock: testClock() });
    const buyer = await shopper(app);
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.engine } }));
    await expectOk(buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 }));
    buyer.adopt(await expectOk(buyer.call('POST', '/carts/update-shipping', guestForm({ is_guest: false, email: 'jo@fleetfix.co.uk', password: PASSWORD, confirm_password: PASSWORD }))));
    // The page saves the VRN (SPEC §4) and, for a member, tells the garage.
    const saved = await app.inject({ method: 'PUT', url: '/web-api/garage/saved-vrn', headers: { cookie: buyer.cookie, 'x-csrf-token': buyer.csrfToken }, payload: { vrn: 'AB12 CDE' } });
    expect(saved.statusCode).toBe(200);
    await expectOk(buyer.call('PATCH', '/carts/create-order'));
    // The vehicle changes afterwards: the order keeps the one it was bought for.
    await app.inject({ method: 'PUT', url: '/web-api/garage/saved-vrn', headers: { cookie: buyer.cookie, 'x-csrf-token': buyer.csrfToken }, payload: { vrn: '' } });

    const [order] = getOrderList.response.parse((await expectOk(buyer.call('GET', '/orders/getList.json'))).json()).data.orders;
    const vehicle = { vrn: 'AB12CDE', make: 'Ford', model: 'Focus Mk3', year: 2012, label: 'AB12CDE · 2012 Ford Focus Mk3' };
    expect(order?.order_products.map((line) => line.vehicle)).toEqual([
      { ...vehicle, CompatabilityLevel: 1 },
      // The fixture engine has no fitments: it was shown as not known to fit.
      { ...vehicle, CompatabilityLevel: 0 },
    ]);
  });
});

describe('saving a search and adding a vehicle with an Idempotency-Key (the outbox replays what was done offline)', () => {
  it('answers a repeat the first answer and stores one row; another member’s same key is their own; signed out 401', async () => {
    const app = await tradeApp({ clock: testClock() });
    const jo = await signedIn(app, 'jo.keyed@fleetfix.co.uk');
    const alex = await signedIn(app, 'alex.keyed@fleetfix.co.uk', 'Alex');
    const search = { name: 'Focus parts', params: { make: 'Ford', model: 'Focus' } };
    const vehicle = { vrn: 'AB12CDE' };
    const { db } = await testDatabase();
    const rowsOf = async (member: number) => [
      (await db.select().from(savedSearches).where(eq(savedSearches.memberId, member))).length,
      (await db.select().from(garageVehicles).where(eq(garageVehicles.memberId, member))).length,
    ];

    const saved = (await sentTwice((key) => jo.call('POST', '/saved-searches/create', search, withKey(key)), 'outbox-key-search-1')) as { record: { id: number } };
    const added = (await sentTwice((key) => jo.call('POST', '/garage/add', vehicle, withKey(key)), 'outbox-key-vehicle-1')) as { vehicle: { id: number } };
    expect(await rowsOf(jo.id)).toEqual([1, 1]);

    // The same keys from Alex's session are not Jo's answers: Alex's own search and vehicle.
    const alexSearch = await alex.call('POST', '/saved-searches/create', search, withKey('outbox-key-search-1'));
    const alexVehicle = await alex.call('POST', '/garage/add', vehicle, withKey('outbox-key-vehicle-1'));
    expect([alexSearch.statusCode, alexSearch.headers['idempotent-replayed'], alexVehicle.statusCode, alexVehicle.headers['idempotent-replayed']]).toEqual([200, undefined, 200, undefined]);
    expect(alexSearch.json().record.id).not.toBe(saved.record.id);
    expect(alexVehicle.json().vehicle.id).not.toBe(added.vehicle.id);
    // …and Jo's search is still nobody else's.
    expect((await alex.call('DELETE', `/saved-searches/${saved.record.id}`)).statusCode).toBe(404);
    expect(await rowsOf(jo.id)).toEqual([1, 1]);

    const visitor = await visitorOf(app);
    expect((await visitor.call('POST', '/saved-searches/create', search, withKey('outbox-key-visitor1'))).statusCode).toBe(401);
    expect((await visitor.call('POST', '/garage/add', vehicle, withKey('outbox-key-visitor2'))).statusCode).toBe(401);
  });
});
