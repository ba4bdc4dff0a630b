import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createOrder } from '../../../src/contract/checkout';
import { getOrderList } from '../../../src/contract/orders';
import { t } from '../../../src/domain/messages';
import { formatMoney } from '../../../src/domain/money';
import { ORDER_STATUS } from '../../../src/domain/orders';
import { invoices, orderProducts, orders } from '../../db/schema';
import { expectOk, guestForm, PARTS, PASSWORD, readyCart, shopApp, shopper, type Shopper, useCheckoutData } from '../../test/checkout';
import { testDatabase } from '../../test/database';
import { invoiceDocumentSchema } from './invoice-document';
import { issueInvoice } from './index';
import { pdfPages } from '../../test/pdf-text';

useCheckoutData();

const START = new Date('2025-06-03T09:00:00Z');

/** A shop whose clock the test moves. */
async function clockedShop(env: Record<string, string> = {}) {
  const clock = { now: START };
  const app = await shopApp({ clock: () => clock.now, env });
  return { app, clock };
}

async function place(buyer: Shopper, tags: readonly string[]): Promise<{ hash: string; number: string; to_pay: number }> {
  await readyCart(buyer, tags);
  return createOrder.response.parse((await expectOk(buyer.call('PATCH', '/carts/create-order'))).json()).order;
}

/** Marks an order paid as the payment module does (its status and paid_at); the invoice is left to the test. */
async function markPaid(hash: string, paidAt: Date): Promise<number> {
  const { db } = await testDatabase();
  const [row] = await db.update(orders).set({ paidAt, statusId: ORDER_STATUS.PAID }).where(eq(orders.hash, hash)).returning({ id: orders.id });
  if (!row) throw new Error(`no order ${hash}`);
  return row.id;
}

async function pdfText(response: LightMyRequestResponse): Promise<string> {
  return (await pdfPages(response.rawPayload)).join('\n');
}

const invoiceOf = (buyer: Shopper, hash: string) => buyer.call('GET', `/orders/invoice/${hash}`);
/** The shop's identity as the payment module passes it (config.shop). */
const SHOP = { name: 'PartsFinder UK Ltd', addressLines: ['Coventry Road', 'Birmingham'], vatNumber: 'GB 123 4567 89', companyNumber: undefined };

describe('GET /web-api/orders/invoice/{hash}', () => {
  it('sends the owner a VAT invoice PDF with the number, the shop’s VAT number, each line, the VAT and the totals', async () => {
    const { app, clock } = await clockedShop({ SHOP_COMPANY_NUMBER: '01234567' });
    const buyer = await shopper(app);
    const order = await place(buyer, [PARTS.alternator, PARTS.headlight]);
    await markPaid(order.hash, new Date('2025-06-03T09:10:00Z'));
    clock.now = new Date('2025-06-03T09:15:00Z');

    const response = await invoiceOf(buyer, order.hash);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="invoice-INV-000001.pdf"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const { db } = await testDatabase();
    const [stored] = await db.select().from(orders).where(eq(orders.hash, order.hash));
    const [invoice] = await db.select().from(invoices);
    if (!stored || !invoice) throw new Error('no order or invoice');
    expect(invoice).toMatchObject({ sequence: 1, number: 'INV-000001', orderId: stored.id, issuedAt: clock.now, suppliedAt: new Date('2025-06-03T09:10:00Z') });
    const document = invoiceDocumentSchema.parse(invoice.document);
    expect(document.totals).toEqual({ net: stored.subTotal + stored.deliveryValue, vat: stored.taxValue, gross: stored.totalValue });

    const text = await pdfText(response);
    for (const expected of [
      'VAT invoice',
      'INV-000001',
      'PartsFinder UK Ltd',
      'VAT registration number: GB 123 4567 89',
      'Company number: 01234567',
      order.number,
      '3 June 2025',
      // The time of supply on London's clock (BST): paid at 09:10 UTC.
      '3 June 2025, 10:10',
      'Sam Turner',
      '2 Mill Hill',
      'LS1 4AP',
      `Part ref ${PARTS.alternator}`,
      `Part ref ${PARTS.headlight}`,
      'Delivery: Tracked courier',
      'Total excluding VAT',
      formatMoney(stored.subTotal + stored.deliveryValue),
      formatMoney(stored.taxValue),
      formatMoney(stored.totalValue),
      'Amount paid',
      formatMoney(stored.toPay),
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    for (const line of document.lines) {
      expect(text).toContain(line.name);
      expect(text).toContain(formatMoney(line.vat));
      expect(text).toContain(formatMoney(line.gross));
    }
    expect(document.lines.map((line) => [line.net, line.vat, line.gross])).toEqual([
      [6666, 1333, 7999],
      [10833, 2167, 13000],
    ]);
  });

  it('numbers invoices in the order they are issued, without gaps, and answers the same number when asked again', async () => {
    const { app } = await clockedShop();
    const buyers = [await shopper(app), await shopper(app), await shopper(app)];
    const placed = [
      await place(buyers[0] as Shopper, [PARTS.alternator]),
      await place(buyers[1] as Shopper, [PARTS.starter]),
      await place(buyers[2] as Shopper, [PARTS.mirror]),
    ];
    const ids: number[] = [];
    for (const order of placed) ids.push(await markPaid(order.hash, START));

    const { db } = await testDatabase();
    const shop = SHOP;
    // The second order is paid through the payment's path first (issueInvoice in its transaction).
    expect(await db.transaction((tx) => issueInvoice(tx, ids[1] as number, START, shop))).toEqual({ number: 'INV-000001' });
    const first = await invoiceOf(buyers[0] as Shopper, placed[0]?.hash ?? '');
    expect(first.headers['content-disposition']).toBe('attachment; filename="invoice-INV-000002.pdf"');
    expect((await invoiceOf(buyers[2] as Shopper, placed[2]?.hash ?? '')).headers['content-disposition']).toContain('invoice-INV-000003.pdf');

    // Again, either way: the same invoice.
    expect((await invoiceOf(buyers[1] as Shopper, placed[1]?.hash ?? '')).headers['content-disposition']).toContain('invoice-INV-000001.pdf');
    expect(await issueInvoice(db, ids[0] as number, new Date('2025-07-01T00:00:00Z'), shop)).toEqual({ number: 'INV-000002' });
    const rows = await db.select({ sequence: invoices.sequence, number: invoices.number, orderId: invoices.orderId }).from(invoices).orderBy(invoices.sequence);
    expect(rows).toEqual([
      { sequence: 1, number: 'INV-000001', orderId: ids[1] },
      { sequence: 2, number: 'INV-000002', orderId: ids[0] },
      { sequence: 3, number: 'INV-000003', orderId: ids[2] },
    ]);
  });

  it('takes its number back when the payment’s transaction rolls back, and issues at once only for a paid order', async () => {
    const { app } = await clockedShop();
    const buyer = await shopper(app);
    const order = await place(buyer, [PARTS.alternator]);
    const id = await markPaid(order.hash, START);
    const { db } = await testDatabase();
    const shop = SHOP;

    await expect(
      db.transaction(async (tx) => {
        expect(await issueInvoice(tx, id, START, shop)).toEqual({ number: 'INV-000001' });
        throw new Error('the payment failed after the invoice');
      }),
    ).rejects.toThrow('the payment failed');
    expect(await db.select().from(invoices)).toEqual([]);
    expect(await issueInvoice(db, id, START, shop)).toEqual({ number: 'INV-000001' });

    const unpaid = await place(await shopper(app), [PARTS.starter]);
    const [unpaidRow] = await db.select({ id: orders.id }).from(orders).where(eq(orders.hash, unpaid.hash));
    await expect(issueInvoice(db, unpaidRow?.id ?? 0, START, shop)).rejects.toThrow(t('invoice.not_generated'));
  });

  it('numbers invoices issued at the same time without gaps or repeats (many payments at once, some twice)', async () => {
    const { app } = await clockedShop();
    const tags = [PARTS.alternator, PARTS.alternatorB, PARTS.starter, PARTS.headlight, PARTS.mirror];
    const ids: number[] = [];
    for (const tag of tags) ids.push(await markPaid((await place(await shopper(app), [tag])).hash, START));
    const { db } = await testDatabase();

    const issued = await Promise.all([...ids, ...ids.slice(0, 3)].map((id) => db.transaction((tx) => issueInvoice(tx, id, START, SHOP))));
    const rows = await db.select({ sequence: invoices.sequence, orderId: invoices.orderId }).from(invoices).orderBy(invoices.sequence);
    expect(rows.map((row) => row.sequence)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(rows.map((row) => row.orderId))).toEqual(new Set(ids));
    // A twin issue answers the number its order got.
    const numberOf = new Map(rows.map((row) => [row.orderId, `INV-00000${row.sequence}`]));
    expect(issued.map((invoice) => invoice.number)).toEqual([...ids, ...ids.slice(0, 3)].map((id) => numberOf.get(id)));
  });

  it('never changes once issued: not when the order, its lines or the shop’s details change', async () => {
    const { app } = await clockedShop();
    const buyer = await shopper(app);
    const order = await place(buyer, [PARTS.alternator]);
    await markPaid(order.hash, START);
    const before = await expectOk(invoiceOf(buyer, order.hash));
    const { db } = await testDatabase();
    const [issued] = await db.select().from(invoices);

    await db.update(orders).set({ totalValue: 1, taxValue: 1, billingAddress: sql`jsonb_set(billing_address, '{address1}', '"9 Other Street"')` });
    await db.update(orderProducts).set({ name: 'Renamed part', grossValue: 1 });
    const renamed = await clockedShop({ SHOP_NAME: 'Another Name Ltd', SHOP_VAT_NUMBER: 'GB 999 9999 99' });
    const after = await expectOk(
      renamed.app.inject({ method: 'GET', url: `/web-api/orders/invoice/${order.hash}`, headers: { cookie: buyer.cookie } }),
    );
    const [kept] = await db.select().from(invoices);
    expect(kept?.document).toEqual(issued?.document);
    const text = await pdfText(after);
    expect(text).toBe(await pdfText(before));
    expect(text).toContain('PartsFinder UK Ltd');
    expect(text).toContain('2 Mill Hill');
    expect(text).not.toContain('Renamed part');
    expect(text).not.toContain('Another Name Ltd');
  });

  it('is the owner’s only: another visitor or an unknown order gets 404, no session 401, an unpaid order the §8 text', async () => {
    const { app } = await clockedShop();
    const buyer = await shopper(app);
    const order = await place(buyer, [PARTS.alternator]);

    const unpaid = await invoiceOf(buyer, order.hash);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toEqual({ success: false, msg: 'Invoice has not been generated yet, please try again later' });

    await markPaid(order.hash, START);
    const stranger = await shopper(app);
    const refused = await invoiceOf(stranger, order.hash);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ success: false });
    expect((await invoiceOf(buyer, 'A'.repeat(32))).statusCode).toBe(404);
    expect((await invoiceOf(buyer, 'bad!')).statusCode).toBe(422);

    const anonymous = await app.inject({ method: 'GET', url: `/web-api/orders/invoice/${order.hash}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false });
    // Asking without a session starts none.
    expect(anonymous.cookies).toEqual([]);
    const { db } = await testDatabase();
    expect(await db.select().from(invoices)).toEqual([]);
    expect((await invoiceOf(buyer, order.hash)).statusCode).toBe(200);
  });

  it('lets the member see the invoice from another session after signing in', async () => {
    const { app } = await clockedShop();
    const buyer = await shopper(app);
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    await expectOk(buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 }));
    buyer.adopt(
      await expectOk(buyer.call('POST', '/carts/update-shipping', guestForm({ is_guest: false, email: 'jo@fleetfix.co.uk', password: PASSWORD, confirm_password: PASSWORD }))),
    );
    const { order } = createOrder.response.parse((await expectOk(buyer.call('PATCH', '/carts/create-order'))).json());
    await markPaid(order.hash, START);

    const laptop = await shopper(app);
    expect((await invoiceOf(laptop, order.hash)).statusCode).toBe(404);
    laptop.adopt(await expectOk(laptop.call('POST', '/members/login', { email: 'jo@fleetfix.co.uk', password: PASSWORD })));
    expect((await invoiceOf(laptop, order.hash)).statusCode).toBe(200);
  });
});

describe('GET /web-api/orders/getList.json', () => {
  const list = async (buyer: Shopper, query = '') => getOrderList.response.parse((await expectOk(buyer.call('GET', `/orders/getList.json${query}`))).json()).data;

  it('lists the visitor’s own orders, newest first, with their lines and status, and nobody else’s', async () => {
    const { app, clock } = await clockedShop();
    const buyer = await shopper(app);
    const first = await place(buyer, [PARTS.alternator, PARTS.headlight]);
    clock.now = new Date(START.getTime() + 60_000);
    const second = await place(buyer, [PARTS.starter]);
    const other = await shopper(app);
    const theirs = await place(other, [PARTS.mirror]);
    await markPaid(first.hash, START);

    const mine = await list(buyer);
    // The free warranty's 30 days from the payment, still running.
    const warranty = { ends_at: new Date(START.getTime() + 30 * 86_400_000).toISOString(), in_warranty: true };
    expect(mine.orders.map((order) => order.number)).toEqual([second.number, first.number]);
    expect(mine.orders[1]).toEqual({
      hash: first.hash,
      number: first.number,
      created: START.toISOString(),
      to_pay: first.to_pay,
      pay_again: false,
      order_status: { name: 'Paid', color_rgba: 'rgba(25, 135, 84, 1)' },
      order_status_id: ORDER_STATUS.PAID,
      order_products: [
        { id: expect.any(Number), name: expect.any(String), image: expect.any(String), warranty_name: '30 days warranty', gross_value: 7999, has_return: false, return: null, refunded: 0, warranty },
        { id: expect.any(Number), name: expect.any(String), image: expect.any(String), warranty_name: '30 days warranty', gross_value: 13000, has_return: false, return: null, refunded: 0, warranty },
      ],
    });
    expect(mine.orders[0]).toMatchObject({ pay_again: true, order_status: { name: 'Not paid' }, order_status_id: ORDER_STATUS.NOT_PAID });
    expect(mine.paginator).toEqual({ count: 2, perPage: 15, limit: 15, pageCount: 1, sort: 'created', direction: 'DESC', page: 1, requestedPage: 1 });

    expect((await list(other)).orders.map((order) => order.hash)).toEqual([theirs.hash]);
    const stranger = await list(await shopper(app));
    expect(stranger.orders).toEqual([]);
    expect(stranger.paginator.count).toBe(0);
  });

  it('answers 401 without a session and starts none', async () => {
    const { app } = await clockedShop();
    const response = await app.inject({ method: 'GET', url: '/web-api/orders/getList.json' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false });
    expect(response.cookies).toEqual([]);
  });

  it('sorts by created, number or to_pay either way, pages, and lists only the unpaid with abandoned=true', async () => {
    const { app, clock } = await clockedShop();
    const buyer = await shopper(app);
    // Placed in this order; to pay: engine > headlight > mirror.
    const placed = [];
    for (const [index, tag] of [PARTS.headlight, PARTS.engine, PARTS.mirror].entries()) {
      clock.now = new Date(START.getTime() + index * 60_000);
      placed.push(await place(buyer, [tag]));
    }
    const [headlight, engine, mirror] = placed as [(typeof placed)[number], (typeof placed)[number], (typeof placed)[number]];
    const numbers = async (query: string) => (await list(buyer, query)).orders.map((order) => order.number);

    expect(await numbers('?sort=created&direction=asc')).toEqual([headlight.number, engine.number, mirror.number]);
    expect(await numbers('?sort=number&direction=DESC')).toEqual([mirror.number, engine.number, headlight.number]);
    expect(await numbers('?sort=to_pay&direction=asc')).toEqual([mirror.number, headlight.number, engine.number]);
    expect(await numbers('?sort=to_pay')).toEqual([engine.number, headlight.number, mirror.number]);

    const second = await list(buyer, '?sort=created&direction=asc&page=2&limit=2');
    expect(second.orders.map((order) => order.number)).toEqual([mirror.number]);
    expect(second.paginator).toEqual({ count: 3, perPage: 2, limit: 2, pageCount: 2, sort: 'created', direction: 'ASC', page: 2, requestedPage: 2 });
    const past = await list(buyer, '?page=5&limit=2');
    expect(past.orders).toEqual([]);
    expect(past.paginator).toMatchObject({ page: 2, requestedPage: 5, pageCount: 2 });

    await markPaid(engine.hash, START);
    const abandoned = await list(buyer, '?abandoned=true&sort=number&direction=asc');
    expect(abandoned.orders.map((order) => order.number)).toEqual([headlight.number, mirror.number]);
    expect(abandoned.orders.every((order) => order.pay_again)).toBe(true);
    expect(abandoned.paginator.count).toBe(2);

    for (const bad of ['?limit=51', '?limit=0', '?page=0', '?sort=hash', '?direction=up', '?abandoned=yes']) {
      expect((await buyer.call('GET', `/orders/getList.json${bad}`)).statusCode).toBe(422);
    }
  });

  it('gives a signed-in member their orders from every session', async () => {
    const { app } = await clockedShop();
    const buyer = await shopper(app);
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    await expectOk(buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 }));
    buyer.adopt(
      await expectOk(buyer.call('POST', '/carts/update-shipping', guestForm({ is_guest: false, email: 'jo@fleetfix.co.uk', password: PASSWORD, confirm_password: PASSWORD }))),
    );
    const { order } = createOrder.response.parse((await expectOk(buyer.call('PATCH', '/carts/create-order'))).json());

    const laptop = await shopper(app);
    expect((await list(laptop)).orders).toEqual([]);
    laptop.adopt(await expectOk(laptop.call('POST', '/members/login', { email: 'jo@fleetfix.co.uk', password: PASSWORD })));
    expect((await list(laptop)).orders.map((listed) => listed.hash)).toEqual([order.hash]);
  });
});
