import { describe, expect, it } from 'vitest';
import type { Cart, CartProduct } from '../../contract/cart';
import { applyPendingChanges, pendingChangeOf, type PendingChange } from './pending-cart';

const warranties = [
  { id: 1, name: '3 months', value: 0, gross_price: 0, is_default: true },
  { id: 2, name: '12 months', value: 2_000, gross_price: 2_400, is_default: false },
];

function line(overrides: Partial<CartProduct>): CartProduct {
  return {
    id: 1,
    tag: 'P0070001',
    product_id: 1,
    name: 'BMW 1 Series Alternator',
    image: '',
    url: '/product/bmw/1-series/alternator/P0070001',
    quantity: 1,
    net_price: 10_000,
    price: 10_000,
    gross_price: 12_000,
    value: 10_000,
    gross_value: 12_000,
    tax_percentage: 20,
    warranty_id: 1,
    warranty_name: '3 months',
    warranty_price: 0,
    warranty_gross_price: 0,
    available_warranties: warranties,
    package_type: 'REGULAR_PARCELS',
    held_until: null,
    hold_seconds_left: null,
    status: 'available',
    gone: false,
    ...overrides,
  };
}

function cart(lines: CartProduct[]): Cart {
  return {
    cart_products: lines,
    total_quantity: lines.filter((item) => !item.gone).length,
    sub_total: 10_000,
    gross_sub_total: 12_000,
    amount_discount_threshold: 0,
    value_after_discount_threshold: 10_000,
    delivery_value: 0,
    gross_delivery_value: 0,
    commission_value: 0,
    tax_value: 2_000,
    total_value: 12_000,
    discount_code_id: null,
    discount_code_name: null,
    discount_code_amount: 0,
    discount_code: null,
    discount_code_problem: null,
    to_pay: 12_000,
    region_id: null,
    region_postcode: '',
    region: null,
    delivery_id: null,
    delivery_price_id: null,
    delivery_name: null,
    package_type: 'REGULAR_PARCELS',
    payment_type_id: null,
    billing_address_id: null,
    delivery_address_id: null,
    billing_address: null,
    delivery_address: null,
    same_shipping_address: true,
    comments_delivery: '',
    member_id: null,
    member: null,
    gone_tags: [],
  };
}

const preview = {
  name: 'BMW 3 Series Door Mirror (Right)',
  image: '/thumbs/9.webp',
  url: '/product/bmw/3-series/door-mirror-right/P0070005',
  net_price: 7_499,
  warranties: [
    { id: 1, name: '3 months', value: 0, is_default: true },
    { id: 2, name: '12 months', value: 2_000, is_default: false },
  ],
};

describe('pendingChangeOf', () => {
  it('reads the three changes that may wait for signal from their variables', () => {
    expect(pendingChangeOf('add-item', { body: { product: { tag: 'P1', warranty_id: 2, quantity: 1 } }, idempotencyKey: 'k1', preview })).toEqual({
      kind: 'add',
      tag: 'P1',
      warrantyId: 2,
      preview,
    });
    expect(pendingChangeOf('delete-item', { body: { id: 0 }, tag: 'P1', idempotencyKey: 'k2' })).toEqual({ kind: 'remove', id: 0, tag: 'P1' });
    expect(pendingChangeOf('update-item', { body: { product: { tag: 'P1', warranty_id: 1 } }, idempotencyKey: 'k3' })).toEqual({ kind: 'warranty', tag: 'P1', warrantyId: 1 });
  });

  it('ignores every other write and anything malformed', () => {
    expect(pendingChangeOf('create-order', { body: null, idempotencyKey: 'k' })).toBeNull();
    expect(pendingChangeOf('update-item', { body: { product: { tag: 'P1', quantity: 1 } }, idempotencyKey: 'k' })).toBeNull();
    expect(pendingChangeOf('add-item', undefined)).toBeNull();
  });
});

describe('applyPendingChanges', () => {
  it('shows the server cart alone when nothing waits', () => {
    const server = cart([line({})]);
    const view = applyPendingChanges(server, []);
    expect(view.cart_products.map((item) => item.pending)).toEqual([null]);
    expect(view.total_quantity).toBe(1);
    expect(view.pendingChanges).toBe(0);
    expect(view.to_pay).toBe(server.to_pay);
  });

  it('draws an added part from what the page showed, with the chosen paid warranty, marked', () => {
    const view = applyPendingChanges(cart([line({})]), [{ kind: 'add', tag: 'P0070005', warrantyId: 2, preview }]);
    const added = view.cart_products[1];
    expect(added).toMatchObject({ tag: 'P0070005', name: preview.name, pending: 'add', warranty_id: 2, warranty_name: '12 months', gross_price: 8_999, warranty_gross_price: 2_400, gross_value: 11_399 });
    expect(added?.id).toBeLessThan(0);
    expect(view.total_quantity).toBe(2);
    // The totals stay the server's until the change is sent.
    expect(view.to_pay).toBe(12_000);
  });

  it('marks a removed line as leaving and counts it out; removing an offline add drops it', () => {
    const changes: PendingChange[] = [
      { kind: 'remove', id: 1, tag: 'P0070001' },
      { kind: 'add', tag: 'P0070005', warrantyId: null, preview },
      { kind: 'remove', id: 0, tag: 'P0070005' },
    ];
    const view = applyPendingChanges(cart([line({})]), changes);
    expect(view.cart_products.map((item) => [item.tag, item.pending])).toEqual([['P0070001', 'remove']]);
    expect(view.total_quantity).toBe(0);
    expect(view.pendingChanges).toBe(3);
  });

  it('shows a warranty change with its price, and an add of a part already there as the warranty change the server makes', () => {
    const changed = applyPendingChanges(cart([line({})]), [{ kind: 'warranty', tag: 'P0070001', warrantyId: 2 }]);
    expect(changed.cart_products[0]).toMatchObject({ warranty_id: 2, warranty_name: '12 months', gross_value: 14_400, pending: 'warranty' });
    const again = applyPendingChanges(cart([line({})]), [{ kind: 'add', tag: 'P0070001', warrantyId: 2, preview: undefined }]);
    expect(again.cart_products).toHaveLength(1);
    expect(again.cart_products[0]?.pending).toBe('warranty');
    expect(again.total_quantity).toBe(1);
  });

  it('does not count a gone line out twice, and names a part it knows nothing of by its Tag', () => {
    const view = applyPendingChanges(cart([line({ gone: true, status: 'gone' })]), [
      { kind: 'remove', id: 1, tag: 'P0070001' },
      { kind: 'add', tag: 'P0070009', warrantyId: null, preview: undefined },
    ]);
    expect(view.total_quantity).toBe(1);
    expect(view.cart_products[1]).toMatchObject({ name: 'Part P0070009', pending: 'add' });
  });
});
