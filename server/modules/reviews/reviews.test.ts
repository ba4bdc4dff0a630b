/**
 * Reviews from real buyers (issue 32): a member reviews a line of a delivered order once; the
 * review is not shown until content staff approve it, then the part pages of its part type list
 * it with the buyer's first name as a verified buyer and count it in the rating; a rejected one
 * carries its reason to the member. Someone who did not buy the line (or nobody) cannot review
 * it, an undelivered line or a second review is refused with the reason, bad input is 422 naming
 * the field with nothing written, and the invitation round mails each delivered order once, a
 * week after delivery.
 */
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { adminReviewList } from '../../../src/contract/admin-reviews';
import { getPartPage, getReviews } from '../../../src/contract/catalogue';
import { createReview, getMyReviews } from '../../../src/contract/reviews';
import { ORDER_STATUS } from '../../../src/domain/orders';
import { auditLog, buyerReviews, mailOutbox, orderProducts, orderShipments, parts } from '../../db/schema';
import { accountApp, browserAt, expectStatus, registeredMember, testClock, useAccountData } from '../../test/accounts';
import { PARTS } from '../../test/checkout';
import { testDatabase } from '../../test/database';
import { seedOrder } from '../../test/sales';
import { addOwner, addStaff, enrolAndSignIn } from '../../test/staff';

const DAY = 86_400_000;
const REVIEW = { rate: 4, title: 'Fitted first time', content: 'Charging at 14.2 V.\nWould buy again.' };

useAccountData();

/** A one-line order of `tag` for the member, delivered `deliveredAt` unless told another status. */
async function boughtOrder(memberId: number, tag: string, { status = ORDER_STATUS.DELIVERED, deliveredAt }: { status?: number; deliveredAt?: Date } = {}) {
  const { db } = await testDatabase();
  const [part] = await db.select({ id: parts.id }).from(parts).where(eq(parts.tag, tag));
  if (!part) throw new Error(`no part ${tag}`);
  const order = await seedOrder(db, { status, memberId, tag });
  await db.update(orderProducts).set({ partId: part.id }).where(eq(orderProducts.id, order.lineId));
  if (deliveredAt) await db.update(orderShipments).set({ deliveredAt }).where(eq(orderShipments.orderId, order.id));
  return order;
}

async function shown(app: FastifyInstance, tag: string) {
  const page = getPartPage.response.parse((await app.inject({ method: 'GET', url: `/web-api/products/part/${tag}.json` })).json());
  const [part] = await (await testDatabase()).db.select({ id: parts.id }).from(parts).where(eq(parts.tag, tag));
  const reviews = getReviews.response.parse((await app.inject({ method: 'GET', url: `/web-api/product-reviews/getList.json?product_id=${part?.id}&page=1` })).json());
  return { rating: page.rating, records: reviews.records, count: reviews.paginator.count };
}

async function reviewCount(): Promise<number> {
  const [row] = await (await testDatabase()).db.select({ n: count() }).from(buyerReviews);
  return row?.n ?? 0;
}

describe('reviews from real buyers', () => {
  it('takes one review of a delivered line from its buyer, shows it once content staff approve it, and refuses the rest with the reason', { timeout: 300_000 }, async () => {
    const clock = testClock('2026-03-02T09:00:00Z');
    const app = await accountApp({ clock });
    const { db } = await testDatabase();
    const buyer = await registeredMember(app, { email: 'jo.buyer@example.co.uk', first_name: 'Jo' });
    const stranger = await registeredMember(app, { email: 'al.stranger@example.co.uk', first_name: 'Al' }, '198.51.100.8');
    const delivered = await boughtOrder(buyer.id, PARTS.alternator, { deliveredAt: new Date('2026-02-27T12:00:00Z') });
    const paidOnly = await boughtOrder(buyer.id, PARTS.starter, { status: ORDER_STATUS.PAID });
    // Another part of the same type: its page shows the alternator buyer's review too.
    const before = await shown(app, PARTS.alternatorB);

    // Nobody signed in: 401; no CSRF token: 403; another member's line: 404 (they did not buy it).
    const visitor = await browserAt(app, '198.51.100.9');
    await expectStatus(visitor.call('POST', `/reviews/lines/${delivered.lineId}`, REVIEW), 401);
    await expectStatus(visitor.call('GET', '/reviews/mine.json'), 401);
    await expectStatus(buyer.call('POST', `/reviews/lines/${delivered.lineId}`, REVIEW, { csrf: false }), 403);
    const notTheirs = await expectStatus(stranger.call('POST', `/reviews/lines/${delivered.lineId}`, REVIEW), 404);
    expect(notTheirs.json().msg).toBe('No such order line among your orders: only a buyer of the part can review it.');
    await expectStatus(buyer.call('POST', '/reviews/lines/99999999', REVIEW), 404);

    // Bad input: 422 naming each field, nothing written.
    const bad = await expectStatus(buyer.call('POST', `/reviews/lines/${delivered.lineId}`, { rate: 6, title: '   ', content: '' }), 422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['content', 'rate', 'title']);
    await expectStatus(buyer.call('POST', `/reviews/lines/${delivered.lineId}`, { ...REVIEW, title: 'Two\nlines' }), 422);
    // Not delivered yet: refused with the reason.
    const early = await expectStatus(buyer.call('POST', `/reviews/lines/${paidOnly.lineId}`, REVIEW), 409);
    expect(early.json().msg).toBe('You can review this part once your order has been delivered.');
    expect(await reviewCount()).toBe(0);

    const sent = await expectStatus(buyer.call('POST', `/reviews/lines/${delivered.lineId}`, REVIEW), 201);
    const { record, msg } = createReview.response.parse(sent.json());
    expect(msg).toBe('Thank you: your review will be shown once we have checked it.');
    expect(record).toEqual({ id: expect.any(Number), order_product_id: delivered.lineId, ...REVIEW, status: 'pending', reject_reason: null, created: clock().toISOString() });
    const again = await expectStatus(buyer.call('POST', `/reviews/lines/${delivered.lineId}`, { ...REVIEW, rate: 1 }), 409);
    expect(again.json().msg).toBe('You have already reviewed this part.');
    expect(getMyReviews.response.parse((await expectStatus(buyer.call('GET', '/reviews/mine.json'), 200)).json()).records).toEqual([record]);
    expect(getMyReviews.response.parse((await expectStatus(stranger.call('GET', '/reviews/mine.json'), 200)).json()).records).toEqual([]);
    // Held: the part pages show nothing new.
    expect(await shown(app, PARTS.alternatorB)).toEqual(before);

    // The back office: sales staff may not moderate; content staff approve, audited.
    const staffClock = { now: () => clock(), advance: (ms: number) => clock.advance(ms) };
    await addOwner(db, staffClock);
    const owner = (await enrolAndSignIn(app, staffClock, 'owner@example.com')).browser;
    await addStaff(owner, 'content');
    await addStaff(owner, 'sales');
    const content = (await enrolAndSignIn(app, staffClock, 'content@example.com')).browser;
    const sales = (await enrolAndSignIn(app, staffClock, 'sales@example.com')).browser;
    expect((await sales.get('/web-api/admin/reviews.json')).statusCode).toBe(403);
    expect((await sales.post(`/web-api/admin/reviews/${record.id}/approve`)).statusCode).toBe(403);
    const listed = adminReviewList.response.parse((await content.get('/web-api/admin/reviews.json')).json());
    expect(listed.counts).toEqual({ pending: 1, approved: 0, rejected: 0 });
    const queue = listed.records;
    expect(queue).toEqual([
      expect.objectContaining({ id: record.id, status: 'pending', first_name: 'Jo', order_number: delivered.number, tag: PARTS.alternator, title: REVIEW.title, rate: 4 }),
    ]);
    expect((await content.get('/web-api/admin/reviews.json?status=waiting')).statusCode).toBe(422);

    const approved = await content.post(`/web-api/admin/reviews/${record.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().record).toMatchObject({ status: 'approved', moderated_at: clock().toISOString() });
    expect((await content.post(`/web-api/admin/reviews/${record.id}/reject`, { reason: 'Too late' })).statusCode).toBe(409);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'review.approve'));
    expect(audit).toMatchObject({ entity: 'review', entityId: String(record.id), before: { status: 'pending' } });

    // Shown on the pages of its part type, with the first name, as a verified buyer, and counted.
    const after = await shown(app, PARTS.alternatorB);
    expect(after.count).toBe(before.count + 1);
    expect(after.records).toContainEqual({ id: record.id, created: record.created, rate: 4, name: 'Jo', title: REVIEW.title, content: REVIEW.content, verified: true });
    expect(after.rating?.count).toBe(before.count + 1);

    // A rejected review: never shown; the member reads the reason; a reason is required.
    const second = await boughtOrder(buyer.id, PARTS.headlight, { deliveredAt: new Date('2026-02-28T12:00:00Z') });
    const secondReview = createReview.response.parse((await expectStatus(buyer.call('POST', `/reviews/lines/${second.lineId}`, { ...REVIEW, rate: 1 }), 201)).json()).record;
    const noReason = await content.post(`/web-api/admin/reviews/${secondReview.id}/reject`, { reason: ' ' });
    expect(noReason.statusCode).toBe(422);
    expect(Object.keys(noReason.json().errors)).toEqual(['reason']);
    expect((await content.post(`/web-api/admin/reviews/${secondReview.id}/reject`, { reason: 'Names another shop.' })).statusCode).toBe(200);
    const mine = getMyReviews.response.parse((await buyer.call('GET', '/reviews/mine.json')).json()).records;
    expect(mine.find((review) => review.id === secondReview.id)).toMatchObject({ status: 'rejected', reject_reason: 'Names another shop.' });
    expect((await shown(app, PARTS.headlight)).records.some((review) => review.verified)).toBe(false);
    expect((await content.post('/web-api/admin/reviews/99999999/approve')).statusCode).toBe(404);
    await app.close();
  });

  it('mails the buyer of each delivered order once, a week after delivery, and not for an order delivered long ago', { timeout: 120_000 }, async () => {
    const clock = testClock('2026-03-10T09:00:00Z');
    const app = await accountApp({ clock });
    const { db } = await testDatabase();
    const buyer = await registeredMember(app, { email: 'jo.buyer@example.co.uk', first_name: 'Jo' });
    const order = await boughtOrder(buyer.id, PARTS.alternator, { deliveredAt: new Date(clock().getTime() - 6 * DAY) });
    await boughtOrder(buyer.id, PARTS.starter, { deliveredAt: new Date(clock().getTime() - 45 * DAY) });
    const invitations = async () => db.select().from(mailOutbox).where(eq(mailOutbox.subject, `How did your parts from order ${order.number} work out?`));

    expect(await app.reviewInvitations.runRound()).toEqual({ mailed: 0 });
    clock.advance(DAY + 60_000);
    expect(await app.reviewInvitations.runRound()).toEqual({ mailed: 1 });
    expect(await app.reviewInvitations.runRound()).toEqual({ mailed: 0 });
    const mails = await invitations();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: order.email });
    expect(mails[0]?.text).toMatch(/^Hello Jo,/);
    expect(mails[0]?.text).toContain('/panel/client/orders');
    expect(mails[0]?.text).toContain('Alternator, Volkswagen Golf');
    await app.close();
  });
});
