import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartSchema } from '../../../src/contract/cart';
import { createOrder, getCreatedOrder } from '../../../src/contract/checkout';
import { t } from '../../../src/domain/messages';
import { discountCodes, discountCodeUsages, mailOutbox, orderProducts, orders, parts } from '../../db/schema';
import { expectOk, guestForm, PARTS, PASSWORD, readyCart, shopApp, shopper, type Shopper, useCheckoutData } from '../../test/checkout';
import { testDatabase } from '../../test/database';
import { releaseExpiredHolds } from './service';

useCheckoutData();

const cartOf = (body: { cart: unknown }) => cartSchema.parse(body.cart);

async function statusOf(...tags: string[]) {
  const { db } = await testDatabase();
  const rows = await db.select({ tag: parts.tag, status: parts.status }).from(parts).where(inArray(parts.tag, tags));
  return Object.fromEntries(rows.map((row) => [row.tag, row.status]));
}

async function stored() {
  const { db } = await testDatabase();
  return {
    orders: await db.select().from(orders).orderBy(orders.id),
    lines: await db.select().from(orderProducts).orderBy(orderProducts.id),
    mails: await db.select().from(mailOutbox).orderBy(mailOutbox.id),
  };
}

const place = (buyer: Shopper) => buyer.call('PATCH', '/carts/create-order');

describe('PATCH /web-api/carts/create-order', () => {
  it('creates the order from the server’s own figures, reserves the parts, closes the cart and mails the confirmation', async () => {
    const buyer = await shopper(await shopApp());
    await readyCart(buyer, [PARTS.alternator, PARTS.headlight]);
    await expectOk(buyer.call('PATCH', '/carts/update-item', { product: { tag: PARTS.alternator, warranty_id: 2 } }));
    const cart = cartOf((await buyer.call('GET', '/carts/get-cart')).json());

    const started = Date.now();
    const response = await place(buyer);
    expect(response.statusCode).toBe(200);
    const body = createOrder.response.parse(response.json());
    expect(body.order.number).toBe('PF-000001');
    expect(body.order.hash).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(body.redirect).toBe(`/order-created?hash=${body.order.hash}`);
    expect(body.msg).toBe(t('orders.created', { number: 'PF-000001' }));
    expect(body.order.to_pay).toBe(cart.to_pay);

    const { orders: created, lines, mails } = await stored();
    expect(created).toHaveLength(1);
    const order = created[0];
    expect(order).toMatchObject({
      statusId: 1,
      email: 'sam@turner-motors.co.uk',
      subTotal: cart.sub_total,
      deliveryValue: cart.delivery_value,
      taxValue: cart.tax_value,
      totalValue: cart.total_value,
      toPay: cart.to_pay,
      regionName: 'England and Wales',
      regionPostcode: 'LS1 4AP',
      deliveryName: 'Tracked courier',
      packageType: 'LARGE_PARCELS',
      commentsDelivery: 'Side gate is open',
      holdReleasedAt: null,
      paidAt: null,
    });
    expect(order?.billingAddress).toMatchObject({ address1: '2 Mill Hill', postcode: 'LS1 4AP' });
    const holdMinutes = ((order?.holdExpiresAt.getTime() ?? 0) - (order?.createdAt.getTime() ?? 0)) / 60_000;
    expect(holdMinutes).toBe(60);
    expect(order?.createdAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(lines.map((line) => [line.tag, line.warrantyName, line.netPrice, line.warrantyPrice, line.value, line.grossValue])).toEqual([
      [PARTS.alternator, '3 months warranty', 6666, 833, 7499, 8999],
      [PARTS.headlight, '30 days warranty', 10833, 0, 10833, 13000],
    ]);
    expect(await statusOf(PARTS.alternator, PARTS.headlight)).toEqual({ [PARTS.alternator]: 'reserved', [PARTS.headlight]: 'reserved' });

    // The cart is closed: the session starts afresh.
    expect(cartOf((await buyer.call('GET', '/carts/get-cart')).json()).cart_products).toEqual([]);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'sam@turner-motors.co.uk', subject: 'Your order PF-000001' });
    const text = mails[0]?.text ?? '';
    expect(text).toContain('Hello Sam Turner,');
    expect(text).toContain('Ford Focus Alternator (P0012001)\n    3 months warranty: £89.99 inc. VAT');
    expect(text).toContain(`To pay: £${(cart.to_pay / 100).toFixed(2)}`);
    expect(text).toContain('We hold the parts of your order for 60 minutes.');
    expect(text).toContain(`/order-created?hash=${body.order.hash}`);
  });

  it('answers a repeat with the same order: no second order, reservation or mail', async () => {
    const buyer = await shopper(await shopApp());
    await readyCart(buyer, [PARTS.alternator]);
    const first = createOrder.response.parse((await expectOk(place(buyer))).json());
    const again = createOrder.response.parse((await expectOk(place(buyer))).json());
    expect(again.order).toEqual(first.order);
    const { orders: created, mails } = await stored();
    expect(created).toHaveLength(1);
    expect(mails).toHaveLength(1);
  });

  it('makes one order of the same cart sent twice at once', async () => {
    const buyer = await shopper(await shopApp());
    await readyCart(buyer, [PARTS.alternator, PARTS.starter]);
    const [a, b] = await Promise.all([place(buyer), place(buyer)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().order).toEqual(b.json().order);
    expect((await stored()).orders).toHaveLength(1);
  });

  it('answers 409 naming a part that went meanwhile, reserves nothing, and the cart shows it as gone', async () => {
    const app = await shopApp();
    const first = await shopper(app);
    const second = await shopper(app);
    await readyCart(first, [PARTS.alternator]);
    await readyCart(second, [PARTS.starter, PARTS.alternator], { email: 'kim@example.co.uk' });
    await expectOk(place(first));

    const response = await place(second);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      msg: t('cart.parts_gone', { parts: 'Ford Focus Alternator (P0012001)' }),
      errors: { gone: [PARTS.alternator] },
    });
    expect(await statusOf(PARTS.starter)).toEqual({ [PARTS.starter]: 'available' });
    const cart = cartOf((await second.call('GET', '/carts/get-cart')).json());
    expect(cart.gone_tags).toEqual([PARTS.alternator]);
    expect(cart.cart_products.find((line) => line.tag === PARTS.alternator)?.status).toBe('gone');
    expect((await stored()).orders).toHaveLength(1);

    // Without the gone line the order goes through.
    const gone = cart.cart_products.find((line) => line.gone);
    await expectOk(second.call('DELETE', `/carts/delete-item/${gone?.id}`));
    expect(createOrder.response.parse((await expectOk(place(second))).json()).order.number).toBe('PF-000002');
  });

  it('reserves none of the cart’s parts when one of them is gone', async () => {
    const buyer = await shopper(await shopApp());
    await readyCart(buyer, [PARTS.alternator, PARTS.starter, PARTS.headlight]);
    // (A part taken between the checks and the UPDATE is the conditional UPDATE's case: see
    // concurrency.test.ts, which races 50 sessions on PostgreSQL.)
    const { db } = await testDatabase();
    await db.update(parts).set({ status: 'sold' }).where(eq(parts.tag, PARTS.headlight));
    const response = await place(buyer);
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual({ gone: [PARTS.headlight] });
    expect(await statusOf(PARTS.alternator, PARTS.starter)).toEqual({ [PARTS.alternator]: 'available', [PARTS.starter]: 'available' });
  });

  it('answers 422 naming what is missing', async () => {
    const buyer = await shopper(await shopApp());
    const empty = await place(buyer);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ cart_products: [t('cart.empty')] });

    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    expect((await place(buyer)).json().errors).toEqual({ region_id: [t('cart.region_required')] });
    await expectOk(buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP' }));
    expect((await place(buyer)).json().errors).toEqual({ delivery_id: [t('cart.delivery_required')] });
    await expectOk(buyer.call('PATCH', '/carts/update-region-and-delivery', { delivery_id: 2 }));
    expect((await place(buyer)).json().errors).toEqual({ billing_address: [t('cart.addresses_required')] });
    expect((await stored()).orders).toEqual([]);
  });

  it('refuses a call without the CSRF token with 403, and another session cannot order this cart', async () => {
    const app = await shopApp();
    const buyer = await shopper(app);
    const other = await shopper(app);
    await readyCart(buyer, [PARTS.alternator]);
    expect((await buyer.call('PATCH', '/carts/create-order', undefined, { csrf: false })).statusCode).toBe(403);
    expect((await place(other)).statusCode).toBe(422);
    expect((await stored()).orders).toEqual([]);
  });

  it('counts a discount code’s use: ONCE15 serves one order only', async () => {
    const app = await shopApp();
    const first = await shopper(app);
    await readyCart(first, [PARTS.alternator]);
    await expectOk(first.call('POST', '/discount-codes/check-code.json', { code: 'ONCE15' }));
    const order = createOrder.response.parse((await expectOk(place(first))).json());
    expect(order.order.to_pay).toBe(8898 - 1500);

    const second = await shopper(app);
    await readyCart(second, [PARTS.starter]);
    const refused = await second.call('POST', '/discount-codes/check-code.json', { code: 'ONCE15' });
    expect(refused.json().errors).toEqual({ code: [t('discount.used_up')] });
  });

  it('refuses with 409 when the discount code stopped applying, takes it off, and goes ahead on the next call', async () => {
    const buyer = await shopper(await shopApp());
    await readyCart(buyer, [PARTS.alternator]);
    await expectOk(buyer.call('POST', '/discount-codes/check-code.json', { code: 'DEMO10' }));
    const { db } = await testDatabase();
    await db.update(discountCodes).set({ validTo: new Date(Date.now() - 1000) }).where(eq(discountCodes.code, 'DEMO10'));

    const refused = await place(buyer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(t('discount.no_longer_applies', { code: 'DEMO10', reason: t('discount.expired') }));
    expect(cartOf((await buyer.call('GET', '/carts/get-cart')).json()).discount_code).toBeNull();
    expect(createOrder.response.parse((await expectOk(place(buyer))).json()).order.to_pay).toBe(8898);
  });

  it('gives a member the loyalty discount of the turnover of paid orders', async () => {
    const app = await shopApp();
    const buyer = await shopper(app);
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    await expectOk(buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 }));
    buyer.adopt(
      await expectOk(
        buyer.call('POST', '/carts/update-shipping', guestForm({ is_guest: false, email: 'jo@fleetfix.co.uk', password: PASSWORD, confirm_password: PASSWORD })),
      ),
    );
    await expectOk(place(buyer));
    // Paying is the next issue: here the order is marked paid as a payment would, for £2,500.
    const { db } = await testDatabase();
    await db.update(orders).set({ paidAt: new Date(), toPay: 250_000 });

    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.starter } }));
    const cart = cartOf((await buyer.call('GET', '/carts/get-cart')).json());
    expect(cart.member?.discount_threshold).toEqual({ id: 3, name: 'Gold', discount: 5 });
    expect(cart).toMatchObject({ sub_total: 5833, amount_discount_threshold: 292, value_after_discount_threshold: 5541 });

    // Not with the discountThresholds flag off.
    const off = await shopApp({ env: { FEATURE_DISCOUNT_THRESHOLDS: '0' } });
    const sameMember = await off.inject({ method: 'GET', url: '/web-api/carts/get-cart', headers: { cookie: buyer.cookie } });
    expect(cartOf(sameMember.json())).toMatchObject({ amount_discount_threshold: 0, member: { discount_threshold: null } });
  });
});

describe('GET /web-api/orders/created/{hash}', () => {
  it('shows the order to the session that created it, with what happens next, and to nobody else', async () => {
    const app = await shopApp();
    const buyer = await shopper(app);
    await readyCart(buyer, [PARTS.alternator]);
    const { order } = createOrder.response.parse((await expectOk(place(buyer))).json());

    const response = await buyer.call('GET', `/orders/created/${order.hash}`);
    expect(response.statusCode).toBe(200);
    const created = getCreatedOrder.response.parse(response.json()).order;
    expect(created).toMatchObject({
      number: order.number,
      order_status_id: 1,
      order_status: { name: 'Not paid' },
      pay_again: true,
      to_pay: order.to_pay,
      delivery_name: 'Tracked courier',
      region_name: 'England and Wales',
      order_products: [expect.objectContaining({ tag: PARTS.alternator, warranty_name: '30 days warranty', gross_value: 7999 })],
    });
    expect(created.next_steps).toHaveLength(3);
    expect(created.next_steps[1]).toContain('60 minutes');

    const stranger = await shopper(app);
    expect((await stranger.call('GET', `/orders/created/${order.hash}`)).statusCode).toBe(404);
    expect((await buyer.call('GET', '/orders/created/not-a-hash')).statusCode).toBe(422);
  });
});

describe('the hold of an unpaid order', () => {
  it('puts the parts back on sale after ORDER_HOLD_MINUTES, frees the code’s use, and another customer can buy them', async () => {
    const app = await shopApp({ env: { ORDER_HOLD_MINUTES: '30' } });
    const first = await shopper(app);
    await readyCart(first, [PARTS.alternator, PARTS.starter]);
    await expectOk(first.call('POST', '/discount-codes/check-code.json', { code: 'ONCE15' }));
    await expectOk(place(first));
    const { db } = await testDatabase();
    const [order] = await db.select().from(orders);
    expect(await statusOf(PARTS.alternator)).toEqual({ [PARTS.alternator]: 'reserved' });

    // Not before the hold runs out.
    expect(await releaseExpiredHolds(db, new Date((order?.holdExpiresAt.getTime() ?? 0) - 1000))).toEqual([]);
    const released = await releaseExpiredHolds(db, new Date((order?.holdExpiresAt.getTime() ?? 0) + 1000));
    expect(released.sort()).toEqual([PARTS.alternator, PARTS.starter].sort());
    expect(await statusOf(PARTS.alternator, PARTS.starter)).toEqual({ [PARTS.alternator]: 'available', [PARTS.starter]: 'available' });
    const [after] = await db.select().from(orders);
    expect(after).toMatchObject({ statusId: 1, holdReleasedAt: expect.any(Date) });
    expect(await db.select().from(discountCodeUsages)).toEqual([]);
    // Released once: a second run finds nothing.
    expect(await releaseExpiredHolds(db, new Date((order?.holdExpiresAt.getTime() ?? 0) + 60_000))).toEqual([]);

    const second = await shopper(app);
    await readyCart(second, [PARTS.alternator], { email: 'kim@example.co.uk' });
    await expectOk(second.call('POST', '/discount-codes/check-code.json', { code: 'ONCE15' }));
    await expectOk(place(second));
    expect(await statusOf(PARTS.alternator)).toEqual({ [PARTS.alternator]: 'reserved' });
  });

  it('leaves a paid order’s parts alone', async () => {
    const buyer = await shopper(await shopApp());
    await readyCart(buyer, [PARTS.alternator]);
    await expectOk(place(buyer));
    const { db } = await testDatabase();
    await db.update(orders).set({ paidAt: new Date() });
    expect(await releaseExpiredHolds(db, new Date(Date.now() + 24 * 3_600_000))).toEqual([]);
    expect(await statusOf(PARTS.alternator)).toEqual({ [PARTS.alternator]: 'reserved' });
  });
});
