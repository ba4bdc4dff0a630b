/**
 * The back office's sales work through the real calls: an order paid in the payment sandbox goes
 * picked → dispatched → delivered (each change mailed, pushed where allowed, shown in the
 * customer's own order list), an unpaid one is cancelled (its parts back on sale), refunds in part
 * and in full through the provider, once however often they are asked for; returns and part
 * requests along their steps. Who may make each call is the permission matrix's test.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '../../../../src/domain/orders';
import { auditLog, mailOutbox, members, orderRefunds, partRequests, parts, payments, pushOutbox, pushSubscriptions, returns, sandboxPaymentIntents, sandboxPaypalOrders, sandboxRefunds } from '../../../db/schema';
import { PARTS, shopper } from '../../../test/checkout';
import { testDatabase } from '../../../test/database';
import { paymentApp, payByCard, placeOrder, testClock, usePaymentData } from '../../../test/payments';
import { seedMember, seedOrder, seedPartRequest, seedReturn } from '../../../test/sales';
import { addOwner, addStaff, enrolAndSignIn, type StaffBrowser } from '../../../test/staff';

usePaymentData();
beforeEach(async () => {
  const { db } = await testDatabase();
  await db.execute(sql.raw('TRUNCATE "audit_log", "staff_recovery_codes", "staff_sessions", "staff", "sandbox_refunds", "push_outbox", "push_subscriptions", "return_files", "returns", "part_requests" RESTART IDENTITY CASCADE'));
});

interface Desk {
  app: FastifyInstance;
  sales: StaffBrowser;
  warehouse: StaffBrowser;
}

async function desk(): Promise<Desk> {
  const clock = testClock();
  const { app } = await paymentApp(clock, { RATE_LIMIT_SIGN_IN_MAX: '1000', RATE_LIMIT_MAX: '10000' });
  const { db } = await testDatabase();
  const staffClock = { now: clock, advance: clock.advance };
  await addOwner(db, staffClock);
  const owner = (await enrolAndSignIn(app, staffClock, 'owner@example.com')).browser;
  await addStaff(owner, 'sales');
  await addStaff(owner, 'warehouse');
  return { app, sales: (await enrolAndSignIn(app, staffClock, 'sales@example.com')).browser, warehouse: (await enrolAndSignIn(app, staffClock, 'warehouse@example.com')).browser };
}

const mails = async (to?: string) => {
  const { db } = await testDatabase();
  return db.select().from(mailOutbox).where(to ? eq(mailOutbox.to, to) : undefined).orderBy(mailOutbox.id);
};
const audits = async (action: string) => {
  const { db } = await testDatabase();
  return (await db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]?.n ?? 0;
};
const key = (name: string) => `refund-key-${name}-0123456789`;

describe('orders in the back office', () => {
  it('moves a paid order picked → dispatched (carrier and tracking) → delivered: one mail and push per change, the history, and the customer sees it in their account', async () => {
    const { app, sales, warehouse } = await desk();
    const { db } = await testDatabase();
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.alternator]);
    await payByCard(buyer, order.hash);
    const member = (await db.select({ id: members.id }).from(members))[0]?.id ?? 0;
    // The customer allowed pushes on one device.
    await db.insert(pushSubscriptions).values({ memberId: member, endpoint: 'https://push.example/abc', p256dh: 'p256dh-key', auth: 'auth-key', createdAt: new Date('2026-11-25T10:00:00Z') });
    const before = (await mails('sam@turner-motors.co.uk')).length;
    const url = `/web-api/admin/orders/${order.number}`;

    const early = await warehouse.post(`${url}/dispatch`, { carrier: 'DPD', tracking_number: '15501234567890' });
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toBe('This order is paid: it must be picked before it can be dispatched.');

    const picked = await warehouse.post(`${url}/pick`);
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().order).toMatchObject({ status: { id: ORDER_STATUS.PICKED, name: 'Being packed' }, next_steps: ['dispatch'], refundable: 0 });

    const bad = await sales.post(`${url}/dispatch`, { carrier: '', tracking_number: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['carrier', 'tracking_number']);

    const dispatched = await sales.post(`${url}/dispatch`, { carrier: 'DPD', tracking_number: '15501234567890' });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    expect(dispatched.json().order.shipment).toMatchObject({ carrier: 'DPD', tracking_number: '15501234567890' });
    // Sales may refund what the warehouse may not: the page offers it only to them.
    expect(dispatched.json().order.refundable).toBe(order.to_pay);

    const theirs = (await buyer.call('GET', '/orders/getList.json')).json().data.orders[0];
    expect(theirs).toMatchObject({ number: order.number, order_status: { name: 'Dispatched' }, shipment: { carrier: 'DPD', tracking_number: '15501234567890' } });

    expect((await warehouse.post(`${url}/deliver`)).statusCode).toBe(200);
    const page = (await sales.get(url)).json().order;
    expect(page.status.name).toBe('Delivered');
    expect(page.history.map((change: { to: { name: string }; staff_name: string }) => [change.to.name, change.staff_name])).toEqual([
      ['Paid', null],
      ['Being packed', 'warehouse person'],
      ['Dispatched', 'sales person'],
      ['Delivered', 'warehouse person'],
    ]);
    expect(page.lines[0]).toMatchObject({ tag: PARTS.alternator });

    const sent = (await mails('sam@turner-motors.co.uk')).slice(before);
    expect(sent.map((mail) => mail.subject)).toEqual([`Your order ${order.number} is being packed`, `Your order ${order.number} is on its way`, `Your order ${order.number} has been delivered`]);
    expect(sent[1]?.text).toContain('Tracking number: 15501234567890');
    expect(sent[1]?.text).toContain('DPD');
    expect(await db.select({ n: count() }).from(pushOutbox)).toEqual([{ n: 3 }]);
    expect([await audits('order.pick'), await audits('order.dispatch'), await audits('order.deliver')]).toEqual([1, 1, 1]);
    // A step twice is refused, naming why.
    expect((await warehouse.post(`${url}/deliver`)).json().msg).toBe('This order is delivered: it must be dispatched before it can be marked delivered.');
  });

  it('cancels an unpaid order: its parts are back on sale at once; a paid order cannot be cancelled, and nothing is fulfilled before payment', async () => {
    const { app, sales, warehouse } = await desk();
    const { db } = await testDatabase();
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.starter]);
    const statusOfPart = async () => (await db.select({ status: parts.status }).from(parts).where(eq(parts.tag, PARTS.starter)))[0]?.status;
    expect(await statusOfPart()).toBe('reserved');
    const url = `/web-api/admin/orders/${order.number}`;

    const pick = await warehouse.post(`${url}/pick`);
    expect(pick.statusCode).toBe(409);
    expect(pick.json().msg).toBe('This order is not paid yet: it cannot be picked.');

    const cancelled = await sales.post(`${url}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().order.status.name).toBe('Cancelled');
    expect(await statusOfPart()).toBe('available');
    // Another shopper can put it in a cart straight away.
    expect((await (await shopper(app)).call('POST', '/carts/add-item', { product: { tag: PARTS.starter } })).statusCode).toBe(200);
    expect((await mails('sam@turner-motors.co.uk')).at(-1)?.subject).toBe(`Your order ${order.number} has been cancelled`);
    expect((await sales.post(`${url}/cancel`)).statusCode).toBe(409);

    const paidOrder = await seedOrder(db, { status: ORDER_STATUS.PAID });
    const refused = await sales.post(`/web-api/admin/orders/${paidOrder.number}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('This order is paid: refund it instead of cancelling it.');
    expect(await audits('order.cancel')).toBe(1);
  });

  it('finds orders by number, e-mail, name, postcode and a part’s Tag; filters by status, payment method and date; sorts and pages', async () => {
    const { sales } = await desk();
    const { db } = await testDatabase();
    const first = await seedOrder(db, { status: ORDER_STATUS.PAID, email: 'kim@garage.example', toPay: 5_000, tag: 'TAGFIND1', at: new Date('2026-02-10T10:00:00Z') });
    const second = await seedOrder(db, { status: ORDER_STATUS.NOT_PAID, toPay: 9_000, at: new Date('2026-02-20T10:00:00Z') });
    const third = await seedOrder(db, { status: ORDER_STATUS.DISPATCHED, paidWith: 'paypal', toPay: 7_000, at: new Date('2026-03-01T10:00:00Z') });
    const numbers = async (query: string) => {
      const answer = await sales.get(`/web-api/admin/orders/list.json?${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().records.map((record: { number: string }) => record.number);
    };
    expect(await numbers(`q=${first.number}`)).toEqual([first.number]);
    expect(await numbers('q=KIM@garage')).toEqual([first.number]);
    expect(await numbers('q=tagfind1')).toEqual([first.number]);
    expect(await numbers('q=ls1%204ap')).toEqual([third.number, second.number, first.number]);
    expect(await numbers('q=Sam%20Turner&sort=total&direction=ASC')).toEqual([first.number, third.number, second.number]);
    expect(await numbers(`status=${ORDER_STATUS.NOT_PAID}`)).toEqual([second.number]);
    expect(await numbers('payment=PAYPAL')).toEqual([third.number]);
    expect(await numbers('payment=none')).toEqual([second.number]);
    expect(await numbers('from=2026-02-15&to=2026-02-28')).toEqual([second.number]);
    const bad = await sales.get('/web-api/admin/orders/list.json?from=15-02-2026&sort=price');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['from', 'sort']);
  });
});

describe('refunds', () => {
  it('refunds in part, then the rest: the parts add up, the order ends REFUNDED, more is refused naming the amount, and the sandbox shows each refund', async () => {
    const { app, sales } = await desk();
    const { db } = await testDatabase();
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.alternatorB]);
    const intent = await payByCard(buyer, order.hash);
    const url = `/web-api/admin/orders/${order.number}/refund`;

    const part = await sales.post(url, { amount: 1_000, idempotency_key: key('a') });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ msg: 'Refunded £10.00.', replayed: false, order: { status: { name: 'Paid' }, payment: { refunded: 1_000, status: 'partially_refunded' }, refundable: order.to_pay - 1_000 } });

    const tooMuch = await sales.post(url, { amount: order.to_pay - 999, idempotency_key: key('b') });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount).toEqual([`At most £${((order.to_pay - 1_000) / 100).toFixed(2)} can be refunded.`]);

    const rest = await sales.post(url, { amount: order.to_pay - 1_000, idempotency_key: key('c') });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().order).toMatchObject({ status: { id: ORDER_STATUS.REFUNDED, name: 'Refunded' }, payment: { refunded: order.to_pay, status: 'refunded' }, refundable: 0 });
    expect(rest.json().order.refunds.map((refund: { amount: number; state: string }) => [refund.amount, refund.state])).toEqual([
      [1_000, 'succeeded'],
      [order.to_pay - 1_000, 'succeeded'],
    ]);
    expect((await sales.post(url, { amount: 1, idempotency_key: key('d') })).json().msg).toBe('This order is refunded: there is nothing to refund.');

    // The provider's side: two refunds, the whole charge refunded.
    expect((await db.select({ amount: sandboxRefunds.amount }).from(sandboxRefunds).orderBy(sandboxRefunds.createdAt)).map((r) => r.amount).sort((a, b) => a - b)).toEqual([1_000, order.to_pay - 1_000].sort((a, b) => a - b));
    expect((await db.select({ refunded: sandboxPaymentIntents.amountRefunded }).from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, intent.cs_session)))[0]?.refunded).toBe(order.to_pay);
    // …and the sandbox's own page lists them against the payment.
    const sandboxPage = await app.inject({ method: 'GET', url: '/dev/payment-sandbox' });
    expect(sandboxPage.statusCode).toBe(200);
    expect(sandboxPage.body.split(intent.cs_session)).toHaveLength(3);
    const refundMails = (await mails('sam@turner-motors.co.uk')).filter((mail) => mail.subject === `Refund for your order ${order.number}`);
    expect(refundMails).toHaveLength(2);
    expect(await audits('order.refund')).toBe(2);
    // The member's own order list says REFUNDED.
    expect((await buyer.call('GET', '/orders/getList.json')).json().data.orders[0].order_status.name).toBe('Refunded');
  });

  it('refunds a PayPal payment through the PayPal sandbox', async () => {
    const { sales } = await desk();
    const { db } = await testDatabase();
    const order = await seedOrder(db, { status: ORDER_STATUS.DELIVERED, paidWith: 'paypal', toPay: 4_000 });
    const answer = await sales.post(`/web-api/admin/orders/${order.number}/refund`, { amount: 4_000, idempotency_key: key('paypal') });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().order.status.name).toBe('Refunded');
    expect((await db.select().from(sandboxPaypalOrders).where(eq(sandboxPaypalOrders.captureId, order.reference ?? '')))[0]).toMatchObject({ amountRefunded: 4_000, captureStatus: 'REFUNDED' });
  });

  it('makes a refund requested twice at once only once, with one key or two', async () => {
    const { sales } = await desk();
    const { db } = await testDatabase();
    const order = await seedOrder(db, { status: ORDER_STATUS.PAID, toPay: 8_000 });
    const url = `/web-api/admin/orders/${order.number}/refund`;
    const twice = await Promise.all([sales.post(url, { amount: 8_000, idempotency_key: key('same') }), sales.post(url, { amount: 8_000, idempotency_key: key('same') })]);
    expect(twice.map((answer) => answer.statusCode).sort()).toEqual(expect.arrayContaining([200]));
    for (const answer of twice) expect([200, 409], answer.body).toContain(answer.statusCode);
    // Asked again once both are done: the first refund, answered again.
    const again = await sales.post(url, { amount: 8_000, idempotency_key: key('same') });
    expect(again.json()).toMatchObject({ replayed: true, msg: 'This refund of £80.00 was made already.' });

    const other = await seedOrder(db, { status: ORDER_STATUS.PAID, toPay: 6_000 });
    const otherUrl = `/web-api/admin/orders/${other.number}/refund`;
    const twoKeys = await Promise.all([sales.post(otherUrl, { amount: 6_000, idempotency_key: key('one') }), sales.post(otherUrl, { amount: 6_000, idempotency_key: key('two') })]);
    expect(twoKeys.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);

    for (const seeded of [order, other]) {
      expect(await db.select({ n: count() }).from(orderRefunds).where(eq(orderRefunds.orderId, seeded.id))).toEqual([{ n: 1 }]);
      expect(await db.select({ n: count() }).from(sandboxRefunds).where(eq(sandboxRefunds.paymentReference, seeded.reference ?? ''))).toEqual([{ n: 1 }]);
      expect((await db.select().from(payments).where(eq(payments.orderId, seeded.id)))[0]).toMatchObject({ refundedAmount: seeded.toPay, status: 'refunded' });
      expect((await mails(seeded.email)).filter((mail) => mail.subject.startsWith('Refund for'))).toHaveLength(1);
    }
    expect(await audits('order.refund')).toBe(2);
  });
});

describe('returns in the back office', () => {
  it('approves a return with instructions, follows it back and refunds it through the provider; every step mails the customer; staff see the answers and photos', async () => {
    const { sales } = await desk();
    const { db } = await testDatabase();
    const made = await seedReturn(db);
    const url = `/web-api/admin/returns/${made.id}`;

    const queue = (await sales.get('/web-api/admin/returns/list.json?status=AWAITING_REVIEW')).json();
    expect(queue.records.map((record: { id: number }) => record.id)).toEqual([made.id]);
    const page = (await sales.get(url)).json().return;
    expect(page).toMatchObject({ status: 'AWAITING_REVIEW', next_steps: ['approve', 'reject'], photos: [{ id: made.fileId, field: 'photos' }], refund_amount: made.order.toPay });
    expect(page.answers.find((answer: { name: string }) => answer.name === 'not_fitting')?.value).toBe('The pulley is a different size.');
    expect(page.answers.map((answer: { name: string }) => answer.name)).not.toContain('photos');
    const photo = await sales.get(`${url}/photos/${made.fileId}`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect((await sales.get(`${url}/photos/${made.fileId + 1000}`)).statusCode).toBe(404);

    const early = await sales.post(`${url}/refund`, { amount: 1_000, idempotency_key: key('early') });
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toBe('This return is awaiting review: it must be delivered before it can be refunded.');

    const short = await sales.post(`${url}/approve`, { instructions: 'Post it', label_or_address: '' });
    expect(short.statusCode).toBe(422);
    expect(Object.keys(short.json().errors).sort()).toEqual(['instructions', 'label_or_address']);

    const approved = await sales.post(`${url}/approve`, { instructions: 'Pack it in its box and post it within 14 days.', label_or_address: 'PartsFinder UK Returns, Unit 4, Leeds LS1 4AP' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().return).toMatchObject({ status: 'APROVED', instructions: 'Pack it in its box and post it within 14 days.', next_steps: ['in_transit'] });
    expect((await sales.post(`${url}/in-transit`)).statusCode).toBe(200);
    expect((await sales.post(`${url}/delivered`)).statusCode).toBe(200);
    const refunded = await sales.post(`${url}/refund`, { amount: made.order.toPay, idempotency_key: key('return') });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().return).toMatchObject({ status: 'REFUNDED', order_status: { name: 'Refunded' }, next_steps: [] });
    expect((await sales.post(`${url}/reject`, { reason: 'Too late to reject this one.' })).json().msg).toBe('This return is refunded: it is closed.');

    expect((await db.select({ status: returns.status }).from(returns).where(eq(returns.id, made.id)))[0]?.status).toBe('REFUNDED');
    expect(await db.select({ n: count() }).from(sandboxRefunds).where(eq(sandboxRefunds.paymentReference, made.order.reference ?? ''))).toEqual([{ n: 1 }]);
    const sent = await mails(made.order.email);
    expect(sent.map((mail) => mail.subject)).toEqual([
      'Your return of Alternator, Volkswagen Golf is approved',
      'Your return of Alternator, Volkswagen Golf is on its way to us',
      'We have received your return of Alternator, Volkswagen Golf',
      'Your return of Alternator, Volkswagen Golf is refunded',
    ]);
    expect(sent[0]?.text).toContain('PartsFinder UK Returns, Unit 4, Leeds LS1 4AP');
    expect([await audits('return.approve'), await audits('return.in_transit'), await audits('return.delivered'), await audits('return.refund')]).toEqual([1, 1, 1, 1]);
  });

  it('refunds a return once when two refunds of it are asked for at once, with different keys', async () => {
    const { sales } = await desk();
    const { db } = await testDatabase();
    const order = await seedOrder(db, { status: ORDER_STATUS.DELIVERED, toPay: 10_000 });
    const made = await seedReturn(db, 'DELIVERED', order);
    const url = `/web-api/admin/returns/${made.id}/refund`;
    const both = await Promise.all([sales.post(url, { amount: 3_000, idempotency_key: key('ret-one') }), sales.post(url, { amount: 3_000, idempotency_key: key('ret-two') })]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await db.select({ n: count() }).from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toEqual([{ n: 1 }]);
    expect((await db.select().from(payments).where(eq(payments.orderId, order.id)))[0]?.refundedAmount).toBe(3_000);
    expect(await audits('return.refund')).toBe(1);
  });

  it('rejects a return with the reason the customer reads', async () => {
    const { sales } = await desk();
    const { db } = await testDatabase();
    const made = await seedReturn(db);
    const rejected = await sales.post(`/web-api/admin/returns/${made.id}/reject`, { reason: 'The part was fitted and damaged on fitting.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().return).toMatchObject({ status: 'REJECTED', rejection_reason: 'The part was fitted and damaged on fitting.' });
    expect((await mails(made.order.email)).at(-1)?.text).toContain('The part was fitted and damaged on fitting.');
  });
});

describe('part requests in the back office', () => {
  it('finds requests by registration (spaces and case ignored), e-mail, name or the part asked for', async () => {
    const { sales } = await desk();
    const { db } = await testDatabase();
    const alternator = await seedPartRequest(db);
    const [headlight] = await db
      .insert(partRequests)
      .values({ carReg: 'LM70HZY', email: 'sam@garage.co.uk', name: 'Sam Spanner', partName: 'LEFT HEADLIGHT', sessionId: 'seed-search', createdAt: new Date('2026-03-02T09:00:00Z') })
      .returning({ id: partRequests.id });
    const found = async (q: string) => ((await sales.get(`/web-api/admin/part-requests/list.json?q=${encodeURIComponent(q)}`)).json() as { records: { id: number }[] }).records.map((record) => record.id);
    expect(await found('lm70 hzy')).toEqual([headlight?.id]);
    expect(await found('headlight')).toEqual([headlight?.id]);
    expect(await found('sam@garage')).toEqual([headlight?.id]);
    expect(await found('alternator')).toEqual([alternator]);
    expect(await found('nobody asked')).toEqual([]);
    expect((await sales.get('/web-api/admin/part-requests/list.json')).json().records).toHaveLength(2);
  });

  it('answers a request searching, then found with a part on sale, which the member sees with a link to buy it', async () => {
    const { app, sales } = await desk();
    const { db } = await testDatabase();
    const memberId = await seedMember(db, 'jo@fleetfix.co.uk');
    const id = await seedPartRequest(db, 'new', memberId);
    const url = `/web-api/admin/part-requests/${id}`;

    expect((await sales.post(`${url}/status`, { status: 'searching' })).json().request.status.code).toBe('searching');
    expect((await sales.post(`${url}/status`, { status: 'searching' })).statusCode).toBe(409);
    const sold = await sales.post(`${url}/status`, { status: 'found', part: PARTS.sold });
    expect(sold.statusCode).toBe(422);
    expect(sold.json().errors.part).toEqual(['This part is sold: choose one on sale.']);
    expect((await sales.post(`${url}/status`, { status: 'found', part: 'NO-SUCH-PART' })).json().errors.part).toEqual(['No part has this id or stock number.']);
    expect((await sales.post(`${url}/status`, { status: 'found' })).json().errors.part).toEqual(['Give the part’s id or stock number.']);

    const [part] = await db.select({ id: parts.id }).from(parts).where(eq(parts.tag, PARTS.headlight));
    const found = await sales.post(`${url}/status`, { status: 'found', part: String(part?.id) });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().request).toMatchObject({ status: { code: 'found' }, found_part: { tag: PARTS.headlight, status: 'available' }, next_steps: [] });

    // The member's own list links to the part.
    const { token, session } = await app.sessions.start(memberId);
    const names = app.sessionCookies.names;
    const list = await app.inject({ method: 'GET', url: '/web-api/part-requests/get-list.json', headers: { cookie: `${names.session}=${token}; ${names.csrf}=${session.csrfToken}` } });
    expect(list.json().data.records[0].part_url).toMatch(new RegExp(`/${PARTS.headlight}$`));
    const sent = await db.select().from(mailOutbox).where(and(eq(mailOutbox.to, (await db.select({ email: sql<string>`email` }).from(sql`part_requests`))[0]?.email ?? '')));
    expect(sent.map((mail) => mail.subject)).toEqual(['We are looking for your Alternator', 'We found your Alternator']);
    expect(sent[1]?.text).toContain(`/${PARTS.headlight}`);
    expect(await audits('part_request.found')).toBe(1);
  });
});
