import { describe, expect, it } from 'vitest';
import type { Address, Cart } from '../../../contract/cart';
import type { LookedUpAddress } from '../../../contract/checkout';
import { startingPoint } from './checkout-form-values';

function cart(overrides: Partial<Cart> = {}): Cart {
  return {
    cart_products: [],
    total_quantity: 1,
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
    region_id: 1,
    region_postcode: 'SW1A 2AB',
    region: { id: 1, name: 'England and Wales', country_id: 235, is_uk: true },
    delivery_id: 2,
    delivery_price_id: 5,
    delivery_name: 'Tracked courier',
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
    ...overrides,
  };
}

function address(overrides: Partial<Address>): Address {
  return {
    id: 1,
    address_type: 'BOTH',
    first_name: 'Sam',
    last_name: 'Lee',
    company_name: '',
    vat_no: '',
    postcode: 'LS1 4AP',
    address1: '2 Mill Hill',
    address2: '',
    address3: '',
    city: 'Leeds',
    county: 'West Yorkshire',
    phone: '',
    country_id: 235,
    country: { name: 'United Kingdom' },
    ...overrides,
  };
}

const member = {
  email: 'sam@example.com',
  first_name: 'Sam',
  last_name: 'Lee',
  type: 'PRIVATE' as const,
  is_guest: false,
  same_shipping_address: true,
  member_profile: { mobile: '07700 900123', phone: '', company_name: '', vat_no: '' },
};

const saved: LookedUpAddress = { address1: 'Flat 1', address2: '14 Carlton Gardens', address3: '', city: 'London', county: 'Greater London', postcode: 'SW1A 2AB', country_id: 235 };
const agreements = { terms: true, marketing: false };

describe('startingPoint', () => {
  it('starts a new visitor as a guest at the address chosen on the cart page, with the cart postcode', () => {
    const start = startingPoint({ cart: cart(), recent: { member: null, billing_address: null, delivery_address: null }, saved, agreements });
    expect(start.postcodeMismatch).toBe(false);
    expect(start.values.is_guest).toBe(true);
    expect(start.values.same_shipping_address).toBe(true);
    expect(start.values.member_address).toMatchObject({ address1: 'Flat 1', address2: '14 Carlton Gardens', city: 'London', postcode: 'SW1A 2AB', country_id: 235, address_type: 'BOTH' });
    expect(start.values.agree_terms).toBe(true);
    expect(start.values.agree_privacy).toBe(true);
  });

  it('flags a loaded delivery address at another postcode than the cart one and does not use its lines (SPEC §5)', () => {
    const start = startingPoint({ cart: cart(), recent: { member, billing_address: address({}), delivery_address: address({}) }, saved: null, agreements });
    expect(start.postcodeMismatch).toBe(true);
    expect(start.values.member_address.postcode).toBe('SW1A 2AB');
    expect(start.values.member_address.address1).toBe('');
    // The member's names and contact details still start the form.
    expect(start.values.first_name).toBe('Sam');
    expect(start.values.member_profile.mobile).toBe('07700 900123');
  });

  it('matches postcodes with spaces and case ignored', () => {
    const start = startingPoint({ cart: cart({ region_postcode: 'ls14ap' }), recent: { member, billing_address: address({}), delivery_address: address({}) }, saved: null, agreements });
    expect(start.postcodeMismatch).toBe(false);
    expect(start.values.member_address.address1).toBe('2 Mill Hill');
  });

  it('treats equal billing and delivery address ids as one address (SPEC §4)', () => {
    const separate = { ...member, same_shipping_address: false };
    const one = startingPoint({ cart: cart({ region_postcode: 'LS1 4AP' }), recent: { member: separate, billing_address: address({ id: 7 }), delivery_address: address({ id: 7 }) }, saved: null, agreements });
    expect(one.values.same_shipping_address).toBe(true);
    const two = startingPoint({
      cart: cart(),
      recent: { member: separate, billing_address: address({ id: 7 }), delivery_address: address({ id: 8, postcode: 'SW1A 2AB', address1: '14 Carlton Gardens', first_name: 'Jo' }) },
      saved: null,
      agreements,
    });
    expect(two.values.same_shipping_address).toBe(false);
    expect(two.postcodeMismatch).toBe(false);
    expect(two.values.member_address).toMatchObject({ postcode: 'LS1 4AP', address_type: 'BILLING' });
    expect(two.values.shipping).toMatchObject({ postcode: 'SW1A 2AB', address1: '14 Carlton Gardens', first_name: 'Jo', address_type: 'DELIVERY' });
  });

  it('leaves the postcode free for a region outside the UK, in that region’s country', () => {
    const start = startingPoint({
      cart: cart({ region_id: 9, region_postcode: '', region: { id: 9, name: 'France', country_id: 75, is_uk: false } }),
      recent: { member: null, billing_address: null, delivery_address: null },
      saved: null,
      agreements,
    });
    expect(start.postcodeMismatch).toBe(false);
    expect(start.values.member_address).toMatchObject({ postcode: '', country_id: 75 });
  });
});
