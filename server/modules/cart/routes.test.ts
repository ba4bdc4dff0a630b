import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartSchema, getAvailableDeliveryPrices } from '../../../src/contract/cart';
import { t } from '../../../src/domain/messages';
import { discountCodes, parts } from '../../db/schema';
import { expectOk, PARTS, shopApp, shopper, useCheckoutData } from '../../test/checkout';
import { testDatabase } from '../../test/database';

useCheckoutData();

async function setStatus(tag: string, status: 'available' | 'reserved' | 'sold') {
  const { db } = await testDatabase();
  await db.update(parts).set({ status }).where(eq(parts.tag, tag));
}

const cartOf = (body: { cart: unknown }) => cartSchema.parse(body.cart);

describe('GET /web-api/carts/get-cart', () => {
  it('answers an empty cart to a new visitor and stores nothing', async () => {
    const buyer = await shopper(await shopApp());
    const response = await buyer.call('GET', '/carts/get-cart');
    expect(response.statusCode).toBe(200);
    const cart = cartOf(response.json());
    expect(cart).toMatchObject({ cart_products: [], total_quantity: 0, sub_total: 0, to_pay: 0, region_id: null, package_type: null, member: null });
  });
});

describe('POST /web-api/carts/add-item', () => {
  it('adds a part with its default warranty and answers the whole cart priced on the server', async () => {
    const buyer = await shopper(await shopApp());
    const response = await buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator, quantity: 1 } });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.msg).toBe(t('cart.item_added', { name: 'Ford Focus Alternator' }));
    const cart = cartOf(body);
    expect(cart.cart_products).toHaveLength(1);
    const line = cart.cart_products[0];
    expect(line).toMatchObject({
      tag: PARTS.alternator,
      name: 'Ford Focus Alternator',
      quantity: 1,
      net_price: 6666,
      price: 6666,
      gross_price: 7999,
      warranty_id: 1,
      warranty_name: '30 days warranty',
      warranty_price: 0,
      warranty_gross_price: 0,
      value: 6666,
      gross_value: 7999,
      tax_percentage: 20,
      package_type: 'REGULAR_PARCELS',
      status: 'available',
      gone: false,
    });
    expect(line?.url).toMatch(/^\/product\/ford\/focus\/alternator\/P0012001$/);
    expect(line?.image).toMatch(/^\/thumbs\/\d+/);
    expect(line?.available_warranties.map((warranty) => warranty.id)).toEqual(expect.arrayContaining([1, 2]));
    expect(line?.available_warranties.find((warranty) => warranty.id === 2)).toEqual({ id: 2, name: '3 months warranty', value: 833, gross_price: 1000, is_default: false });
    expect(cart).toMatchObject({ total_quantity: 1, sub_total: 6666, gross_sub_total: 7999, delivery_value: 0, tax_value: 1333, total_value: 7999, to_pay: 7999, package_type: 'REGULAR_PARCELS' });
  });

  it('takes a chosen warranty into every amount', async () => {
    const buyer = await shopper(await shopApp());
    const cart = cartOf((await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator, warranty_id: 2 } }))).json());
    expect(cart.cart_products[0]).toMatchObject({ warranty_id: 2, warranty_price: 833, warranty_gross_price: 1000, value: 7499, gross_value: 8999 });
    expect(cart).toMatchObject({ sub_total: 7499, total_value: 8999, to_pay: 8999 });
  });

  it('keeps one line per part: adding it again changes nothing but the warranty', async () => {
    const buyer = await shopper(await shopApp());
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    const again = await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator, warranty_id: 2 } }));
    expect(again.json().msg).toBe(t('cart.item_already_in_cart', { name: 'Ford Focus Alternator' }));
    expect(cartOf(again.json()).cart_products).toEqual([expect.objectContaining({ tag: PARTS.alternator, quantity: 1, warranty_id: 2 })]);
  });

  it.each([
    [PARTS.sold, 'Sorry, Ford Focus Alternator (P0012008) has just been sold or reserved by another customer.'],
    [PARTS.comingSoon, 'Sorry, Ford Focus Starter Motor (P0012010) is not for sale yet.'],
  ])('answers 409 naming %s, a part that cannot be sold', async (tag, msg) => {
    const buyer = await shopper(await shopApp());
    const response = await buyer.call('POST', '/carts/add-item', { product: { tag } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, msg });
  });

  it('answers 409 for a part reserved by an order', async () => {
    await setStatus(PARTS.starter, 'reserved');
    const buyer = await shopper(await shopApp());
    const response = await buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.starter } });
    expect(response.statusCode).toBe(409);
    expect(response.json().msg).toContain('(P0012003)');
  });

  it('answers 404 for a Tag no part has', async () => {
    const buyer = await shopper(await shopApp());
    const response = await buyer.call('POST', '/carts/add-item', { product: { tag: 'P0000000' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, msg: t('cart.part_not_found') });
  });

  it('answers 422 naming the field for bad input', async () => {
    const buyer = await shopper(await shopApp());
    const cases: [unknown, string][] = [
      [{ product: { tag: 'P001 2001' } }, 'product.tag'],
      [{ product: { tag: PARTS.alternator, quantity: 2 } }, 'product.quantity'],
      [{ product: { tag: PARTS.alternator, warranty_id: 'two' } }, 'product.warranty_id'],
      [{ product: { tag: PARTS.alternator, warranty_id: 4 } }, 'product.warranty_id'],
      [{}, 'product'],
    ];
    for (const [payload, field] of cases) {
      const response = await buyer.call('POST', '/carts/add-item', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(payload)).toEqual([field]);
    }
    expect(cartOf((await buyer.call('GET', '/carts/get-cart')).json()).cart_products).toEqual([]);
  });

  it('refuses a write without the CSRF token with 403', async () => {
    const buyer = await shopper(await shopApp());
    const response = await buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(cartOf((await buyer.call('GET', '/carts/get-cart')).json()).cart_products).toEqual([]);
  });

  it('keeps carts apart: one session never sees another’s lines', async () => {
    const app = await shopApp();
    const first = await shopper(app);
    const second = await shopper(app);
    await expectOk(first.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    // A part may be in many carts until it is ordered.
    await expectOk(second.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    await expectOk(second.call('POST', '/carts/add-item', { product: { tag: PARTS.starter } }));
    expect(cartOf((await first.call('GET', '/carts/get-cart')).json()).cart_products.map((line) => line.tag)).toEqual([PARTS.alternator]);
  });
});

describe('PATCH /web-api/carts/update-item', () => {
  it('changes the warranty and answers the re-priced cart', async () => {
    const buyer = await shopper(await shopApp());
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    const response = await buyer.call('PATCH', '/carts/update-item', { product: { tag: PARTS.alternator, warranty_id: 2 } });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(t('cart.item_updated'));
    expect(cartOf(response.json())).toMatchObject({ sub_total: 7499, to_pay: 8999 });
  });

  it('accepts quantity 1 and refuses any other quantity with 422 on product.quantity', async () => {
    const buyer = await shopper(await shopApp());
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    await expectOk(buyer.call('PATCH', '/carts/update-item', { product: { tag: PARTS.alternator, quantity: 1 } }));
    for (const quantity of [0, 2, -1]) {
      const response = await buyer.call('PATCH', '/carts/update-item', { product: { tag: PARTS.alternator, quantity } });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ 'product.quantity': [t('cart.quantity_one')] });
    }
    const bad = await buyer.call('PATCH', '/carts/update-item', { product: { tag: PARTS.alternator, quantity: 'one' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['product.quantity']);
  });

  it('refuses a warranty the part does not offer', async () => {
    const buyer = await shopper(await shopApp());
    const cart = cartOf((await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }))).json());
    const offered = cart.cart_products[0]?.available_warranties.map((warranty) => warranty.id) ?? [];
    const notOffered = [1, 2, 3, 4, 5].find((id) => !offered.includes(id));
    const response = await buyer.call('PATCH', '/carts/update-item', { product: { tag: PARTS.alternator, warranty_id: notOffered } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'product.warranty_id': [t('cart.warranty_not_offered')] });
  });

  it('answers 404 for a part in another session’s cart, and changes nothing there', async () => {
    const app = await shopApp();
    const owner = await shopper(app);
    const other = await shopper(app);
    await expectOk(owner.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    const response = await other.call('PATCH', '/carts/update-item', { product: { tag: PARTS.alternator, warranty_id: 2 } });
    expect(response.statusCode).toBe(404);
    expect(cartOf((await owner.call('GET', '/carts/get-cart')).json()).cart_products[0]?.warranty_id).toBe(1);
  });

  it('refuses a write without the CSRF token with 403', async () => {
    const buyer = await shopper(await shopApp());
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    const response = await buyer.call('PATCH', '/carts/update-item', { product: { tag: PARTS.alternator, warranty_id: 2 } }, { csrf: false });
    expect(response.statusCode).toBe(403);
  });
});

describe('DELETE /web-api/carts/delete-item/{id}', () => {
  it('removes the line and answers the cart', async () => {
    const buyer = await shopper(await shopApp());
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    const added = cartOf((await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.starter } }))).json());
    const line = added.cart_products.find((candidate) => candidate.tag === PARTS.alternator);
    const response = await buyer.call('DELETE', `/carts/delete-item/${line?.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(t('cart.item_removed', { name: 'Ford Focus Alternator' }));
    expect(cartOf(response.json()).cart_products.map((candidate) => candidate.tag)).toEqual([PARTS.starter]);
  });

  it('answers 404 for a line of another session’s cart and leaves it there', async () => {
    const app = await shopApp();
    const owner = await shopper(app);
    const other = await shopper(app);
    const cart = cartOf((await expectOk(owner.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }))).json());
    await expectOk(other.call('POST', '/carts/add-item', { product: { tag: PARTS.starter } }));
    const response = await other.call('DELETE', `/carts/delete-item/${cart.cart_products[0]?.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, msg: t('cart.line_not_found') });
    expect(cartOf((await owner.call('GET', '/carts/get-cart')).json()).cart_products).toHaveLength(1);
  });

  it('answers 422 for an id that is not a number, and 403 without the CSRF token', async () => {
    const buyer = await shopper(await shopApp());
    const cart = cartOf((await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }))).json());
    const bad = await buyer.call('DELETE', '/carts/delete-item/abc');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['id']);
    expect((await buyer.call('DELETE', `/carts/delete-item/${cart.cart_products[0]?.id}`, undefined, { csrf: false })).statusCode).toBe(403);
  });
});

describe('a part that went after it was added', () => {
  it('shows as gone and counts in no amount', async () => {
    const buyer = await shopper(await shopApp());
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.starter } }));
    await setStatus(PARTS.alternator, 'sold');
    const cart = cartOf((await buyer.call('GET', '/carts/get-cart')).json());
    expect(cart.cart_products.map((line) => [line.tag, line.status, line.gone])).toEqual([
      [PARTS.alternator, 'gone', true],
      [PARTS.starter, 'available', false],
    ]);
    // The starter motor alone: 5833 net, 7000 with VAT.
    expect(cart).toMatchObject({ gone_tags: [PARTS.alternator], total_quantity: 1, sub_total: 5833, to_pay: 7000 });
  });
});

describe('GET /web-api/carts/get-available-delivery-prices', () => {
  it('lists regions (flat and grouped), deliveries and prices for the cart’s package type', async () => {
    const buyer = await shopper(await shopApp());
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.headlight } }));
    const response = await buyer.call('GET', '/carts/get-available-delivery-prices');
    expect(response.statusCode).toBe(200);
    const body = getAvailableDeliveryPrices.response.parse(response.json());
    expect(body.partTypePackage).toBe('LARGE_PARCELS');
    expect(body.defaultRegionId).toBe(1);
    expect(body.regions.filter((region) => region.is_uk).map((region) => region.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(body.grouppedRegions.map((group) => [group.name, group.regions.length])).toEqual([
      ['United Kingdom', 7],
      ['Europe', 7],
    ]);
    expect(body.deliveries.map((delivery) => [delivery.id, delivery.type])).toEqual([
      [1, 'personal_pickup'],
      [2, 'courier'],
      [3, 'custom'],
    ]);
    expect(body.deliveries[2]?.postcodes).toContain('SW');
    expect(body.deliveryPrices['2']?.['1']).toMatchObject({ price: 1249, gross_price: 1499, name: 'Tracked courier' });
    expect(body.deliveryPrices['2']?.['4']).toMatchObject({ price: 2149 });
    expect(body.deliveryPrices['1']?.['8']).toBeUndefined();
  });

  it('prices the largest package: an engine goes on a pallet, which the London same-day courier does not carry', async () => {
    const buyer = await shopper(await shopApp());
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.engine } }));
    const body = getAvailableDeliveryPrices.response.parse((await buyer.call('GET', '/carts/get-available-delivery-prices')).json());
    expect(body.partTypePackage).toBe('EURO_PALLET');
    expect(body.deliveryPrices['2']?.['1']?.price).toBe(6499);
    expect(body.deliveryPrices['3']).toBeUndefined();
  });
});

describe('POST /web-api/carts/validate-postcode', () => {
  it.each([
    ['BT1 5GS', 4, 'Northern Ireland'],
    ['bt48 6dq', 4, 'Northern Ireland'],
    ['IV1 1HY', 3, 'Highlands and Islands'],
    ['HS1 2BN', 3, 'Highlands and Islands'],
    ['KW15 1NX', 3, 'Highlands and Islands'],
    ['ZE1 0AA', 3, 'Highlands and Islands'],
    ['PO30 1UD', 5, 'Isle of Wight'],
    ['EH1 1YZ', 2, 'Scotland (mainland)'],
  ])('answers postcodeMatching for %s sent with region 1', async (postcode, id, name) => {
    const buyer = await shopper(await shopApp());
    const response = await buyer.call('POST', '/carts/validate-postcode', { region_id: 1, region_postcode: postcode });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, msg: t('cart.postcode_matching', { region: name }), postcodeMatching: { id, name } });
  });

  it('accepts a postcode of the region sent, and any (or none) for a region abroad', async () => {
    const buyer = await shopper(await shopApp());
    expect((await buyer.call('POST', '/carts/validate-postcode', { region_id: 1, region_postcode: 'ls1 4ap' })).json()).toEqual({ success: true, msg: t('cart.postcode_valid'), postcodeMatching: null });
    expect((await buyer.call('POST', '/carts/validate-postcode', { region_id: 4, region_postcode: 'BT1 5GS' })).json().postcodeMatching).toBeNull();
    expect((await buyer.call('POST', '/carts/validate-postcode', { region_id: 8, region_postcode: '' })).json()).toEqual({ success: true, msg: '', postcodeMatching: null });
  });

  it('answers 422 naming the field for a postcode that is not UK-shaped, an empty one, an unknown region and bad input', async () => {
    const buyer = await shopper(await shopApp());
    const cases: [unknown, string, string | null][] = [
      [{ region_id: 1, region_postcode: 'LS1' }, 'region_postcode', t('validation.postcode')],
      [{ region_id: 1, region_postcode: '' }, 'region_postcode', t('cart.postcode_required')],
      [{ region_id: 99, region_postcode: 'LS1 4AP' }, 'region_id', t('cart.region_unknown')],
      [{ region_id: 'one', region_postcode: 'LS1 4AP' }, 'region_id', null],
      [{ region_id: 1, region_postcode: 'X'.repeat(16) }, 'region_postcode', null],
    ];
    for (const [payload, field, message] of cases) {
      const response = await buyer.call('POST', '/carts/validate-postcode', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
      if (message) expect(response.json().errors[field]).toEqual([message]);
    }
  });

  it('refuses a call without the CSRF token with 403', async () => {
    const buyer = await shopper(await shopApp());
    expect((await buyer.call('POST', '/carts/validate-postcode', { region_id: 1, region_postcode: 'LS1 4AP' }, { csrf: false })).statusCode).toBe(403);
  });
});

describe('PATCH /web-api/carts/update-region-and-delivery', () => {
  it('stores region, postcode and delivery, and prices the delivery', async () => {
    const buyer = await shopper(await shopApp());
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    const response = await buyer.call('PATCH', '/carts/update-region-and-delivery', {
      region_id: 1,
      region_postcode: 'ls1 4ap',
      delivery_id: 2,
      // Derived by the server: what the browser sends is ignored.
      package_type: 'REGULAR_PARCELS',
      delivery_price_id: 1,
      delivery_name: 'Free delivery',
    });
    expect(response.statusCode).toBe(200);
    const cart = cartOf(response.json());
    expect(cart).toMatchObject({
      region_id: 1,
      region_postcode: 'LS1 4AP',
      region: { id: 1, name: 'England and Wales', country_id: 235, is_uk: true },
      delivery_id: 2,
      delivery_name: 'Tracked courier',
      delivery_value: 749,
      gross_delivery_value: 899,
      sub_total: 6666,
      total_value: 7999 + 899,
      to_pay: 8898,
    });
  });

  it('offers the London courier only to London postcodes', async () => {
    const buyer = await shopper(await shopApp());
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    const leeds = await buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 3 });
    expect(leeds.statusCode).toBe(422);
    expect(leeds.json().errors).toEqual({ delivery_id: [t('cart.delivery_not_offered')] });
    const london = await expectOk(buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'SE1 7PB', delivery_id: 3 }));
    expect(cartOf(london.json())).toMatchObject({ delivery_id: 3, delivery_value: 1500 });
  });

  it('refuses a postcode of another region, names it, and keeps what was stored', async () => {
    const buyer = await shopper(await shopApp());
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    const response = await buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'BT1 5GS' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ region_postcode: [t('cart.postcode_other_region', { region: 'Northern Ireland' })] });
    expect(cartOf((await buyer.call('GET', '/carts/get-cart')).json()).region_id).toBeNull();
  });

  it('clears the delivery when the region changes, and the postcode for a region abroad', async () => {
    const buyer = await shopper(await shopApp());
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    await expectOk(buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 }));
    const abroad = cartOf((await expectOk(buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 8 }))).json());
    expect(abroad).toMatchObject({ region_id: 8, region_postcode: '', delivery_id: null, delivery_value: 0 });
    const courier = cartOf((await expectOk(buyer.call('PATCH', '/carts/update-region-and-delivery', { delivery_id: 2 }))).json());
    expect(courier).toMatchObject({ region_id: 8, delivery_id: 2, delivery_value: 1499 });
    // Collection is for UK customers only.
    const pickup = await buyer.call('PATCH', '/carts/update-region-and-delivery', { delivery_id: 1 });
    expect(pickup.json().errors).toEqual({ delivery_id: [t('cart.delivery_not_offered')] });
  });

  it('needs a postcode for a delivery in a UK region', async () => {
    const buyer = await shopper(await shopApp());
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    const response = await buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, delivery_id: 2 });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ region_postcode: [t('cart.postcode_required')] });
  });

  it('answers 422 naming the field for bad input, and 403 without the CSRF token', async () => {
    const buyer = await shopper(await shopApp());
    for (const [payload, field] of [
      [{ region_id: 'x' }, 'region_id'],
      [{ region_id: 99 }, 'region_id'],
      [{ delivery_id: -2 }, 'delivery_id'],
      [{ region_id: 1, region_postcode: 'nonsense' }, 'region_postcode'],
    ] as const) {
      const response = await buyer.call('PATCH', '/carts/update-region-and-delivery', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    expect((await buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1 }, { csrf: false })).statusCode).toBe(403);
  });
});

describe('POST /web-api/discount-codes/check-code.json', () => {
  async function cartWithPostcode(tags: string[] = [PARTS.alternator]) {
    const buyer = await shopper(await shopApp());
    for (const tag of tags) await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag } }));
    await expectOk(buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 }));
    return buyer;
  }

  it('applies DEMO10: 10 % of the goods, VAT included, off the amount to pay', async () => {
    const buyer = await cartWithPostcode();
    const response = await buyer.call('POST', '/discount-codes/check-code.json', { code: ' demo10 ' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.msg).toBe(t('discount.applied', { code: 'DEMO10' }));
    expect(body.discountCode).toMatchObject({ display_name: '10% off', amount: 800 });
    expect(cartOf(body)).toMatchObject({ discount_code: { code: 'DEMO10' }, discount_code_name: '10% off', discount_code_amount: 800, total_value: 8898, to_pay: 8098 });
  });

  it('applies a fixed amount, one code per cart (a new code replaces the old), and removes it on request', async () => {
    const buyer = await cartWithPostcode();
    await expectOk(buyer.call('POST', '/discount-codes/check-code.json', { code: 'DEMO10' }));
    const fixed = cartOf((await expectOk(buyer.call('POST', '/discount-codes/check-code.json', { code: 'FIVEOFF' }))).json());
    expect(fixed).toMatchObject({ discount_code: { code: 'FIVEOFF' }, discount_code_amount: 500, to_pay: 8398 });
    const removed = await expectOk(buyer.call('PATCH', '/carts/update-region-and-delivery', { discount_code_id: null }));
    expect(removed.json().msg).toBe(t('discount.removed'));
    expect(cartOf(removed.json())).toMatchObject({ discount_code_id: null, discount_code: null, discount_code_amount: 0, to_pay: 8898 });
  });

  it('refuses an expired code, an unknown one and one below its minimum basket, and takes the cart’s code off', async () => {
    const buyer = await cartWithPostcode();
    const cases: [string, string][] = [
      ['EXPIRED10', t('discount.expired')],
      ['NOSUCHCODE', t('discount.unknown')],
      ['BIG20', t('discount.minimum_basket', { amount: '£250.00' })],
    ];
    for (const [code, message] of cases) {
      await expectOk(buyer.call('POST', '/discount-codes/check-code.json', { code: 'DEMO10' }));
      const response = await buyer.call('POST', '/discount-codes/check-code.json', { code });
      expect(response.statusCode, code).toBe(422);
      expect(response.json()).toEqual({ success: false, msg: 'Please correct the highlighted fields.', errors: { code: [message] } });
      expect(cartOf((await buyer.call('GET', '/carts/get-cart')).json()).discount_code).toBeNull();
    }
  });

  it('refuses a code that is not valid yet', async () => {
    const { db } = await testDatabase();
    await db.insert(discountCodes).values({ code: 'SOON5', displayName: '5% off soon', kind: 'PERCENT', value: 5, validFrom: new Date(Date.now() + 86_400_000) });
    const buyer = await cartWithPostcode();
    expect((await buyer.call('POST', '/discount-codes/check-code.json', { code: 'soon5' })).json().errors).toEqual({ code: [t('discount.not_started')] });
  });

  it('takes BIG20 once the basket reaches £250', async () => {
    const buyer = await cartWithPostcode([PARTS.alternator, PARTS.headlight, PARTS.starter]);
    const cart = cartOf((await expectOk(buyer.call('POST', '/discount-codes/check-code.json', { code: 'BIG20' }))).json());
    // Net 6666 + 10833 + 5833; each line's gross rounded on its own.
    expect(cart.gross_sub_total).toBe(7999 + 13000 + 7000);
    expect(cart.discount_code_amount).toBe(Math.round((Math.round((6666 + 10833 + 5833) * 1.2) * 20) / 100));
  });

  it('keeps a code that stops applying on the cart, taking nothing off and saying why', async () => {
    const buyer = await cartWithPostcode([PARTS.alternator, PARTS.headlight, PARTS.starter]);
    const cart = cartOf((await expectOk(buyer.call('POST', '/discount-codes/check-code.json', { code: 'BIG20' }))).json());
    const headlight = cart.cart_products.find((line) => line.tag === PARTS.headlight);
    const after = cartOf((await expectOk(buyer.call('DELETE', `/carts/delete-item/${headlight?.id}`))).json());
    expect(after).toMatchObject({ discount_code: { code: 'BIG20' }, discount_code_amount: 0, discount_code_problem: t('discount.minimum_basket', { amount: '£250.00' }) });
    expect(after.to_pay).toBe(after.total_value);
  });

  it('asks for a code, then for the postcode, in the order of SPEC §5', async () => {
    const buyer = await shopper(await shopApp());
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    expect((await buyer.call('POST', '/discount-codes/check-code.json', { code: '  ' })).json().errors).toEqual({ code: [t('cart.no_discount_code')] });
    expect((await buyer.call('POST', '/discount-codes/check-code.json', { code: 'DEMO10' })).json().errors).toEqual({ code: [t('cart.region_postcode')] });
    // A region abroad needs no postcode.
    await expectOk(buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 9 }));
    await expectOk(buyer.call('POST', '/discount-codes/check-code.json', { code: 'DEMO10' }));
  });

  it('carries the payment type’s commission from configuration', async () => {
    const app = await shopApp({ env: { PAYMENT_COMMISSIONS: 'PAYPAL=2.5' } });
    const buyer = await shopper(app);
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    await expectOk(buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 }));
    const cart = cartOf((await expectOk(buyer.call('POST', '/discount-codes/check-code.json', { code: 'DEMO10', payment_type_id: 4 }))).json());
    // 2.5 % of (6666 + 749) = 185.375 → 185 net.
    expect(cart).toMatchObject({ payment_type_id: 4, commission_value: 185 });
    expect(cart.total_value).toBe(Math.round((6666 + 749 + 185) * 1.2));
  });

  it('answers 422 for bad input and 403 without the CSRF token', async () => {
    const buyer = await cartWithPostcode();
    const bad = await buyer.call('POST', '/discount-codes/check-code.json', { code: 12 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['code']);
    const badType = await buyer.call('POST', '/discount-codes/check-code.json', { code: 'DEMO10', payment_type_id: 77 });
    expect(badType.json().errors).toEqual({ payment_type_id: [t('validation.error')] });
    expect((await buyer.call('POST', '/discount-codes/check-code.json', { code: 'DEMO10' }, { csrf: false })).statusCode).toBe(403);
  });
});
