import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSchema } from '../../../src/contract/cart';
import { getRecentAddresses } from '../../../src/contract/checkout';
import { t } from '../../../src/domain/messages';
import { addresses, members } from '../../db/schema';
import { FAKE_IDEAL_POSTCODES_KEY, type FakeIdealPostcodes, startFakeIdealPostcodes } from '../../integrations/postcode-lookup/fake-ideal-postcodes';
import { sourceRenderEntry } from '../../test/app';
import { expectOk, guestForm, PARTS, PASSWORD, shopApp, shopper, type Shopper, useCheckoutData } from '../../test/checkout';
import { testDatabase } from '../../test/database';

useCheckoutData();

const cartOf = (body: { cart: unknown }) => cartSchema.parse(body.cart);

async function withCart(buyer: Shopper, postcode = 'LS1 4AP'): Promise<void> {
  await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
  await expectOk(buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: postcode, delivery_id: 2 }));
}

const registration = (changes: Record<string, unknown> = {}) =>
  guestForm({ is_guest: false, email: 'jo@fleetfix.co.uk', first_name: 'Jo', last_name: 'Price', password: PASSWORD, confirm_password: PASSWORD, ...changes });

async function memberRows() {
  const { db } = await testDatabase();
  return db.select().from(members).orderBy(members.id);
}

describe('POST /web-api/carts/update-shipping', () => {
  it('makes a guest account for a guest and puts one address on the cart for billing and delivery', async () => {
    const buyer = await shopper(await shopApp());
    await withCart(buyer);
    const response = await buyer.call('POST', '/carts/update-shipping', guestForm());

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, msg: t('checkout.details_saved'), first_name: 'Sam', last_name: 'Turner', is_guest: true, signed_in: false });
    const cart = cartOf(body);
    expect(cart.member).toMatchObject({ id: body.id, is_guest: true, email: 'sam@turner-motors.co.uk', discount_threshold: null });
    expect(cart.billing_address).toMatchObject({ address_type: 'BOTH', first_name: 'Sam', address1: '2 Mill Hill', postcode: 'LS1 4AP', phone: '07700 900123', country: { name: 'United Kingdom' } });
    expect(cart.delivery_address_id).toBe(cart.billing_address_id);
    expect(cart.comments_delivery).toBe('Side gate is open');
    const [guest] = await memberRows();
    expect(guest).toMatchObject({ isGuest: true, passwordHash: null, type: 'PRIVATE' });
    // The session stays anonymous: a guest cannot sign in.
    expect(response.cookies).toEqual([]);
  });

  it('updates the same guest account when the step is sent again', async () => {
    const buyer = await shopper(await shopApp());
    await withCart(buyer);
    await expectOk(buyer.call('POST', '/carts/update-shipping', guestForm()));
    await expectOk(buyer.call('POST', '/carts/update-shipping', guestForm({ first_name: 'Samantha' })));
    expect((await memberRows()).map((member) => member.firstName)).toEqual(['Samantha']);
  });

  it('registers during checkout: argon2id password, signed in with a new session, the cart comes along', async () => {
    const buyer = await shopper(await shopApp());
    await withCart(buyer);
    const before = { cookie: buyer.cookie, csrf: buyer.csrfToken };
    const response = await buyer.call('POST', '/carts/update-shipping', registration());

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ msg: t('checkout.registered'), first_name: 'Jo', last_name: 'Price', is_guest: false, signed_in: true });
    const [member] = await memberRows();
    expect(member).toMatchObject({ email: 'jo@fleetfix.co.uk', isGuest: false });
    expect(member?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    buyer.adopt(response);
    expect(buyer.cookie).not.toBe(before.cookie);
    expect(buyer.csrfToken).not.toBe(before.csrf);
    const cart = cartOf((await buyer.call('GET', '/carts/get-cart')).json());
    expect(cart).toMatchObject({ member_id: member?.id, member: { is_guest: false, first_name: 'Jo' }, region_id: 1, delivery_id: 2 });
    expect(cart.cart_products.map((line) => line.tag)).toEqual([PARTS.alternator]);
    // The session of before sign-in is over.
    const old = await buyer.app.inject({ method: 'GET', url: '/web-api/check', headers: { cookie: before.cookie } });
    expect(old.statusCode).toBe(401);
  });

  it('refuses to register an email that has an account, whatever its case', async () => {
    const app = await shopApp();
    const first = await shopper(app);
    await withCart(first);
    await expectOk(first.call('POST', '/carts/update-shipping', registration()));
    const second = await shopper(app);
    await withCart(second);
    const response = await second.call('POST', '/carts/update-shipping', registration({ email: 'JO@fleetfix.co.uk' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: [t('checkout.email_registered')] });
    // A guest may use it: a guest account is for one checkout only.
    await expectOk(second.call('POST', '/carts/update-shipping', guestForm({ email: 'jo@fleetfix.co.uk' })));
  });

  it('names every wrong field by its path in the form', async () => {
    const buyer = await shopper(await shopApp());
    await withCart(buyer);
    const response = await buyer.call('POST', '/carts/update-shipping', registration({ password: 'short', confirm_password: 'other', member_address: { address1: '', postcode: 'LS1' }, member_profile: { mobile: 'call me' } }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      password: [t('validation.password_min'), t('validation.password_special')],
      confirm_password: [t('validation.password_same')],
      'member_profile.mobile': [t('validation.phone')],
      'member_address.first_name': [t('validation.required_first_name')],
      'member_address.last_name': [t('validation.required_last_name')],
      'member_address.address1': [t('validation.required')],
      'member_address.city': [t('validation.required')],
      'member_address.county': [t('validation.required')],
      'member_address.postcode': [t('validation.postcode')],
    });
    expect(await memberRows()).toEqual([]);
  });

  it('answers 422 naming a field of the wrong type', async () => {
    const buyer = await shopper(await shopApp());
    await withCart(buyer);
    const response = await buyer.call('POST', '/carts/update-shipping', guestForm({ member_address: { ...guestForm().member_address, country_id: 'UK' } }));
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['member_address.country_id']);
    const unknownCountry = await buyer.call('POST', '/carts/update-shipping', guestForm({ member_address: { ...guestForm().member_address, country_id: 999 } }));
    expect(unknownCountry.json().errors).toEqual({ 'member_address.country_id': [t('validation.required')] });
  });

  it('needs a company name and a valid VAT number for a company', async () => {
    const buyer = await shopper(await shopApp());
    await withCart(buyer);
    const company = { address1: '4 Trade Park', city: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 4AP', country_id: 235, company_name: 'Fleetfix Ltd' };
    const invalid = await buyer.call('POST', '/carts/update-shipping', guestForm({ type: 'COMPANY', member_address: { ...company, vat_no: '123-456-32-19' } }));
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ 'member_address.vat_no': [t('validation.error')] });
    const valid = cartOf((await expectOk(buyer.call('POST', '/carts/update-shipping', guestForm({ type: 'COMPANY', member_address: { ...company, first_name: 'Sam', vat_no: '526-025-09-95' } })))).json());
    // SPEC §4: a company's billing address keeps no personal names.
    expect(valid.billing_address).toMatchObject({ company_name: 'Fleetfix Ltd', vat_no: '5260250995', first_name: '', last_name: '' });
  });

  it('refuses a company while the companyAccount flag is off', async () => {
    const buyer = await shopper(await shopApp({ env: { FEATURE_COMPANY_ACCOUNT: '0' } }));
    await withCart(buyer);
    const company = { address1: '4 Trade Park', city: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 4AP', company_name: 'Fleetfix Ltd', vat_no: '5260250995' };
    const response = await buyer.call('POST', '/carts/update-shipping', guestForm({ type: 'COMPANY', member_address: company }));
    expect(response.json().errors).toEqual({ type: [t('checkout.company_unavailable')] });
  });

  it('stores a separate delivery address, which must have the postcode the delivery was priced for', async () => {
    const buyer = await shopper(await shopApp());
    await withCart(buyer, 'SE1 7PB');
    const shipping = { first_name: 'Kim', last_name: 'Turner', address1: '21 Baylis Road', city: 'London', county: 'Greater London', postcode: 'SE1 8PB', country_id: 235, phone: '020 7946 0000' };
    const mismatch = await buyer.call('POST', '/carts/update-shipping', guestForm({ same_shipping_address: false, shipping }));
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ 'shipping.postcode': [t('cart.postcode_mismatch')] });

    const cart = cartOf((await expectOk(buyer.call('POST', '/carts/update-shipping', guestForm({ same_shipping_address: false, shipping: { ...shipping, postcode: 'se1 7pb' } })))).json());
    expect(cart.same_shipping_address).toBe(false);
    expect(cart.billing_address).toMatchObject({ address_type: 'BILLING', postcode: 'LS1 4AP' });
    expect(cart.delivery_address).toMatchObject({ address_type: 'DELIVERY', first_name: 'Kim', postcode: 'SE1 7PB', phone: '020 7946 0000', vat_no: '' });
  });

  it('answers 404 for an empty cart (the page goes back to the cart), and 403 without the CSRF token', async () => {
    const buyer = await shopper(await shopApp());
    const empty = await buyer.call('POST', '/carts/update-shipping', guestForm());
    expect(empty.statusCode).toBe(404);
    expect(empty.json()).toEqual({ success: false, msg: t('cart.empty') });
    await withCart(buyer);
    expect((await buyer.call('POST', '/carts/update-shipping', guestForm(), { csrf: false })).statusCode).toBe(403);
    expect(await memberRows()).toEqual([]);
  });

  it('works only on the session’s own cart', async () => {
    const app = await shopApp();
    const owner = await shopper(app);
    const other = await shopper(app);
    await withCart(owner);
    expect((await other.call('POST', '/carts/update-shipping', guestForm())).statusCode).toBe(404);
    expect(cartOf((await owner.call('GET', '/carts/get-cart')).json()).billing_address).toBeNull();
  });
});

describe('GET /web-api/addresses/get-recent', () => {
  it('answers nothing to a new visitor, and the guest and addresses of this cart after the addresses step', async () => {
    const buyer = await shopper(await shopApp());
    const nothing = getRecentAddresses.response.parse((await buyer.call('GET', '/addresses/get-recent')).json());
    expect(nothing.data).toEqual({ member: null, billing_address: null, delivery_address: null });
    await withCart(buyer);
    await expectOk(buyer.call('POST', '/carts/update-shipping', guestForm()));
    const recent = getRecentAddresses.response.parse((await buyer.call('GET', '/addresses/get-recent')).json());
    expect(recent.data.member).toMatchObject({ email: 'sam@turner-motors.co.uk', is_guest: true, member_profile: { mobile: '07700 900123' } });
    expect(recent.data.billing_address).toMatchObject({ address1: '2 Mill Hill' });
  });

  it('gives a signed-in member the addresses used last time', async () => {
    const app = await shopApp();
    const buyer = await shopper(app);
    await withCart(buyer);
    buyer.adopt(await expectOk(buyer.call('POST', '/carts/update-shipping', registration())));
    await expectOk(buyer.call('POST', '/members/logout'));
    const later = await shopper(app);
    later.adopt(await expectOk(later.call('POST', '/members/login', { email: 'jo@fleetfix.co.uk', password: PASSWORD })));
    const recent = getRecentAddresses.response.parse((await later.call('GET', '/addresses/get-recent')).json());
    expect(recent.data.member).toMatchObject({ email: 'jo@fleetfix.co.uk', is_guest: false });
    expect(recent.data.billing_address).toMatchObject({ address1: '2 Mill Hill', postcode: 'LS1 4AP' });
  });
});

describe('GET /web-api/countries/get-list', () => {
  it('maps country ids to names, 235 to the United Kingdom', async () => {
    const response = await (await shopApp()).inject({ method: 'GET', url: '/web-api/countries/get-list' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data['235']).toBe('United Kingdom');
    expect(response.json().data['105']).toBe('Ireland');
  });
});

describe('GET /web-api/addresses/lookup', () => {
  it('finds addresses in the embedded dataset, 404 for an unknown postcode, 422 for one that is not UK-shaped', async () => {
    const buyer = await shopper(await shopApp());
    const found = await buyer.call('GET', '/addresses/lookup?postcode=bt1%205gs');
    expect(found.statusCode).toBe(200);
    expect(found.json().postcode).toBe('BT1 5GS');
    expect(found.json().addresses[0]).toEqual({ address1: '18 Donegall Square East', address2: '', address3: '', city: 'Belfast', county: 'County Antrim', postcode: 'BT1 5GS', country_id: 235 });
    const unknown = await buyer.call('GET', '/addresses/lookup?postcode=ZZ1%201ZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(t('addresses.not_found'));
    const bad = await buyer.call('GET', '/addresses/lookup?postcode=12345');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ postcode: [t('validation.postcode')] });
    expect((await buyer.call('GET', '/addresses/lookup')).statusCode).toBe(422);
  });

  describe('with Ideal Postcodes configured', () => {
    let service: FakeIdealPostcodes;
    beforeAll(async () => {
      service = await startFakeIdealPostcodes({ postcodes: { LS14AP: [{ line_1: '2 Mill Hill', post_town: 'Leeds', county: 'West Yorkshire' }] }, failing: ['M11AE'] });
    });
    afterAll(() => service.close());

    it('asks the provider from the server (no key reaches the browser), and answers 503 when it fails', async () => {
      const app = await shopApp({ env: { IDEAL_POSTCODES_API_KEY: FAKE_IDEAL_POSTCODES_KEY, IDEAL_POSTCODES_API_URL: service.url } });
      const buyer = await shopper(app);
      const found = await buyer.call('GET', '/addresses/lookup?postcode=LS1%204AP');
      expect(found.json().addresses).toEqual([{ address1: '2 Mill Hill', address2: '', address3: '', city: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 4AP', country_id: 235 }]);
      expect(found.body).not.toContain(FAKE_IDEAL_POSTCODES_KEY);
      const failing = await buyer.call('GET', '/addresses/lookup?postcode=M1%201AE');
      expect(failing.statusCode).toBe(503);
      expect(failing.json()).toEqual({ success: false, msg: t('addresses.lookup_unavailable') });
    });
  });
});

describe('POST /web-api/members/login and /members/logout', () => {
  async function registered(app: Awaited<ReturnType<typeof shopApp>>) {
    const buyer = await shopper(app);
    await withCart(buyer);
    buyer.adopt(await expectOk(buyer.call('POST', '/carts/update-shipping', registration())));
    return buyer;
  }

  it('signs a member in with a new session and joins the visitor’s cart to the member’s', async () => {
    const app = await shopApp();
    const member = await registered(app);
    expect((await expectOk(member.call('POST', '/members/logout'))).json()).toEqual({ success: true, msg: t('members.logged_out'), redirect: '/' });

    const visitor = await shopper(app);
    await expectOk(visitor.call('POST', '/carts/add-item', { product: { tag: PARTS.starter } }));
    await expectOk(visitor.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator, warranty_id: 2 } }));
    const before = visitor.cookie;
    const response = await visitor.call('POST', '/members/login', { email: ' JO@fleetfix.co.uk ', password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, msg: t('members.logged_in', { name: 'Jo' }), redirect: null, first_name: 'Jo', last_name: 'Price' });
    visitor.adopt(response);
    expect(visitor.cookie).not.toBe(before);
    const cart = cartOf((await visitor.call('GET', '/carts/get-cart')).json());
    expect(cart.member).toMatchObject({ first_name: 'Jo', is_guest: false });
    expect(cart.cart_products.map((line) => line.tag).sort()).toEqual([PARTS.alternator, PARTS.starter].sort());
    // The part already in the member's cart stays once.
    expect(cart.cart_products).toHaveLength(2);
  });

  it('names the signed-in member in the app props the page and the header read', async () => {
    const app = await shopApp({ loadRenderEntry: sourceRenderEntry });
    const member = await registered(app);

    const props = (await member.call('GET', '/app-props.json')).json().props;

    expect(props).toMatchObject({ isGuest: false, memberFirstName: 'Jo', memberIdentifier: expect.stringMatching(/^\d+$/) });
    const page = await app.inject({ method: 'GET', url: '/', headers: { cookie: member.cookie } });
    // The page's dehydrated query cache (the router's serialisation, not JSON) carries the props.
    expect(page.body).toContain('memberFirstName:"Jo"');
  });

  it('keeps the member’s cart from a new visitor after logout', async () => {
    const app = await shopApp();
    const member = await registered(app);
    const out = await expectOk(member.call('POST', '/members/logout'));
    member.adopt(out);
    expect(cartOf((await member.call('GET', '/carts/get-cart')).json()).cart_products).toEqual([]);
  });

  it('answers 401 for a wrong password, an unknown email and a guest', async () => {
    const app = await shopApp();
    await registered(app);
    const guest = await shopper(app);
    await withCart(guest);
    await expectOk(guest.call('POST', '/carts/update-shipping', guestForm({ email: 'sam@turner-motors.co.uk' })));
    const visitor = await shopper(app);
    for (const body of [
      { email: 'jo@fleetfix.co.uk', password: 'not the password!' },
      { email: 'nobody@example.com', password: PASSWORD },
      { email: 'sam@turner-motors.co.uk', password: '' + PASSWORD },
    ]) {
      const response = await visitor.call('POST', '/members/login', body);
      expect(response.statusCode, body.email).toBe(401);
      expect(response.json()).toEqual({ success: false, msg: t('members.login_failed') });
    }
  });

  it('answers 422 for empty fields and 403 without the CSRF token', async () => {
    const visitor = await shopper(await shopApp());
    const empty = await visitor.call('POST', '/members/login', { email: '', password: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ email: [t('validation.required_email')], password: [t('validation.required')] });
    expect((await visitor.call('POST', '/members/login', { email: 'jo@fleetfix.co.uk', password: PASSWORD }, { csrf: false })).statusCode).toBe(403);
    expect((await visitor.call('POST', '/members/logout', undefined, { csrf: false })).statusCode).toBe(403);
  });

  it('leaves the addresses typed as a guest with the guest account when a member signs in', async () => {
    const app = await shopApp();
    await registered(app);
    const visitor = await shopper(app);
    await withCart(visitor);
    const guestAddress = { ...guestForm().member_address, address1: '7 Wellington Street' };
    await expectOk(visitor.call('POST', '/carts/update-shipping', guestForm({ member_address: guestAddress })));
    visitor.adopt(await expectOk(visitor.call('POST', '/members/login', { email: 'jo@fleetfix.co.uk', password: PASSWORD })));
    const cart = cartOf((await visitor.call('GET', '/carts/get-cart')).json());
    expect(cart.billing_address?.address1).toBe('2 Mill Hill');
    const { db } = await testDatabase();
    const [billing] = await db.select().from(addresses).where(eq(addresses.id, cart.billing_address_id ?? 0));
    expect(billing?.memberId).toBe(cart.member_id);
  });
});
