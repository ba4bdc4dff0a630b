/**
 * The back office's stock, as the warehouse uses it: a part added is in the shop's part-number
 * search and on its page at once and queued for the alerts; bad input is named field by field and
 * writes nothing; photos become /thumbs pictures (WebP and JPEG) like seeded ones, and a file that
 * is not a good image is refused by name; sold, withdrawn and back on sale; every change one audit
 * entry.
 */
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { adminStockList, adminStockPart } from '../../../../src/contract/admin-stock';
import { getPartPage, partSearch } from '../../../../src/contract/catalogue';
import { auditLog, parts, stockArrivals } from '../../../db/schema';
import type { Database } from '../../../db/client';
import { testApp } from '../../../test/app';
import { resetDatabase, testDatabase } from '../../../test/database';
import { addOwner, addStaff, enrolAndSignIn, type StaffBrowser, testClock } from '../../../test/staff';
import { ensureStockReference, multipart, partBody, partCount, testPhoto } from '../../../test/stock';

async function warehouse(): Promise<{ app: FastifyInstance; db: Database; browser: StaffBrowser; alternatorId: number }> {
  const clock = testClock();
  const { db } = await testDatabase();
  await resetDatabase(db);
  // Before the app starts, as a shop's makes and models are: the catalogue keeps their names per process.
  const { alternatorId } = await ensureStockReference(db);
  const app = await testApp({ clock: clock.now, reset: false, env: { RATE_LIMIT_SIGN_IN_MAX: '1000', RATE_LIMIT_MAX: '10000' } });
  await addOwner(db, clock);
  const owner = (await enrolAndSignIn(app, clock, 'owner@example.com')).browser;
  await addStaff(owner, 'warehouse');
  const { browser } = await enrolAndSignIn(app, clock, 'warehouse@example.com');
  return { app, db, browser, alternatorId };
}

const audits = async (db: Database) => (await db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;

async function search(app: FastifyInstance, oem: string) {
  const response = await app.inject({ method: 'GET', url: `/web-api/products/part-search.json?oem=${encodeURIComponent(oem)}` });
  expect(response.statusCode, response.body).toBe(200);
  return partSearch.response.parse(response.json()).data;
}

describe('the back office stock', () => {
  it('adds a part that the shop finds by its part number at once, with its page, queued for the alerts, with one audit entry', async () => {
    const { app, db, browser, alternatorId } = await warehouse();
    const before = await audits(db);
    const body = partBody(alternatorId, { oem: '7A9 903 015 X', tag: 'W1000001' });
    const created = await browser.post('/web-api/admin/stock/create', body);
    expect(created.statusCode, created.body).toBe(200);
    const { part } = adminStockPart.response.parse(created.json());
    expect(part).toMatchObject({ tag: 'W1000001', status: 'available', price: '85.00', rrp: '240.00', package_type: 'REGULAR_PARCELS' });
    expect(part.fitments).toEqual([{ model_id: 9101, model: 'Golf Mk7', year_from: 2013, year_to: 2020, engine_code: 'CJZA', level: 1 }]);
    expect(await audits(db)).toBe(before + 1);

    const found = await search(app, '7A9903015X');
    expect(found.parts.map((card) => card.Tag)).toEqual(['W1000001']);
    const page = await app.inject({ method: 'GET', url: '/web-api/products/part/W1000001.json' });
    expect(page.statusCode).toBe(200);
    expect(getPartPage.response.parse(page.json()).product).toMatchObject({ Tag: 'W1000001', OEM: '7A9 903 015 X', Grade: 'A', Sold: 'FALSE' });
    // The alerts' matching runs later, in their worker: the request only queued the arrival.
    const arrivals = await db.select().from(stockArrivals).where(eq(stockArrivals.partId, part.id));
    expect(arrivals).toHaveLength(1);
    expect(arrivals[0]?.matchedAt).toBeNull();

    const list = adminStockList.response.parse((await browser.get('/web-api/admin/stock/list.json?q=7a9-903')).json());
    expect(list.records.map((record) => record.tag)).toEqual(['W1000001']);
    expect(adminStockList.response.parse((await browser.get('/web-api/admin/stock/list.json?q=w1000')).json()).records).toHaveLength(1);
    expect(adminStockList.response.parse((await browser.get('/web-api/admin/stock/list.json?status=sold')).json()).records).toHaveLength(0);

    // A Tag the shop has already is named.
    const again = await browser.post('/web-api/admin/stock/create', { ...body, oem: '1234567' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ tag: ['W1000001 is in the shop already.'] });
  });

  it('saves a Tag once when two people add it at the same moment', async () => {
    const { db, browser, alternatorId } = await warehouse();
    const body = partBody(alternatorId, { tag: 'W4000001' });
    const answers = await Promise.all([browser.post('/web-api/admin/stock/create', body), browser.post('/web-api/admin/stock/create', { ...body, oem: '5566778' })]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([409, 422]).toContain(statuses[1]);
    expect(await db.select().from(parts).where(eq(parts.tag, 'W4000001'))).toHaveLength(1);
  });

  it('answers bad input with 422 naming each field, and writes nothing', async () => {
    const { db, browser, alternatorId } = await warehouse();
    const [before, parts0] = [await audits(db), await partCount(db)];
    const response = await browser.post('/web-api/admin/stock/create', partBody(alternatorId, { price: 'lots', grade: 'Q', year: 1990, description: '', fitments: [{ model_id: 9101, year_from: 2019, year_to: 2015 }] }));
    expect(response.statusCode).toBe(422);
    const { success, errors } = response.json();
    expect(success).toBe(false);
    expect(Object.keys(errors).sort()).toEqual(['description', 'fitments.0.year_to', 'grade', 'price', 'year']);
    expect([await audits(db), await partCount(db)]).toEqual([before, parts0]);
  });

  it('edits every field, marks a part sold (gone from the search), withdrawn, and back on sale (found and queued again)', async () => {
    const { app, db, browser, alternatorId } = await warehouse();
    const { part } = adminStockPart.response.parse((await browser.post('/web-api/admin/stock/create', partBody(alternatorId, { tag: 'W2000001', oem: 'EDIT1001' }))).json());
    const edited = await browser.post(`/web-api/admin/stock/${part.id}/update`, partBody(alternatorId, { tag: 'W2000001', oem: 'EDIT2002', price: '70', model_id: 9103, year: 2015, fitments: [], grade: 'C' }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(adminStockPart.response.parse(edited.json()).part).toMatchObject({ oem: 'EDIT2002', price: '70.00', model_id: 9103, grade: 'C', fitments: [{ model_id: 9103, year_from: 2015, year_to: 2015, level: 2 }] });
    expect((await search(app, 'EDIT2002')).parts.map((card) => card.Tag)).toEqual(['W2000001']);
    expect((await search(app, 'EDIT1001')).parts).toEqual([]);

    const sold = await browser.post(`/web-api/admin/stock/${part.id}/status`, { action: 'sold' });
    expect(sold.statusCode).toBe(200);
    expect((await search(app, 'EDIT2002')).parts).toEqual([]);
    expect((await browser.post(`/web-api/admin/stock/${part.id}/status`, { action: 'sold' })).statusCode).toBe(409);
    expect((await browser.post(`/web-api/admin/stock/${part.id}/status`, { action: 'withdrawn' })).statusCode).toBe(200);
    const back = await browser.post(`/web-api/admin/stock/${part.id}/status`, { action: 'for_sale' });
    expect(back.json().msg).toBe('W2000001 is on sale again.');
    expect((await search(app, 'EDIT2002')).parts.map((card) => card.Tag)).toEqual(['W2000001']);
    expect(await db.select().from(stockArrivals).where(eq(stockArrivals.partId, part.id))).toHaveLength(2);
    const [row] = await db.select({ status: parts.status, quantity: parts.stockQuantity }).from(parts).where(eq(parts.id, part.id));
    expect(row).toEqual({ status: 'available', quantity: 1 });
  });

  it('turns uploaded photos into /thumbs pictures in every size as WebP and JPEG, shown on the part page; reorders and removes them; refuses a file that is not a good image by name', async () => {
    const { app, db, browser, alternatorId } = await warehouse();
    const { part } = adminStockPart.response.parse((await browser.post('/web-api/admin/stock/create', partBody(alternatorId, { tag: 'W3000001' }))).json());
    const upload = multipart([
      { name: 'front.jpg', data: await testPhoto('jpeg', '#aa0000', 1200, 900), type: 'image/jpeg' },
      { name: 'back.png', data: await testPhoto('png', '#00aa00'), type: 'image/png' },
      { name: 'plug.jpg', data: await testPhoto('jpeg', '#0000aa', 300, 600), type: 'image/jpeg' },
    ]);
    const added = await browser.post(`/web-api/admin/stock/${part.id}/photos`, upload.payload, upload.headers);
    expect(added.statusCode, added.body).toBe(200);
    const photos = adminStockPart.response.parse(added.json()).part.photos;
    expect(photos).toHaveLength(3);

    const page = getPartPage.response.parse((await app.inject({ method: 'GET', url: '/web-api/products/part/W3000001.json' })).json()).product;
    expect(page.Images.map((image) => image.id)).toEqual(photos.map((photo) => photo.id));
    const gallery = await app.inject({ method: 'GET', url: page.Images[0]!.url.replace(/size=\w+/, 'size=gallery') });
    expect(gallery.statusCode).toBe(200);
    expect(gallery.headers['content-type']).toBe('image/webp');
    expect(await sharp(gallery.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 862, height: 520 });
    const jpeg = await app.inject({ method: 'GET', url: `/thumbs/${photos[2]!.id}?size=thumb&format=jpeg` });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 184, height: 115 });
    // The red photo is red: the stored picture, not a drawing.
    const { dominant } = await sharp(gallery.rawPayload).stats();
    expect(dominant.r).toBeGreaterThan(150);
    expect(dominant.g).toBeLessThan(60);

    const reordered = await browser.post(`/web-api/admin/stock/${part.id}/photos/order`, { ids: [photos[2]!.id, photos[0]!.id, photos[1]!.id] });
    expect(adminStockPart.response.parse(reordered.json()).part.photos.map((photo) => photo.id)).toEqual([photos[2]!.id, photos[0]!.id, photos[1]!.id]);
    const removed = await browser.post(`/web-api/admin/stock/${part.id}/photos/${photos[0]!.id}/remove`);
    expect(adminStockPart.response.parse(removed.json()).part.photos.map((photo) => photo.id)).toEqual([photos[2]!.id, photos[1]!.id]);
    expect((await app.inject({ method: 'GET', url: `/thumbs/${photos[0]!.id}?size=card` })).statusCode).toBe(404);

    const before = await audits(db);
    const good = await testPhoto('jpeg');
    const bad = multipart([
      { name: 'ok.jpg', data: good, type: 'image/jpeg' },
      { name: 'notes.txt', data: Buffer.from('not a picture at all'), type: 'image/jpeg' },
      { name: 'broken.jpg', data: good.subarray(0, Math.floor(good.length / 2)), type: 'image/jpeg' },
    ]);
    const refused = await browser.post(`/web-api/admin/stock/${part.id}/photos`, bad.payload, bad.headers);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ photos: ['notes.txt is not a JPEG, PNG or WebP photo.', 'broken.jpg could not be read as a photo. It may be damaged.'] });
    const after = adminStockPart.response.parse((await browser.get(`/web-api/admin/stock/${part.id}`)).json()).part;
    expect(after.photos).toHaveLength(2);
    expect(await audits(db)).toBe(before);
  });
});
