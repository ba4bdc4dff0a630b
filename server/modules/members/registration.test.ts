import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formFieldOfServerKey, QUESTIONNAIRE } from '../../../src/domain/member-forms';
import { t } from '../../../src/domain/messages';
import { addresses, memberProfiles, members } from '../../db/schema';
import { accountApp, browserAt, companyRegistration, expectStatus, privateRegistration, registeredMember, signIn, ACCOUNT_PASSWORD, useAccountData } from '../../test/accounts';
import { expectOk, PARTS } from '../../test/checkout';
import { testDatabase } from '../../test/database';

useAccountData();

const errorsOf = (body: string) => (JSON.parse(body) as { errors?: Record<string, string[]> }).errors ?? {};

describe('POST /members/register', () => {
  it('makes a private member, signs them in (new cookies, the cart joined) and answers where to go', async () => {
    const app = await accountApp();
    const browser = await browserAt(app);
    await expectOk(browser.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    const before = { session: browser.sessionToken, csrf: browser.csrfToken };

    const response = await expectStatus(browser.call('POST', '/members/register', privateRegistration()), 200);
    const answer = response.json();
    expect(answer).toMatchObject({ success: true, redirect: '/panel/#/client/orders', first_name: 'Jo', last_name: 'Bloggs' });
    expect(answer.msg).toContain('Jo');
    browser.adopt(response);
    expect(browser.sessionToken).not.toBe(before.session);
    expect(browser.csrfToken).not.toBe(before.csrf);

    expect((await browser.call('GET', '/check')).json()).toEqual({ success: true });
    const cart = (await expectOk(browser.call('GET', '/carts/get-cart'))).json();
    expect(cart.cart.cart_products.map((line: { tag: string }) => line.tag)).toEqual([PARTS.alternator]);

    const { db } = await testDatabase();
    const [member] = await db.select().from(members).where(eq(members.id, answer.id));
    expect(member).toMatchObject({ email: 'jo.bloggs@example.co.uk', isGuest: false, type: 'PRIVATE', newsletter: true, firstName: 'Jo' });
    expect(member?.passwordHash).toMatch(/^\$argon2id\$/);
    const [profile] = await db.select().from(memberProfiles).where(eq(memberProfiles.memberId, answer.id));
    expect(JSON.parse(profile?.questionnaire ?? '')).toEqual({
      content_topics: { question: QUESTIONNAIRE.PRIVATE[0]?.question, answers: ['Offers and discounts', 'Other'], other: 'Classic Minis' },
      communication_methods: { question: 'How would you like us to contact you?', answers: ['Email'], other: '' },
      how_heard: { question: 'How did you hear about us?', answers: ['eBay'], other: '' },
    });
    const rows = await db.select().from(addresses).where(eq(addresses.memberId, answer.id));
    expect(rows).toMatchObject([{ addressType: 'BOTH', firstName: 'Jo', postcode: 'M1 3HE', companyName: '', vatNo: '' }]);

    // The new password signs in from another browser.
    const other = await browserAt(app, '198.51.100.99');
    await expectStatus(signIn(other, 'JO.BLOGGS@example.co.uk', ACCOUNT_PASSWORD), 200);
  });

  it('makes a company member with its name, VAT number, questionnaire and a separate delivery address', async () => {
    const app = await accountApp();
    const browser = await browserAt(app);
    const body = companyRegistration({
      same_shipping_address: false,
      shipping: { first_name: 'Pat', last_name: 'Lee', company_name: 'Fleetfix Depot', address1: '9 Dock Road', city: 'Hull', county: 'East Yorkshire', postcode: 'hu1 1aa', country_id: 235, phone: '01482 000000' },
    });
    const answer = (await expectStatus(browser.call('POST', '/members/register', body), 200)).json();

    const { db } = await testDatabase();
    const [profile] = await db.select().from(memberProfiles).where(eq(memberProfiles.memberId, answer.id));
    expect(profile).toMatchObject({ companyName: 'Fleetfix Ltd', vatNo: '980780684', mobile: '07700 900789', phone: '0113 496 0000' });
    expect(JSON.parse(profile?.questionnaire ?? '').how_heard).toEqual({ question: 'How did you hear about us?', answers: ['Other'], other: 'Trade show' });
    const rows = await db.select().from(addresses).where(eq(addresses.memberId, answer.id));
    expect(rows.map((row) => [row.addressType, row.companyName, row.vatNo, row.postcode])).toEqual([
      ['BILLING', 'Fleetfix Ltd', '980780684', 'LS3 1LH'],
      ['DELIVERY', 'Fleetfix Depot', '', 'HU1 1AA'],
    ]);
  });

  it('refuses a company without the companyAccount flag, on type', async () => {
    const app = await accountApp({ env: { FEATURE_COMPANY_ACCOUNT: '0' } });
    const browser = await browserAt(app);
    const response = await browser.call('POST', '/members/register', companyRegistration());
    expect(response.statusCode).toBe(422);
    expect(Object.keys(errorsOf(response.body))).toContain('type');
  });

  // SPEC §5: each required or ruled field, wrong, is named by its server field key and nothing is stored.
  const wrongFields: [key: string, body: Record<string, unknown>][] = [
    ['email', privateRegistration({ email: '' })],
    ['email', privateRegistration({ email: 'jo.bloggs@' })],
    ['password', privateRegistration({ password: 'short!', confirm_password: 'short!' })],
    ['password', privateRegistration({ password: 'nospecialcharacters1', confirm_password: 'nospecialcharacters1' })],
    ['confirm_password', privateRegistration({ confirm_password: 'Gearbox-and-clutch#2' })],
    ['confirm_password', privateRegistration({ confirm_password: '' })],
    ['first_name', privateRegistration({ first_name: ' ' })],
    ['last_name', privateRegistration({ last_name: '' })],
    ['member_profile_mobile', privateRegistration({ member_profile: { ...privateRegistration().member_profile, mobile: '' } })],
    ['member_profile_mobile', privateRegistration({ member_profile: { ...privateRegistration().member_profile, mobile: 'call me' } })],
    ['member_profile_phone', privateRegistration({ member_profile: { ...privateRegistration().member_profile, phone: 'abc' } })],
    ['member_addresses_0_first_name', privateRegistration({ member_address: { ...privateRegistration().member_address, first_name: '' } })],
    ['member_addresses_0_last_name', privateRegistration({ member_address: { ...privateRegistration().member_address, last_name: '' } })],
    ['member_addresses_0_address1', privateRegistration({ member_address: { ...privateRegistration().member_address, address1: '' } })],
    ['member_addresses_0_county', privateRegistration({ member_address: { ...privateRegistration().member_address, county: '' } })],
    ['member_addresses_0_postcode', privateRegistration({ member_address: { ...privateRegistration().member_address, postcode: '' } })],
    ['member_addresses_0_postcode', privateRegistration({ member_address: { ...privateRegistration().member_address, postcode: 'NOT A CODE' } })],
    ['member_addresses_0_city', privateRegistration({ member_address: { ...privateRegistration().member_address, city: '' } })],
    ['member_addresses_0_country_id', privateRegistration({ member_address: { ...privateRegistration().member_address, country_id: 99_999 } })],
    ['member_addresses_0_company_name', companyRegistration({ member_address: { ...companyRegistration().member_address, company_name: '' } })],
    ['member_addresses_0_vat_no', companyRegistration({ member_address: { ...companyRegistration().member_address, vat_no: '' } })],
    ['member_addresses_0_vat_no', companyRegistration({ member_address: { ...companyRegistration().member_address, vat_no: 'GB123456789' } })],
    ['member_addresses_1_postcode', privateRegistration({ same_shipping_address: false, shipping: { first_name: 'Jo', last_name: 'Bloggs', address1: '1 Road', city: 'Leeds', county: 'West Yorkshire', postcode: '', country_id: 235 } })],
    ['member_addresses_1_first_name', privateRegistration({ same_shipping_address: false, shipping: { first_name: '', last_name: 'Bloggs', address1: '1 Road', city: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 4AP', country_id: 235 } })],
    ['member_profile_questionnaire', privateRegistration({ member_profile: { ...privateRegistration().member_profile, questionnaire: 'not json' } })],
    ['member_profile_questionnaire_how_heard', privateRegistration({ member_profile: { ...privateRegistration().member_profile, questionnaire: JSON.stringify({ how_heard: { answers: [] } }) } })],
    [
      'member_profile_questionnaire_how_heard_other',
      privateRegistration({ member_profile: { ...privateRegistration().member_profile, questionnaire: JSON.stringify({ how_heard: { answers: ['Other'], other: 'TV' } }) } }),
    ],
    [
      'member_profile_questionnaire_business_type',
      companyRegistration({ member_profile: { ...companyRegistration().member_profile, questionnaire: JSON.stringify({ business_type: { answers: ['Florist'] }, purchase_frequency: { answers: ['Weekly'] }, how_heard: { answers: ['eBay'] } }) } }),
    ],
    ['agree_terms', privateRegistration({ agree_terms: false })],
  ];

  it.each(wrongFields)('names %s when it is wrong, and stores no member', async (key, body) => {
    const app = await accountApp();
    const browser = await browserAt(app);
    const response = await browser.call('POST', '/members/register', body);
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(errorsOf(response.body))).toEqual([key]);
    expect(formFieldOfServerKey(key)).not.toContain('_addresses_');
    const { db } = await testDatabase();
    expect(await db.select().from(members)).toEqual([]);
    expect((await browser.call('GET', '/check')).statusCode).toBe(401);
  });

  it('refuses an address that already has an account (any case) with 422 on email, and keeps the first account', async () => {
    const app = await accountApp();
    await registeredMember(app);
    const browser = await browserAt(app);
    const response = await expectStatus(browser.call('POST', '/members/register', privateRegistration({ email: 'Jo.Bloggs@Example.co.uk', first_name: 'Other' })), 422);
    expect(errorsOf(response.body)).toEqual({ email: [t('members.email_registered')] });
    const { db } = await testDatabase();
    expect(await db.select({ firstName: members.firstName }).from(members)).toEqual([{ firstName: 'Jo' }]);
  });

  it('is refused without the CSRF token', async () => {
    const app = await accountApp();
    const browser = await browserAt(app);
    expect((await browser.call('POST', '/members/register', privateRegistration(), { csrf: false })).statusCode).toBe(403);
  });
});

describe('GET /static-contents/get-sign-up-statics.json', () => {
  it('answers the five agreement texts of the registration form', async () => {
    const app = await accountApp();
    const response = await expectStatus(app.inject({ method: 'GET', url: '/web-api/static-contents/get-sign-up-statics.json' }), 200);
    const { data } = response.json() as { data: Record<string, string> };
    expect(Object.keys(data).sort()).toEqual(['agree_direct_marketing', 'agree_marketing', 'agree_privacy', 'agree_terms', 'gdpr_clause']);
    expect(data.agree_terms).toContain('terms and conditions');
    expect(data.gdpr_clause).toContain('Information Commissioner');
  });
});
