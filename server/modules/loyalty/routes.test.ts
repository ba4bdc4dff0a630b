/**
 * The loyalty programme's calls (SPEC §2, §3, §7): the levels and the page's texts for anyone, a
 * member's own progress from their paid orders only, 401 signed out, 404 for another member's id,
 * and nothing at all with the discountThresholds flag off.
 */
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { getDiscountThresholds, getDiscountThresholdStatics, getMemberProgress } from '../../../src/contract/loyalty';
import { members } from '../../db/schema';
import { expectOk, guestForm, PARTS, PASSWORD, shopper, type Shopper } from '../../test/checkout';
import { testDatabase } from '../../test/database';
import { payByCard, paymentApp, placeOrder, usePaymentData } from '../../test/payments';

usePaymentData();

const LEVELS = [
  { id: 1, name: 'Bronze', color: 'rgba(176, 115, 64, 1)', icon: 'medal-bronze', discount: 0, amount_from: 0, amount_to: 50_000 },
  { id: 2, name: 'Silver', color: 'rgba(142, 148, 155, 1)', icon: 'medal-silver', discount: 2.5, amount_from: 50_000, amount_to: 200_000 },
  { id: 3, name: 'Gold', color: 'rgba(201, 162, 39, 1)', icon: 'medal-gold', discount: 5, amount_from: 200_000, amount_to: 500_000 },
  { id: 4, name: 'Platinum', color: 'rgba(90, 110, 140, 1)', icon: 'medal-platinum', discount: 7.5, amount_from: 500_000, amount_to: null },
];

/** A visitor who signs up at checkout with `tags` in the cart; their session is then the member's. */
async function memberWithCart(app: FastifyInstance, email: string, tags: readonly string[]): Promise<Shopper> {
  const buyer = await shopper(app);
  for (const tag of tags) await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag } }));
  await expectOk(buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 }));
  buyer.adopt(await expectOk(buyer.call('POST', '/carts/update-shipping', guestForm({ is_guest: false, email, password: PASSWORD, confirm_password: PASSWORD }))));
  return buyer;
}

async function idOf(buyer: Shopper): Promise<number> {
  const session = await buyer.app.sessions.resolve(buyer.sessionToken);
  if (session?.memberId == null) throw new Error('not signed in');
  return session.memberId;
}

const progressOf = async (buyer: Shopper, memberId: number) =>
  getMemberProgress.response.parse((await expectOk(buyer.call('GET', `/discount-thresholds/get-member-progress/${memberId}`))).json()).data;

describe('GET /web-api/discount-thresholds/get-member-progress/{memberId}', () => {
  it("counts the member's paid orders only: progress, remaining and the levels", async () => {
    const { app } = await paymentApp();
    const jo = await memberWithCart(app, 'jo@fleetfix.co.uk', [PARTS.engine]);
    const id = await idOf(jo);

    expect(await progressOf(jo, id)).toEqual({ discountThresholds: LEVELS, percent: 0, remaining: 50_000, turnover: 0, currentThresholdId: 1, nextThresholdId: 2 });

    const engine = await placeOrder(jo, [], { ready: false });
    // Placed but not paid: nothing counts yet.
    expect(await progressOf(jo, id)).toMatchObject({ turnover: 0, currentThresholdId: 1 });

    await payByCard(jo, engine.hash);
    const afterEngine = await progressOf(jo, id);
    expect(afterEngine.turnover).toBe(engine.to_pay);
    expect(afterEngine).toMatchObject({ currentThresholdId: 2, nextThresholdId: 3, remaining: 200_000 - engine.to_pay, percent: Math.floor(((engine.to_pay - 50_000) * 100) / 150_000) });

    // A second paid order adds up; an unpaid third does not.
    await expectOk(jo.call('POST', '/carts/add-item', { product: { tag: PARTS.headlight } }));
    await expectOk(jo.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 }));
    await expectOk(jo.call('POST', '/carts/update-shipping', guestForm({ is_guest: false, email: 'jo@fleetfix.co.uk' })));
    const headlight = await placeOrder(jo, [], { ready: false });
    await payByCard(jo, headlight.hash);
    await expectOk(jo.call('POST', '/carts/add-item', { product: { tag: PARTS.starter } }));
    await expectOk(jo.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 }));
    await expectOk(jo.call('POST', '/carts/update-shipping', guestForm({ is_guest: false, email: 'jo@fleetfix.co.uk' })));
    await placeOrder(jo, [], { ready: false });

    const total = engine.to_pay + headlight.to_pay;
    expect(await progressOf(jo, id)).toMatchObject({ turnover: total, remaining: Math.max(0, 200_000 - total) });

    // The cart's loyalty level is the page's current level.
    await expectOk(jo.call('POST', '/carts/add-item', { product: { tag: PARTS.mirror } }));
    const cart = (await expectOk(jo.call('GET', '/carts/get-cart'))).json().cart;
    expect(cart.member.discount_threshold.id).toBe((await progressOf(jo, id)).currentThresholdId);
  });

  it("answers another member's id, or one nobody has, with 404 and no data; signed out or a guest with 401", async () => {
    const { app } = await paymentApp();
    const jo = await memberWithCart(app, 'jo@fleetfix.co.uk', [PARTS.engine]);
    const alex = await memberWithCart(app, 'alex@garage.co.uk', [PARTS.starter]);
    const joId = await idOf(jo);
    const alexId = await idOf(alex);

    for (const id of [alexId, 999_999]) {
      const response = await jo.call('GET', `/discount-thresholds/get-member-progress/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, msg: 'Not found' });
    }

    const anonymous = await app.inject({ method: 'GET', url: `/web-api/discount-thresholds/get-member-progress/${joId}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.cookies).toEqual([]);
    expect(anonymous.json()).toEqual({ success: false, msg: 'Please sign in to see your loyalty discount.' });

    // A checkout guest has a member row but no account: even a session naming it is nobody here.
    const guest = await shopper(app);
    await placeOrder(guest, [PARTS.mirror]);
    const { db } = await testDatabase();
    const [guestRow] = await db.select({ id: members.id }).from(members).where(eq(members.isGuest, true));
    const guestId = guestRow?.id ?? 0;
    const { token } = await app.sessions.rotate(await app.sessions.resolve(guest.sessionToken), guestId);
    guest.cookie = `${app.sessionCookies.names.session}=${token}`;
    expect((await guest.call('GET', `/discount-thresholds/get-member-progress/${guestId}`)).statusCode).toBe(401);

    expect((await jo.call('GET', '/discount-thresholds/get-member-progress/abc')).statusCode).toBe(422);
  });

  it('reads a member signed in through the login form the same way', async () => {
    const { app } = await paymentApp();
    const { db } = await testDatabase();
    const [row] = await db.insert(members).values({ email: 'sam@example.co.uk', passwordHash: await hash(PASSWORD), firstName: 'Sam', lastName: 'Turner' }).returning({ id: members.id });
    const sam = await shopper(app);
    sam.adopt(await expectOk(sam.call('POST', '/members/login', { email: 'sam@example.co.uk', password: PASSWORD })));

    expect(await progressOf(sam, row?.id ?? 0)).toMatchObject({ turnover: 0, currentThresholdId: 1, nextThresholdId: 2 });
  });
});

describe('the public loyalty calls', () => {
  it('answers the levels and the texts to anyone, without a session, shared caches asking again each time (staff edit them)', async () => {
    const { app } = await paymentApp();

    const levels = await app.inject({ method: 'GET', url: '/web-api/discount-thresholds/get-all.json' });
    expect(levels.statusCode).toBe(200);
    expect(getDiscountThresholds.response.parse(levels.json()).thresholds).toEqual(LEVELS);
    expect(levels.cookies).toEqual([]);
    expect(levels.headers['cache-control']).toBe('public, no-cache');

    const statics = await app.inject({ method: 'GET', url: '/web-api/static-contents/get-discount-thresholds-statics.json' });
    expect(statics.statusCode).toBe(200);
    const texts = getDiscountThresholdStatics.response.parse(statics.json()).statics;
    expect(texts.loyalty_discounts_top_text).toContain('<h2>Spend more, save more</h2>');
    expect(texts.loyalty_discounts_bottom_text).toContain('orders placed as a guest do not count');
    expect(statics.cookies).toEqual([]);
  });

  it('has none of the loyalty calls with the discountThresholds flag off', async () => {
    const { app } = await paymentApp(undefined, { FEATURE_DISCOUNT_THRESHOLDS: '0' });
    const jo = await memberWithCart(app, 'jo@fleetfix.co.uk', [PARTS.starter]);

    for (const url of ['/discount-thresholds/get-all.json', '/static-contents/get-discount-thresholds-statics.json', `/discount-thresholds/get-member-progress/${await idOf(jo)}`]) {
      const response = await jo.call('GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ success: false, msg: 'Not found' });
    }
  });
});
