/**
 * A part's own package type and warranties, set by staff in place of its part type's: the part
 * page offers its own warranties, the cart offers and prices them, preselects its own choice and
 * ships the cart as the part's package type, and the order keeps them; a part without keeps its
 * part type's; a bad value is named by field and writes nothing; the CSV import takes them too.
 */
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminStockImport, adminStockPart, adminStockReference } from '../../../../src/contract/admin-stock';
import { getPartPage } from '../../../../src/contract/catalogue';
import { cartSchema, getAvailableDeliveryPrices } from '../../../../src/contract/cart';
import { IMPORT_COLUMNS } from '../../../../src/domain/stock-import';
import { auditLog, orderProducts, orders, parts, partWarranties } from '../../../db/schema';
import type { Database } from '../../../db/client';
import { expectOk, PARTS, readyCart, shopApp, shopper, useCheckoutData } from '../../../test/checkout';
import { testDatabase } from '../../../test/database';
import { addOwner, addStaff, enrolAndSignIn, testClock } from '../../../test/staff';
import { partBody } from '../../../test/stock';

useCheckoutData();

/** The demo alternator's part type and donor: the new parts are alternators off the same car. */
let donor = { partTypeId: 0, makeId: 0, modelId: 0, year: 0 };
beforeAll(async () => {
  const { db } = await testDatabase();
  const [row] = await db.select({ partTypeId: parts.partTypeId, makeId: parts.makeId, modelId: parts.modelId, year: parts.year }).from(parts).where(eq(parts.tag, PARTS.alternator));
  if (!row) throw new Error('the demo catalogue is missing');
  donor = row;
});

/** A good part form's body off the demo alternator's donor, with `changes`. */
const body = (changes: Record<string, unknown>) =>
  partBody(donor.partTypeId, { make_id: donor.makeId, model_id: donor.modelId, year: donor.year, engine_code: '', fitments: [], ...changes });

let staffMade = 0;
/** The shop's app with a warehouse member of staff signed in, and a shopper's browser. */
async function shopWithStaff() {
  const clock = testClock();
  const { db } = await testDatabase();
  const app = await shopApp({ clock: clock.now, env: { RATE_LIMIT_SIGN_IN_MAX: '1000', RATE_LIMIT_MAX: '10000' } });
  staffMade += 1;
  const ownerEmail = `owner${staffMade}@example.com`;
  await addOwner(db, clock, ownerEmail);
  const owner = (await enrolAndSignIn(app, clock, ownerEmail)).browser;
  const email = `warehouse${staffMade}@example.com`;
  await addStaff(owner, 'warehouse', email);
  const { browser } = await enrolAndSignIn(app, clock, email);
  return { app, db, browser, buyer: await shopper(app) };
}

const audits = async (db: Database) => (await db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;

describe("a part's own package type and warranties", () => {
  it('offers the shop its own warranties on its page and in the cart, priced, its own preselected, and ships the cart as its own package type', async () => {
    const { app, db, browser, buyer } = await shopWithStaff();
    const reference = adminStockReference.response.parse((await browser.get('/web-api/admin/stock/reference.json')).json());
    expect(reference.warranties.map((warranty) => warranty.id)).toEqual([1, 2, 3, 4]);

    const before = await audits(db);
    const created = await browser.post('/web-api/admin/stock/create', body({ tag: 'X7000001', package_type: 'EURO_PALLET', warranties: [3, 4], default_warranty: 4 }));
    expect(created.statusCode, created.body).toBe(200);
    const { part } = adminStockPart.response.parse(created.json());
    expect(part).toMatchObject({ package_type: 'EURO_PALLET', own_package_type: 'EURO_PALLET', own_warranties: true });
    expect(part.warranties).toEqual([
      { id: 3, name: '6 months warranty', value: 1666, is_default: false },
      { id: 4, name: '12 months warranty', value: 2916, is_default: true },
    ]);
    expect(await audits(db)).toBe(before + 1);

    const page = getPartPage.response.parse((await app.inject({ method: 'GET', url: '/web-api/products/part/X7000001.json' })).json());
    expect(page.warranties.map((warranty) => [warranty.id, warranty.is_default])).toEqual([
      [3, false],
      [4, true],
    ]);

    // A warranty of the part type but not of the part is refused.
    const refused = await buyer.call('POST', '/carts/add-item', { product: { tag: 'X7000001', warranty_id: 1 } });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['product.warranty_id']);

    const cart = cartSchema.parse((await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: 'X7000001' } }))).json().cart);
    const line = cart.cart_products[0];
    expect(line?.available_warranties.map((warranty) => [warranty.id, warranty.is_default])).toEqual([
      [3, false],
      [4, true],
    ]);
    expect(line).toMatchObject({ warranty_id: 4, warranty_name: '12 months warranty', warranty_price: 2916, warranty_gross_price: 3499, package_type: 'EURO_PALLET' });
    expect(line?.value).toBe(8500 + 2916);
    expect(cart.package_type).toBe('EURO_PALLET');

    const chosen = cartSchema.parse((await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: 'X7000001', warranty_id: 3 } }))).json().cart);
    expect(chosen.cart_products[0]).toMatchObject({ warranty_id: 3, warranty_price: 1666, value: 8500 + 1666 });

    // The deliveries are those of a pallet: the courier's pallet price, no same-day van.
    const deliveries = getAvailableDeliveryPrices.response.parse((await buyer.call('GET', '/carts/get-available-delivery-prices')).json());
    expect(deliveries.partTypePackage).toBe('EURO_PALLET');
    expect(deliveries.deliveryPrices['2']?.['1']?.price).toBe(6499);
    expect(deliveries.deliveryPrices['3']).toBeUndefined();

    // The order keeps the part's own warranty and ships as its package type.
    const other = await shopper(app);
    await readyCart(other, ['X7000001']);
    await expectOk(other.call('PATCH', '/carts/update-item', { product: { tag: 'X7000001', warranty_id: 3 } }));
    await expectOk(other.call('PATCH', '/carts/create-order'));
    const [order] = await db.select().from(orders);
    expect(order).toMatchObject({ packageType: 'EURO_PALLET', deliveryName: 'Tracked courier' });
    const lines = await db.select().from(orderProducts);
    expect(lines.map((line) => [line.tag, line.warrantyName, line.warrantyPrice, line.value])).toEqual([['X7000001', '6 months warranty', 1666, 8500 + 1666]]);
  });

  it("keeps its part type's package type and warranties without its own, and goes back to them when staff clear its own", async () => {
    const { app, db, browser, buyer } = await shopWithStaff();
    const plain = await browser.post('/web-api/admin/stock/create', body({ tag: 'X7000002' }));
    expect(plain.statusCode, plain.body).toBe(200);
    const { part } = adminStockPart.response.parse(plain.json());
    expect(part).toMatchObject({ package_type: 'REGULAR_PARCELS', own_package_type: null, own_warranties: false });
    const typeWarranties = part.warranties.map((warranty) => warranty.id);
    expect(typeWarranties).toEqual(expect.arrayContaining([1, 2]));

    const page = getPartPage.response.parse((await app.inject({ method: 'GET', url: '/web-api/products/part/X7000002.json' })).json());
    expect(page.warranties.map((warranty) => warranty.id)).toEqual(typeWarranties);
    const cart = cartSchema.parse((await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: 'X7000002' } }))).json().cart);
    expect(cart.cart_products[0]).toMatchObject({ warranty_id: 1, package_type: 'REGULAR_PARCELS' });
    expect(cart.cart_products[0]?.available_warranties.map((warranty) => warranty.id)).toEqual(typeWarranties);
    expect(cart.package_type).toBe('REGULAR_PARCELS');

    // Given its own, then cleared: the part type's again, and no own rows left.
    const own = await browser.post(`/web-api/admin/stock/${part.id}/update`, body({ tag: 'X7000002', package_type: 'LARGE_PARCELS', warranties: [2] }));
    expect(own.statusCode, own.body).toBe(200);
    expect(adminStockPart.response.parse(own.json()).part).toMatchObject({ package_type: 'LARGE_PARCELS', own_warranties: true, warranties: [{ id: 2, is_default: true }] });
    const inCart = cartSchema.parse((await expectOk(buyer.call('GET', '/carts/get-cart'))).json().cart);
    expect(inCart.cart_products[0]).toMatchObject({ warranty_id: 2, package_type: 'LARGE_PARCELS' });
    const cleared = await browser.post(`/web-api/admin/stock/${part.id}/update`, body({ tag: 'X7000002', package_type: '', warranties: [] }));
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(adminStockPart.response.parse(cleared.json()).part).toMatchObject({ package_type: 'REGULAR_PARCELS', own_package_type: null, own_warranties: false });
    expect(await db.select().from(partWarranties)).toEqual(expect.not.arrayContaining([expect.objectContaining({ partId: part.id })]));
    // The engine in the same cart still ships it as a pallet: the largest line decides.
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.engine } }));
    expect(cartSchema.parse((await expectOk(buyer.call('GET', '/carts/get-cart'))).json().cart).package_type).toBe('EURO_PALLET');
  });

  it('names a bad package type, an unknown warranty and a preselection outside the list, and writes nothing', async () => {
    const { db, browser } = await shopWithStaff();
    const before = await audits(db);
    const bad = await browser.post('/web-api/admin/stock/create', body({ tag: 'X7000003', package_type: 'CRATE', warranties: [2, 99], default_warranty: 4 }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['default_warranty', 'package_type', 'warranties']);
    expect(bad.json().errors.warranties).toEqual(["'99' is not a warranty of the shop."]);
    expect(await audits(db)).toBe(before);
    expect((await browser.get('/web-api/admin/stock/list.json?q=X7000003')).json().records).toEqual([]);
  });

  it('imports them from the CSV columns package_type and warranties, the first warranty preselected, and names a bad one by line', async () => {
    const { app, browser } = await shopWithStaff();
    const row = (tag: string, packageType: string, warranties: string) =>
      [tag, 'STK-7', donor.partTypeId, donor.makeId, donor.modelId, donor.year, '', `OEM${tag}`, 'B', '45.00', '', 'Tested.', 'available', '', '', packageType, `"${warranties}"`].join(',');
    const csv = [IMPORT_COLUMNS.join(','), row('X7100001', 'euro pallet', '12 months warranty; 3 months warranty'), row('X7100002', '', ''), row('X7100003', 'CRATE', 'Lifetime warranty')].join('\r\n');

    const checked = adminStockImport.response.parse((await browser.post('/web-api/admin/stock/import', { csv })).json());
    expect(checked.report.problems).toEqual([
      { line: 4, field: 'package_type', message: expect.stringMatching(/^One of REGULAR_PARCELS/) },
      { line: 4, field: 'warranties', message: "'Lifetime warranty' is not a warranty of the shop." },
    ]);
    const done = await browser.post('/web-api/admin/stock/import', { csv, import_good_rows: true });
    expect(adminStockImport.response.parse(done.json()).report.imported).toBe(2);

    const page = getPartPage.response.parse((await app.inject({ method: 'GET', url: '/web-api/products/part/X7100001.json' })).json());
    expect(page.warranties.map((warranty) => [warranty.id, warranty.is_default])).toEqual([
      [2, false],
      [4, true],
    ]);
    const list = (await browser.get('/web-api/admin/stock/list.json?q=X71')).json().records as { id: number; tag: string }[];
    const parts = new Map(list.map((record) => [record.tag, record.id]));
    const own = adminStockPart.response.parse((await browser.get(`/web-api/admin/stock/${parts.get('X7100001')}`)).json()).part;
    expect(own).toMatchObject({ package_type: 'EURO_PALLET', own_package_type: 'EURO_PALLET', own_warranties: true });
    const plain = adminStockPart.response.parse((await browser.get(`/web-api/admin/stock/${parts.get('X7100002')}`)).json()).part;
    expect(plain).toMatchObject({ own_package_type: null, own_warranties: false });
  });
});
