import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { t } from '../../../src/domain/messages';
import { accountDeletions, addresses, enquiries, memberProfiles, members, memberTokens, orders, partRequests, parts, productNotifications, sessions, wishlistItems } from '../../db/schema';
import { accountApp, ACCOUNT_PASSWORD, browserAt, companyRegistration, expectStatus, registeredMember, signIn, useAccountData } from '../../test/accounts';
import { expectOk, PARTS, readyCart } from '../../test/checkout';
import { testDatabase } from '../../test/database';

useAccountData();

const JO = 'jo.bloggs@example.co.uk';

/** The details form from what GET answered, with changes. */
function detailsForm(changes: Record<string, unknown> = {}) {
  return {
    email: JO,
    first_name: 'Jo',
    last_name: 'Bloggs',
    type: 'PRIVATE',
    newsletter: false,
    same_shipping_address: true,
    member_profile: { mobile: '07700 900456', phone: '', questionnaire: '' },
    member_address: { first_name: 'Jo', last_name: 'Bloggs', address1: '4 Canal Street', city: 'Manchester', county: 'Greater Manchester', postcode: 'M1 3HE', country_id: 235 },
    ...changes,
  };
}

describe('GET and POST /members/member-details.json', () => {
  it('answers the signed-in member\'s own details', async () => {
    const app = await accountApp();
    const member = await registeredMember(app);
    const answer = (await expectOk(member.call('GET', '/members/member-details.json'))).json();
    expect(answer.memberDetails).toMatchObject({
      id: member.id,
      email: JO,
      first_name: 'Jo',
      type: 'PRIVATE',
      newsletter: true,
      same_shipping_address: true,
      member_profile: { mobile: '07700 900456', company_name: '', vat_no: '' },
      billing_address: { address_type: 'BOTH', postcode: 'M1 3HE', country: { name: 'United Kingdom' } },
      delivery_address: null,
    });
    expect(JSON.parse(answer.memberDetails.member_profile.questionnaire).how_heard.answers).toEqual(['eBay']);
  });

  it('saves changes, adds a delivery address, and clears company fields when a company becomes private', async () => {
    const app = await accountApp();
    const member = await registeredMember(app, companyRegistration());
    const delivery = { first_name: 'Pat', last_name: 'Lee', address1: '9 Dock Road', city: 'Hull', county: 'East Yorkshire', postcode: 'HU1 1AA', country_id: 235, phone: '01482 000000' };
    const saved = await expectOk(
      member.call('POST', '/members/member-details.json', detailsForm({ email: 'jo@newmail.co.uk', first_name: 'Joanne', same_shipping_address: false, shipping: delivery, member_address: { ...detailsForm().member_address, company_name: 'Left over', vat_no: 'GB980780684' } })),
    );
    expect(saved.json()).toMatchObject({
      success: true,
      msg: t('members.details_saved'),
      memberDetails: {
        email: 'jo@newmail.co.uk',
        first_name: 'Joanne',
        type: 'PRIVATE',
        member_profile: { company_name: '', vat_no: '' },
        billing_address: { address_type: 'BILLING', company_name: '', vat_no: '', first_name: 'Jo' },
        delivery_address: { address_type: 'DELIVERY', postcode: 'HU1 1AA', vat_no: '' },
      },
    });
    await expectStatus(signIn(await browserAt(app, '203.0.113.9'), 'jo@newmail.co.uk', ACCOUNT_PASSWORD), 200);
  });

  const wrong: [key: string, body: Record<string, unknown>][] = [
    ['email', detailsForm({ email: '' })],
    ['first_name', detailsForm({ first_name: '' })],
    ['last_name', detailsForm({ last_name: '' })],
    ['member_profile_mobile', detailsForm({ member_profile: { mobile: '', phone: '', questionnaire: '' } })],
    ['member_addresses_0_first_name', detailsForm({ member_address: { ...detailsForm().member_address, first_name: '' } })],
    ['member_addresses_0_address1', detailsForm({ member_address: { ...detailsForm().member_address, address1: '' } })],
    ['member_addresses_0_county', detailsForm({ member_address: { ...detailsForm().member_address, county: '' } })],
    ['member_addresses_0_postcode', detailsForm({ member_address: { ...detailsForm().member_address, postcode: 'XYZ' } })],
    ['member_addresses_0_city', detailsForm({ member_address: { ...detailsForm().member_address, city: '' } })],
    ['member_addresses_0_country_id', detailsForm({ member_address: { ...detailsForm().member_address, country_id: 0 } })],
    ['member_addresses_0_company_name', detailsForm({ type: 'COMPANY', member_address: { ...detailsForm().member_address, vat_no: 'GB980780684' } })],
    ['member_addresses_0_vat_no', detailsForm({ type: 'COMPANY', member_address: { ...detailsForm().member_address, company_name: 'Fleetfix Ltd' } })],
  ];

  it.each(wrong)('names %s when it is wrong and changes nothing', async (key, body) => {
    const app = await accountApp();
    const member = await registeredMember(app);
    const response = await expectStatus(member.call('POST', '/members/member-details.json', body), 422);
    expect(Object.keys(response.json().errors)).toEqual([key]);
    const { db } = await testDatabase();
    expect(await db.select({ firstName: members.firstName, email: members.email }).from(members)).toEqual([{ firstName: 'Jo', email: JO }]);
  });

  it('refuses another member\'s e-mail address with 422 on email', async () => {
    const app = await accountApp();
    await registeredMember(app, { email: 'taken@example.co.uk' });
    const member = await registeredMember(app);
    const response = await expectStatus(member.call('POST', '/members/member-details.json', detailsForm({ email: 'TAKEN@example.co.uk' })), 422);
    expect(response.json().errors).toEqual({ email: [t('members.email_registered')] });
  });

  it('is 401 signed out, for reading and saving', async () => {
    const app = await accountApp();
    await registeredMember(app);
    const visitor = await browserAt(app);
    await expectStatus(visitor.call('GET', '/members/member-details.json'), 401);
    await expectStatus(visitor.call('POST', '/members/member-details.json', detailsForm()), 401);
  });
});

describe('POST /members/delete-account', () => {
  it('needs a known reason (422 on reason_for_deletion_id) and deletes nothing without one', async () => {
    const app = await accountApp();
    const member = await registeredMember(app);
    for (const reason of ['', 0, '999', 'abc']) {
      const response = await expectStatus(member.call('POST', '/members/delete-account', { reason_for_deletion_id: reason }), 422);
      expect(response.json().errors).toEqual({ reason_for_deletion_id: [t('members.deletion_reason_required')] });
    }
    await expectStatus(member.call('POST', '/members/delete-account', {}), 422);
    expect((await member.call('GET', '/check')).statusCode).toBe(200);
  });

  it('erases the personal data, keeps the orders anonymised, ends every session, and frees the address', async () => {
    const app = await accountApp();
    const member = await registeredMember(app);
    const phone = await browserAt(app, '203.0.113.70');
    await expectStatus(signIn(phone, JO, ACCOUNT_PASSWORD), 200);
    await readyCart(member, [PARTS.alternatorB]);
    await expectOk(member.call('PATCH', '/carts/create-order'));
    const { db } = await testDatabase();
    await db.insert(wishlistItems).values({ memberId: member.id, tag: PARTS.starter, createdAt: new Date() });
    // The member's rows in the other modules' tables (each erased by its module's own step).
    const [starter] = await db.select({ partTypeId: parts.partTypeId, makeId: parts.makeId, modelId: parts.modelId }).from(parts).where(eq(parts.tag, PARTS.starter));
    await db.insert(partRequests).values({ carReg: 'AB12CDE', email: JO, name: 'Jo Bloggs', phone: '07700 900456', partName: 'Starter motor', memberId: member.id, sessionId: 'test' });
    await db.insert(enquiries).values({ formName: 'Enquiry form', productType: 'part', productRef: PARTS.starter, productName: 'Starter motor', firstName: 'Jo', lastName: 'Bloggs', phoneNumber: '07700 900456', emailAddress: JO, contactByPhone: true, contactByEmail: true, message: 'Does it fit?', memberId: member.id, sessionId: 'test' });
    await db.insert(productNotifications).values({ partTag: PARTS.starter, partTypeId: starter!.partTypeId, makeId: starter!.makeId, modelId: starter!.modelId, partName: 'Starter motor', makeName: 'Ford', modelName: 'Focus', firstName: 'Jo', lastName: 'Bloggs', email: JO, memberId: member.id, sessionId: 'test' });
    await expectOk(member.call('POST', '/members/forgotten-password', { email: JO }));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const reasons = (await expectOk(member.call('GET', '/reason-for-deletions/get-list'))).json().data as Record<string, string>;
    const [reasonId] = Object.keys(reasons);
    const response = await expectStatus(member.call('POST', '/members/delete-account', { reason_for_deletion_id: reasonId }), 200);
    expect(response.json()).toEqual({ success: true, msg: t('members.account_deleted'), redirect: '/' });
    member.adopt(response);

    expect((await member.call('GET', '/check')).statusCode).toBe(401);
    expect((await phone.call('GET', '/check')).statusCode).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.memberId, member.id))).toEqual([]);

    const [row] = await db.select().from(members).where(eq(members.id, member.id));
    expect(row).toMatchObject({ email: `deleted-${member.id}@deleted.invalid`, passwordHash: null, firstName: '', lastName: '', newsletter: false });
    expect(await db.select().from(memberProfiles).where(eq(memberProfiles.memberId, member.id))).toEqual([]);
    expect(await db.select().from(wishlistItems).where(eq(wishlistItems.memberId, member.id))).toEqual([]);
    expect(await db.select().from(productNotifications).where(eq(productNotifications.memberId, member.id))).toEqual([]);
    const deleted = `deleted-${member.id}@deleted.invalid`;
    expect(await db.select({ email: partRequests.email, name: partRequests.name, phone: partRequests.phone }).from(partRequests).where(eq(partRequests.memberId, member.id))).toEqual([
      { email: deleted, name: 'Deleted customer', phone: null },
    ]);
    expect(
      await db
        .select({ firstName: enquiries.firstName, lastName: enquiries.lastName, emailAddress: enquiries.emailAddress, phoneNumber: enquiries.phoneNumber, message: enquiries.message })
        .from(enquiries)
        .where(eq(enquiries.memberId, member.id)),
    ).toEqual([{ firstName: 'Deleted customer', lastName: '', emailAddress: deleted, phoneNumber: '', message: '' }]);
    expect(await db.select().from(memberTokens).where(eq(memberTokens.memberId, member.id))).toEqual([]);
    for (const address of await db.select().from(addresses).where(eq(addresses.memberId, member.id))) {
      expect([address.firstName, address.lastName, address.address1, address.postcode, address.phone]).toEqual(['', '', '', '', '']);
    }
    const [order] = await db.select().from(orders).where(eq(orders.memberId, member.id));
    expect(order?.email).toBe(`deleted-${member.id}@deleted.invalid`);
    expect(order?.billingAddress).toMatchObject({ first_name: 'Deleted customer', last_name: '', address1: '', phone: '' });
    expect(order?.deliveryAddress).toMatchObject({ first_name: 'Deleted customer', last_name: '', address1: '' });
    expect(await db.select({ memberId: accountDeletions.memberId, reason: accountDeletions.deletionReasonId }).from(accountDeletions)).toEqual([{ memberId: member.id, reason: Number(reasonId) }]);

    // The old address no longer signs in, and may register again.
    const browser = await browserAt(app, '203.0.113.90');
    await expectStatus(signIn(browser, JO, ACCOUNT_PASSWORD), 401);
    await registeredMember(app, {}, '203.0.113.91');
  });

  it('is 401 signed out', async () => {
    const app = await accountApp();
    const visitor = await browserAt(app);
    await expectStatus(visitor.call('POST', '/members/delete-account', { reason_for_deletion_id: 1 }), 401);
  });
});

describe('GET /reason-for-deletions/get-list', () => {
  it('answers the seeded reasons as id → text', async () => {
    const app = await accountApp();
    const response = await expectStatus(app.inject({ method: 'GET', url: '/web-api/reason-for-deletions/get-list' }), 200);
    const data = response.json().data as Record<string, string>;
    expect(Object.keys(data)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(data['8']).toBe('Other');
  });
});

describe('every account call is the signed-in member\'s own', () => {
  it('answers one member only their own details, whatever the other member does', async () => {
    const app = await accountApp();
    const first = await registeredMember(app);
    const second = await registeredMember(app, { email: 'second@example.co.uk', first_name: 'Sam' }, '203.0.113.30');
    expect((await expectOk(first.call('GET', '/members/member-details.json'))).json().memberDetails.email).toBe(JO);
    expect((await expectOk(second.call('GET', '/members/member-details.json'))).json().memberDetails.email).toBe('second@example.co.uk');
    await expectOk(second.call('POST', '/members/member-details.json', detailsForm({ email: 'second@example.co.uk', first_name: 'Samuel' })));
    expect((await expectOk(first.call('GET', '/members/member-details.json'))).json().memberDetails.first_name).toBe('Jo');
  });
});
