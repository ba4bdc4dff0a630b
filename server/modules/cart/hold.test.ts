// api-suite: both engines (holds end once, claimed with SKIP LOCKED)
/**
 * The cart hold (issue 32): a part put in a cart is held for that shopper for CART_HOLD_MINUTES,
 * the cart answers when, others see it held rather than sold, the round ends each hold once and
 * 'hold again' holds it anew while the part is free. The shop's clock is the test's.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartSchema } from '../../../src/contract/cart';
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import { parts } from '../../db/schema';
import { seedAccounts } from '../../seed/accounts';
import { ACCOUNT_PASSWORD, registeredMember, signIn, testClock } from '../../test/accounts';
import { expectOk, PARTS, readyCart, shopApp, shopper, type Shopper } from '../../test/checkout';
import { testDatabase } from '../../test/database';
import { useCheckoutData } from '../../test/checkout';

useCheckoutData();

const MINUTE = 60_000;
const START = '2026-11-28T10:00:00.000Z';

async function statusOf(tag: string) {
  const { db } = await testDatabase();
  const [part] = await db.select({ status: parts.status }).from(parts).where(eq(parts.tag, tag));
  return part?.status;
}

const cartOf = async (buyer: Shopper) => cartSchema.parse((await expectOk(buyer.call('GET', '/carts/get-cart'))).json().cart);
const lineOf = async (buyer: Shopper, tag: string) => (await cartOf(buyer)).cart_products.find((line) => line.tag === tag);
const add = (buyer: Shopper, tag: string) => buyer.call('POST', '/carts/add-item', { product: { tag } });
const partPage = async (buyer: Shopper, tag: string) => (await expectOk(buyer.call('GET', `/products/part/${tag}.json`))).json().product as { status: string; cart_held_until: string | null };

async function holdingApp(env: Record<string, string> = {}) {
  const clock = testClock(START);
  const app = await shopApp({ clock, env: { CART_HOLD_MINUTES: '30', ...env } });
  return { app, clock };
}

describe('the cart hold', () => {
  it('holds a part put in a cart for 30 minutes, answers its end, and others see it in someone’s cart', async () => {
    const { app } = await holdingApp();
    const [buyer, other] = [await shopper(app), await shopper(app)];
    await expectOk(add(buyer, PARTS.alternator));

    expect(await lineOf(buyer, PARTS.alternator)).toMatchObject({ held_until: '2026-11-28T10:30:00.000Z', hold_seconds_left: 1800, status: 'available', gone: false });
    expect(await statusOf(PARTS.alternator)).toBe('reserved');
    expect(await partPage(other, PARTS.alternator)).toMatchObject({ status: 'reserved', cart_held_until: '2026-11-28T10:30:00.000Z' });

    const refused = await add(other, PARTS.alternator);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(t('cart.part_unavailable', { name: 'Ford Focus Alternator', tag: PARTS.alternator }));
    // Adding it again to the cart holding it is no refusal.
    expect((await expectOk(add(buyer, PARTS.alternator))).json().msg).toBe(t('cart.item_already_in_cart', { name: 'Ford Focus Alternator' }));
  });

  it('ends each hold once in the round, even with two processes at it, and the part is free again', async () => {
    const { app, clock } = await holdingApp();
    const second = await shopApp({ clock, env: { CART_HOLD_MINUTES: '30' } });
    const [buyer, other] = [await shopper(app), await shopper(app)];
    await expectOk(add(buyer, PARTS.alternator));

    clock.advance(29 * MINUTE);
    expect((await app.cartHolds.runRound()).released).toEqual([]);
    expect(await lineOf(buyer, PARTS.alternator)).toMatchObject({ hold_seconds_left: 60 });

    clock.advance(MINUTE);
    const rounds = await Promise.all([app.cartHolds.runRound(), second.cartHolds.runRound()]);
    expect(rounds.flatMap((round) => round.released)).toEqual([PARTS.alternator]);
    expect((await app.cartHolds.runRound()).released).toEqual([]);
    expect(await statusOf(PARTS.alternator)).toBe('available');
    expect(await lineOf(buyer, PARTS.alternator)).toMatchObject({ held_until: '2026-11-28T10:30:00.000Z', hold_seconds_left: 0, gone: false });
    expect(await partPage(other, PARTS.alternator)).toMatchObject({ status: 'available', cart_held_until: null });

    await expectOk(add(other, PARTS.alternator));
    expect(await lineOf(buyer, PARTS.alternator)).toMatchObject({ gone: true });
  });

  it('puts the part back on sale when its line is removed', async () => {
    const { app } = await holdingApp();
    const buyer = await shopper(app);
    const line = cartSchema.parse((await expectOk(add(buyer, PARTS.starter))).json().cart).cart_products[0];
    await expectOk(buyer.call('DELETE', `/carts/delete-item/${line?.id}`));
    expect(await statusOf(PARTS.starter)).toBe('available');
  });

  it('puts the parts of a deleted account’s cart back on sale at once', async () => {
    const { app } = await holdingApp();
    const member = await registeredMember(app);
    await expectOk(add(member, PARTS.starter));
    expect(await statusOf(PARTS.starter)).toBe('reserved');
    await seedAccounts((await testDatabase()).db);
    const reasons = (await expectOk(member.call('GET', '/reason-for-deletions/get-list'))).json().data as Record<string, string>;
    await expectOk(member.call('POST', '/members/delete-account', { reason_for_deletion_id: Object.keys(reasons)[0] }));
    expect(await statusOf(PARTS.starter)).toBe('available');
    expect(await partPage(await shopper(app), PARTS.starter)).toMatchObject({ status: 'available', cart_held_until: null });
  });

  it('hands the hold to the order: the round leaves an ordered part alone', async () => {
    const { app, clock } = await holdingApp();
    const buyer = await shopper(app);
    await readyCart(buyer, [PARTS.alternator]);
    await expectOk(buyer.call('PATCH', '/carts/create-order'));
    clock.advance(31 * MINUTE);
    expect((await app.cartHolds.runRound()).released).toEqual([]);
    expect(await statusOf(PARTS.alternator)).toBe('reserved');
  });

  it('keeps a visitor’s hold when the visitor signs in and the carts join', async () => {
    const { app, clock } = await holdingApp();
    const member = await registeredMember(app);
    await expectOk(add(member, PARTS.starter));
    const visitor = await shopper(app);
    await expectOk(add(visitor, PARTS.alternator));
    await expectOk(signIn(visitor, 'jo.bloggs@example.co.uk', ACCOUNT_PASSWORD));
    expect((await cartOf(visitor)).cart_products.map((line) => [line.tag, line.hold_seconds_left])).toEqual([
      [PARTS.starter, 1800],
      [PARTS.alternator, 1800],
    ]);
    clock.advance(30 * MINUTE);
    expect((await app.cartHolds.runRound()).released.sort()).toEqual([PARTS.alternator, PARTS.starter].sort());
  });

  it('holds nothing with CART_HOLD_MINUTES=0: a part may sit in many carts until ordered', async () => {
    const { app } = await holdingApp({ CART_HOLD_MINUTES: '0' });
    const [buyer, other] = [await shopper(app), await shopper(app)];
    await expectOk(add(buyer, PARTS.alternator));
    await expectOk(add(other, PARTS.alternator));
    expect(await statusOf(PARTS.alternator)).toBe('available');
    expect(await lineOf(buyer, PARTS.alternator)).toMatchObject({ held_until: null, hold_seconds_left: null });
  });
});

describe('POST /web-api/carts/hold-again/{id}', () => {
  async function endedHold() {
    const { app, clock } = await holdingApp();
    const [buyer, other] = [await shopper(app), await shopper(app)];
    const line = cartSchema.parse((await expectOk(add(buyer, PARTS.alternator))).json().cart).cart_products[0];
    if (!line) throw new Error('no line');
    clock.advance(30 * MINUTE);
    await app.cartHolds.runRound();
    return { app, clock, buyer, other, line };
  }

  it('holds the part again for 30 minutes while it is free; sent twice, the line keeps one hold', async () => {
    const { buyer, line } = await endedHold();
    const first = await expectOk(buyer.call('POST', `/carts/hold-again/${line.id}`));
    expect(first.json().msg).toBe(t('cart.held_again', { name: 'Ford Focus Alternator', minutes: 30 }));
    expect(cartSchema.parse(first.json().cart).cart_products).toEqual([expect.objectContaining({ id: line.id, held_until: '2026-11-28T11:00:00.000Z', hold_seconds_left: 1800 })]);
    expect(await statusOf(PARTS.alternator)).toBe('reserved');
    const again = await expectOk(buyer.call('POST', `/carts/hold-again/${line.id}`));
    expect(cartSchema.parse(again.json().cart).cart_products).toEqual([expect.objectContaining({ id: line.id, held_until: '2026-11-28T11:00:00.000Z', gone: false })]);
    expect(await statusOf(PARTS.alternator)).toBe('reserved');
  });

  it('starts a hold still running afresh', async () => {
    const { app, clock } = await holdingApp();
    const buyer = await shopper(app);
    const line = cartSchema.parse((await expectOk(add(buyer, PARTS.alternator))).json().cart).cart_products[0];
    clock.advance(20 * MINUTE);
    const answer = await expectOk(buyer.call('POST', `/carts/hold-again/${line?.id}`));
    expect(cartSchema.parse(answer.json().cart).cart_products[0]).toMatchObject({ held_until: '2026-11-28T10:50:00.000Z', hold_seconds_left: 1800 });
  });

  it('says the part went when another shopper has it now, and the line shows gone', async () => {
    const { buyer, other, line } = await endedHold();
    await expectOk(add(other, PARTS.alternator));
    const refused = await buyer.call('POST', `/carts/hold-again/${line.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, msg: t('cart.part_unavailable', { name: 'Ford Focus Alternator', tag: PARTS.alternator }) });
    expect(await lineOf(buyer, PARTS.alternator)).toMatchObject({ gone: true });
  });

  it('is 404 for a line of another cart (with or without a cart of its own), 403 without the CSRF token or a session, 422 for a bad id', async () => {
    const { buyer, other, line } = await endedHold();
    const theirs = await other.call('POST', `/carts/hold-again/${line.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(await statusOf(PARTS.alternator)).toBe('available');
    expect(theirs.json().msg).toBe(t('cart.line_not_found'));
    await expectOk(add(other, PARTS.starter));
    expect((await other.call('POST', `/carts/hold-again/${line.id}`)).statusCode).toBe(404);
    expect((await buyer.call('POST', `/carts/hold-again/${line.id}`, undefined, { csrf: false })).statusCode).toBe(403);
    // No session at all: a cart is a session's, so there is nobody to answer 401 to; the write is refused.
    expect((await buyer.app.inject({ method: 'POST', url: `/web-api/carts/hold-again/${line.id}` })).statusCode).toBe(403);
    expect((await buyer.call('POST', '/carts/hold-again/0')).statusCode).toBe(422);
    expect(await statusOf(PARTS.alternator)).toBe('available');
  });
});
