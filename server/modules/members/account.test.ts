import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { getReviews } from '../../../src/contract/catalogue';
import { t } from '../../../src/domain/messages';
import { ORDER_STATUS } from '../../../src/domain/orders';
import { vehicleLabel } from '../../../src/domain/trade-buyers';
import type { Database } from '../../db/client';
import {
  accountDeletions,
  addresses,
  alertMessages,
  alertNotifications,
  buyerReviews,
  enquiries,
  mailOutbox,
  garageVehicles,
  memberProfiles,
  members,
  memberTokens,
  orderLineVehicles,
  orderProducts,
  orders,
  partRequests,
  parts,
  productNotifications,
  pushOutbox,
  pushSubscriptions,
  savedSearches,
  sessions,
  stockAlerts,
  warrantyCertificates,
  wishlistItems,
} from '../../db/schema';
import { accountApp, ACCOUNT_PASSWORD, browserAt, companyRegistration, expectStatus, registeredMember, signIn, useAccountData } from '../../test/accounts';
import { expectOk, PARTS, readyCart } from '../../test/checkout';
import { testDatabase } from '../../test/database';
import { seedOrder } from '../../test/sales';
import { stockChangedHere } from '../catalogue/index';

useAccountData();

const JO = 'jo.bloggs@example.co.uk';
const SEEDED_AT = new Date('2026-03-02T12:00:00Z');

/**
 * A member's rows in the trade buyers' modules: a garage vehicle (the current one), a saved search
 * with its alert and an alert of a make, model and year (which no other row takes with it), one
 * part told and one waiting, a push device with a push queued, and the vehicle and warranty
 * certificate of an order line of theirs, all for registration `vrn`.
 */
async function seedTradeRows(db: Database, memberId: number, line: { id: number; orderId: number }, vrn: string) {
  const vehicle = { vrn, make: 'Ford', model: 'Focus', year: 2012 };
  await db.insert(garageVehicles).values({ memberId, ...vehicle, isCurrent: true, createdAt: SEEDED_AT });
  const [search] = await db.insert(savedSearches).values({ memberId, name: `${vrn} – Alternator`, params: { vrn }, createdAt: SEEDED_AT }).returning({ id: savedSearches.id });
  const [searchAlert, vehicleAlert] = await db
    .insert(stockAlerts)
    .values([
      { memberId, kind: 'search', savedSearchId: search!.id, label: `${vrn} – Alternator`, createdAt: SEEDED_AT },
      { memberId, kind: 'vehicle', vehicle: { make: 'Ford', model: 'Focus', year: 2012 }, label: '2012 Ford Focus', createdAt: SEEDED_AT },
    ])
    .returning({ id: stockAlerts.id });
  const [message] = await db.insert(alertMessages).values({ alertId: searchAlert!.id, periodStart: SEEDED_AT, sentAt: SEEDED_AT, parts: 1 }).returning({ id: alertMessages.id });
  await db.insert(alertNotifications).values([
    { alertId: searchAlert!.id, partId: 1, matchedAt: SEEDED_AT, messageId: message!.id },
    { alertId: vehicleAlert!.id, partId: 2, matchedAt: SEEDED_AT },
  ]);
  const [device] = await db
    .insert(pushSubscriptions)
    .values({ memberId, endpoint: `https://push.example/${vrn}`, p256dh: 'p256dh', auth: 'auth', label: 'Chrome on Android', createdAt: SEEDED_AT })
    .returning({ id: pushSubscriptions.id });
  await db.insert(pushOutbox).values({ subscriptionId: device!.id, payload: { title: 'New parts for your Ford Focus', body: vrn, url: '/account/garage' }, createdAt: SEEDED_AT });
  await db.insert(orderLineVehicles).values({ orderProductId: line.id, ...vehicle, label: vehicleLabel(vehicle), compatibility: 1 });
  await db.insert(warrantyCertificates).values({
    number: `WC-TEST-${vrn}`,
    orderProductId: line.id,
    orderId: line.orderId,
    issuedAt: SEEDED_AT,
    startsAt: SEEDED_AT,
    endsAt: new Date(SEEDED_AT.getTime() + 90 * 86_400_000),
    document: { vehicle: { label: '2012 Ford Focus', vrn, fit: 'Fits your 2012 Ford Focus' } },
  });
  return { alertIds: [searchAlert!.id, vehicleAlert!.id], deviceId: device!.id, lineId: line.id };
}

/** What the trade buyers' modules hold of a member seeded by seedTradeRows. */
async function tradeRowsOf(db: Database, memberId: number, seeded: Awaited<ReturnType<typeof seedTradeRows>>) {
  return {
    garage: (await db.select({ vrn: garageVehicles.vrn }).from(garageVehicles).where(eq(garageVehicles.memberId, memberId))).map((row) => row.vrn),
    searches: (await db.select({ params: savedSearches.params }).from(savedSearches).where(eq(savedSearches.memberId, memberId))).map((row) => row.params),
    alerts: (await db.select({ label: stockAlerts.label }).from(stockAlerts).where(eq(stockAlerts.memberId, memberId)).orderBy(asc(stockAlerts.id))).map((row) => row.label),
    told: await db.select({ partId: alertNotifications.partId, told: alertNotifications.messageId }).from(alertNotifications).where(inArray(alertNotifications.alertId, seeded.alertIds)).orderBy(asc(alertNotifications.partId)),
    messages: (await db.select({ parts: alertMessages.parts }).from(alertMessages).where(inArray(alertMessages.alertId, seeded.alertIds))).length,
    devices: (await db.select({ label: pushSubscriptions.label }).from(pushSubscriptions).where(eq(pushSubscriptions.memberId, memberId))).map((row) => row.label),
    pushes: (await db.select({ body: pushOutbox.payload }).from(pushOutbox).where(eq(pushOutbox.subscriptionId, seeded.deviceId))).map((row) => row.body.body),
    lineVehicle: await db
      .select({ vrn: orderLineVehicles.vrn, make: orderLineVehicles.make, model: orderLineVehicles.model, year: orderLineVehicles.year, label: orderLineVehicles.label })
      .from(orderLineVehicles)
      .where(eq(orderLineVehicles.orderProductId, seeded.lineId)),
    certificate: (await db.select({ document: warrantyCertificates.document }).from(warrantyCertificates).where(eq(warrantyCertificates.orderProductId, seeded.lineId))).map((row) => row.document),
  };
}

/** The reviews a part's page lists, as a visitor (and the answer cache) sees them. */
async function reviewsShown(app: FastifyInstance, partId: number) {
  const response = await expectStatus(app.inject({ method: 'GET', url: `/web-api/product-reviews/getList.json?product_id=${partId}&page=1` }), 200);
  return getReviews.response
    .parse(response.json())
    .records.filter((review) => review.verified)
    .map((review) => ({ name: review.name, title: review.title, content: review.content }));
}

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
    await readyCart(member, [PARTS.alternatorB, PARTS.starter]);
    await expectOk(member.call('PATCH', '/carts/create-order'));
    const { db } = await testDatabase();
    // Another member's rows in the same tables, which the deletion leaves as they are.
    const other = await registeredMember(app, { email: 'alex.other@example.co.uk', first_name: 'Alex' }, '203.0.113.72');
    const otherOrder = await seedOrder(db, { memberId: other.id, tag: PARTS.alternator, status: ORDER_STATUS.DELIVERED });
    const lines = await db
      .select({ id: orderProducts.id, orderId: orderProducts.orderId, tag: orderProducts.tag })
      .from(orderProducts)
      .innerJoin(orders, eq(orders.id, orderProducts.orderId))
      .where(eq(orders.memberId, member.id));
    const alternatorLine = lines.find((line) => line.tag === PARTS.alternatorB)!;
    const starterLine = lines.find((line) => line.tag === PARTS.starter)!;
    const memberTrade = await seedTradeRows(db, member.id, alternatorLine, 'AB12CDE');
    const otherTrade = await seedTradeRows(db, other.id, { id: otherOrder.lineId, orderId: otherOrder.id }, 'CD34EFG');
    // Buyers' reviews: the member's approved one and one awaiting moderation; the other member's approved one.
    const partOf = async (tag: string) => (await db.select({ id: parts.id, partTypeId: parts.partTypeId }).from(parts).where(eq(parts.tag, tag)))[0]!;
    const [alternatorPart, starterPart] = [await partOf(PARTS.alternatorB), await partOf(PARTS.starter)];
    await db.insert(buyerReviews).values([
      { orderProductId: alternatorLine.id, memberId: member.id, partId: alternatorPart.id, partTypeId: alternatorPart.partTypeId, rate: 5, title: 'Spot on', content: 'Fitted in an hour.', status: 'approved', createdAt: new Date('2026-03-03T09:00:00Z') },
      { orderProductId: starterLine.id, memberId: member.id, partId: starterPart.id, partTypeId: starterPart.partTypeId, rate: 2, title: 'Noisy', content: 'Jo from Manchester here.', createdAt: new Date('2026-03-03T10:00:00Z') },
      { orderProductId: otherOrder.lineId, memberId: other.id, partId: alternatorPart.id, partTypeId: alternatorPart.partTypeId, rate: 4, title: 'Good value', content: 'Works.', status: 'approved', createdAt: new Date('2026-03-02T09:00:00Z') },
    ]);
    // Read once before the deletion, so the answer is kept (the answer cache) with the member's
    // first name (the checkout's form renamed them Sam).
    expect(await reviewsShown(app, alternatorPart.id)).toEqual([
      { name: 'Sam', title: 'Spot on', content: 'Fitted in an hour.' },
      { name: 'Alex', title: 'Good value', content: 'Works.' },
    ]);
    expect(await tradeRowsOf(db, member.id, memberTrade)).toMatchObject({ garage: ['AB12CDE'], devices: ['Chrome on Android'], pushes: ['AB12CDE'], messages: 1 });
    const otherBefore = await tradeRowsOf(db, other.id, otherTrade);
    await db.insert(wishlistItems).values({ memberId: member.id, tag: PARTS.starter, createdAt: new Date() });
    // The member's rows in the other modules' tables (each erased by its module's own step).
    const [starter] = await db.select({ partTypeId: parts.partTypeId, makeId: parts.makeId, modelId: parts.modelId }).from(parts).where(eq(parts.tag, PARTS.starter));
    await db.insert(partRequests).values({ carReg: 'AB12CDE', email: JO, name: 'Jo Bloggs', phone: '07700 900456', partName: 'Starter motor', memberId: member.id, sessionId: 'test' });
    await db.insert(enquiries).values({ formName: 'Enquiry form', productType: 'part', productRef: PARTS.starter, productName: 'Starter motor', firstName: 'Jo', lastName: 'Bloggs', phoneNumber: '07700 900456', emailAddress: JO, contactByPhone: true, contactByEmail: true, message: 'Does it fit?', memberId: member.id, sessionId: 'test' });
    await db.insert(productNotifications).values({ partTag: PARTS.starter, partTypeId: starter!.partTypeId, makeId: starter!.makeId, modelId: starter!.modelId, partName: 'Starter motor', makeName: 'Ford', modelName: 'Focus', firstName: 'Jo', lastName: 'Bloggs', email: JO, memberId: member.id, sessionId: 'test' });
    await expectOk(member.call('POST', '/members/forgotten-password', { email: JO }));
    await new Promise((resolve) => setTimeout(resolve, 200));

    // Mails in the outbox: one sent to the member (its address written in capitals by whoever sent
    // it) and one still waiting (the forgotten-password mail above); the other member's stay.
    await db.insert(mailOutbox).values({ to: JO.toUpperCase(), subject: 'Your order', text: 'Dear Jo Bloggs', sentAt: new Date('2026-03-03T09:00:00Z') });
    const mailsTo = async (email: string) => (await db.select({ to: mailOutbox.to, subject: mailOutbox.subject }).from(mailOutbox)).filter((mail) => mail.to.toLowerCase() === email);
    expect((await mailsTo(JO)).length).toBeGreaterThanOrEqual(2);
    const otherMails = await mailsTo('alex.other@example.co.uk');

    const reasons = (await expectOk(member.call('GET', '/reason-for-deletions/get-list'))).json().data as Record<string, string>;
    const [reasonId] = Object.keys(reasons);
    const response = await expectStatus(member.call('POST', '/members/delete-account', { reason_for_deletion_id: reasonId }), 200);
    expect(response.json()).toEqual({ success: true, msg: t('members.account_deleted'), redirect: '/' });
    expect(await mailsTo(JO)).toEqual([]);
    expect(await mailsTo('alex.other@example.co.uk')).toEqual(otherMails);
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

    // The garage, saved searches, alerts (with what they told and had still to tell) and push
    // devices (with their pushes) go; the order line's vehicle and certificate keep the make,
    // model and year but not the registration. The other member's rows are as they were.
    expect(await tradeRowsOf(db, member.id, memberTrade)).toEqual({
      garage: [],
      searches: [],
      alerts: [],
      told: [],
      messages: 0,
      devices: [],
      pushes: [],
      lineVehicle: [{ vrn: null, make: 'Ford', model: 'Focus', year: 2012, label: '2012 Ford Focus' }],
      certificate: [{ vehicle: { label: '2012 Ford Focus', vrn: null, fit: 'Fits your 2012 Ford Focus' } }],
    });
    expect(await tradeRowsOf(db, other.id, otherTrade)).toEqual(otherBefore);
    // Reviews: the one awaiting moderation goes; the approved one keeps its text, shown without the
    // member's name once this process reads the stock version again (as it does every poll).
    expect(await db.select({ title: buyerReviews.title, status: buyerReviews.status }).from(buyerReviews).where(eq(buyerReviews.memberId, member.id))).toEqual([{ title: 'Spot on', status: 'approved' }]);
    expect(await db.select({ title: buyerReviews.title }).from(buyerReviews).where(and(eq(buyerReviews.memberId, other.id), eq(buyerReviews.status, 'approved')))).toEqual([{ title: 'Good value' }]);
    await stockChangedHere();
    expect(await reviewsShown(app, alternatorPart.id)).toEqual([
      { name: '', title: 'Spot on', content: 'Fitted in an hour.' },
      { name: 'Alex', title: 'Good value', content: 'Works.' },
    ]);

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
