import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrder } from '../../../src/contract/checkout';
import { getWarrantyCertificate, warrantyCertificatePdfPath } from '../../../src/contract/warranty';
import { ORDER_STATUS } from '../../../src/domain/orders';
import { WARRANTY_CERTIFICATE_NUMBER } from '../../../src/domain/warranty-certificates';
import { orderLineVehicles, orderProducts, orders, parts, warrantyCertificates } from '../../db/schema';
import { expectOk, guestForm, PARTS, PASSWORD, shopApp, shopper, type Shopper, useCheckoutData } from '../../test/checkout';
import { testDatabase } from '../../test/database';
import { pdfPages } from '../../test/pdf-text';
import { qrCodesInPdf } from '../../test/qr-codes';

useCheckoutData();

const PAID_AT = new Date('2025-06-03T09:10:00Z');

/** A member (signed up at checkout) with a placed order for `tags`, its lines and its hash. */
async function memberOrder(buyer: Shopper, email: string, tags: readonly string[]) {
  for (const tag of tags) await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag } }));
  await expectOk(buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 }));
  buyer.adopt(await expectOk(buyer.call('POST', '/carts/update-shipping', guestForm({ is_guest: false, email, password: PASSWORD, confirm_password: PASSWORD }))));
  const { order } = createOrder.response.parse((await expectOk(buyer.call('PATCH', '/carts/create-order'))).json());
  const { db } = await testDatabase();
  const [stored] = await db.select().from(orders).where(eq(orders.hash, order.hash));
  if (!stored) throw new Error('no order');
  const lines = await db.select().from(orderProducts).where(eq(orderProducts.orderId, stored.id)).orderBy(orderProducts.id);
  return { hash: order.hash, number: order.number, id: stored.id, lines };
}

async function markPaid(orderId: number): Promise<void> {
  const { db } = await testDatabase();
  await db.update(orders).set({ paidAt: PAID_AT, statusId: ORDER_STATUS.PAID }).where(eq(orders.id, orderId));
}

async function clockedShop() {
  const clock = { now: new Date('2025-06-03T09:15:00Z') };
  const app = await shopApp({ clock: () => clock.now, env: { PUBLIC_URL: 'https://parts.example' } });
  return { app, clock };
}

const certificateOf = (buyer: Shopper, hash: string, lineId: number) => buyer.call('GET', warrantyCertificatePdfPath(hash, lineId));

describe('GET /web-api/orders/{hash}/lines/{line}/warranty-certificate', () => {
  it('sends the member the line’s certificate: shop, order, part, donor, vehicle, term, end date, cover and the check address, the same each time', async () => {
    const { app } = await clockedShop();
    const buyer = await shopper(app);
    const order = await memberOrder(buyer, 'jo@fleetfix.co.uk', [PARTS.alternator]);
    const line = order.lines[0];
    if (!line) throw new Error('no line');
    const { db } = await testDatabase();
    // The vehicle the part was bought for, as checkout snapshots it from the member's garage.
    await db.insert(orderLineVehicles).values({ orderProductId: line.id, vrn: 'AB12CDE', make: 'Ford', model: 'Focus', year: 2014, label: 'Ford Focus 2014', compatibility: 1 });
    await markPaid(order.id);

    const response = await certificateOf(buyer, order.hash, line.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const [stored] = await db.select().from(warrantyCertificates);
    if (!stored) throw new Error('no certificate');
    expect(stored.number).toMatch(WARRANTY_CERTIFICATE_NUMBER);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="warranty-${stored.number}.pdf"`);
    expect(stored.startsAt).toEqual(PAID_AT);
    expect(stored.endsAt).toEqual(new Date('2025-07-03T09:10:00Z'));

    const [part] = await db.select().from(parts).where(eq(parts.tag, PARTS.alternator));
    if (!part) throw new Error('no part');
    const text = (await pdfPages(response.rawPayload)).join('\n');
    for (const expected of [
      'Warranty certificate',
      stored.number,
      order.number,
      line.name,
      PARTS.alternator,
      part.oem,
      part.stockNumber,
      part.grade,
      String(part.year),
      '2014 Ford Focus (AB12CDE)',
      line.warrantyName,
      '30 days from payment',
      '3 July 2025 at 10:10 (UK time)',
      'What it does not cover',
      `https://parts.example/warranty/${stored.number}`,
    ]) {
      expect(text).toContain(expected);
    }
    // The printed code leads to the address written under it.
    expect(await qrCodesInPdf(response.rawPayload)).toEqual([`https://parts.example/warranty/${stored.number}`]);
    // Nothing of the buyer's on a paper that may be handed to a garage.
    expect(text).not.toContain('jo@fleetfix.co.uk');

    const again = await certificateOf(buyer, order.hash, line.id);
    expect(again.headers['content-disposition']).toBe(response.headers['content-disposition']);
    expect(await db.$count(warrantyCertificates)).toBe(1);
  });

  it('is 404 for another member and a line of another order, 401 without a session, 409 before payment, 422 naming a bad line', async () => {
    const { app } = await clockedShop();
    const buyer = await shopper(app);
    const order = await memberOrder(buyer, 'jo@fleetfix.co.uk', [PARTS.alternator]);
    const other = await shopper(app);
    const theirs = await memberOrder(other, 'sam@turner-motors.co.uk', [PARTS.starter]);
    const line = order.lines[0]?.id ?? 0;

    expect((await certificateOf(buyer, order.hash, line)).statusCode).toBe(409);
    await markPaid(order.id);
    await markPaid(theirs.id);
    expect((await certificateOf(other, order.hash, line)).statusCode).toBe(404);
    expect((await certificateOf(buyer, order.hash, theirs.lines[0]?.id ?? 0)).statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'GET', url: `/web-api${warrantyCertificatePdfPath(order.hash, line)}` });
    expect(anonymous.statusCode).toBe(401);
    const bad = await buyer.call('GET', `/orders/${order.hash}/lines/first/warranty-certificate`);
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('line');
    const { db } = await testDatabase();
    expect(await db.$count(warrantyCertificates)).toBe(0);
  });

  it('is 404 for a line sold without a warranty', async () => {
    const { app } = await clockedShop();
    const buyer = await shopper(app);
    const order = await memberOrder(buyer, 'jo@fleetfix.co.uk', [PARTS.alternator]);
    const { db } = await testDatabase();
    await db.update(orderProducts).set({ warrantyId: null, warrantyName: '' }).where(eq(orderProducts.orderId, order.id));
    await markPaid(order.id);
    expect((await certificateOf(buyer, order.hash, order.lines[0]?.id ?? 0)).statusCode).toBe(404);
  });
});

describe('GET /web-api/warranty-certificates/{number}', () => {
  it('confirms a certificate to anyone: number, part, valid until, and whether it still runs; no personal data', async () => {
    const { app, clock } = await clockedShop();
    const buyer = await shopper(app);
    const order = await memberOrder(buyer, 'jo@fleetfix.co.uk', [PARTS.alternator]);
    await markPaid(order.id);
    await expectOk(certificateOf(buyer, order.hash, order.lines[0]?.id ?? 0));
    const { db } = await testDatabase();
    const [stored] = await db.select().from(warrantyCertificates);
    if (!stored) throw new Error('no certificate');

    const stranger = await app.inject({ method: 'GET', url: `/web-api/warranty-certificates/${stored.number}` });
    expect(stranger.statusCode).toBe(200);
    const { certificate } = getWarrantyCertificate.response.parse(stranger.json());
    expect(certificate).toMatchObject({ number: stored.number, part_name: order.lines[0]?.name, valid_until: '2025-07-03T09:10:00.000Z', in_warranty: true });
    for (const personal of ['jo@fleetfix.co.uk', 'Sam', 'Turner', 'Mill Hill', 'LS1 4AP', order.number, order.hash]) expect(stranger.body).not.toContain(personal);

    clock.now = new Date('2025-07-03T09:10:00Z');
    const later = getWarrantyCertificate.response.parse((await app.inject({ method: 'GET', url: `/web-api/warranty-certificates/${stored.number}` })).json());
    expect(later.certificate.in_warranty).toBe(false);
  });

  it('is 404 for a number never issued and 422 for text that is not a number', async () => {
    const { app } = await clockedShop();
    expect((await app.inject({ method: 'GET', url: '/web-api/warranty-certificates/WC-0000-0000-0000-0000' })).statusCode).toBe(404);
    const bad = await app.inject({ method: 'GET', url: '/web-api/warranty-certificates/12345' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('number');
  });
});
