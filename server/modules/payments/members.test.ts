/**
 * A member's side of paying (issue 14): a card saved while paying (SPEC §2 payment preferences),
 * listed and removed by its owner only, paying the next order with one tap; and the loyalty
 * discount, which counts paid orders only (SPEC §3 discount thresholds).
 */
import { describe, expect, it } from 'vitest';
import { cartSchema } from '../../../src/contract/cart';
import { getMemberCards } from '../../../src/contract/payments';
import { ORDER_STATUS } from '../../../src/domain/orders';
import { deletionReasons, paymentCustomers, sandboxPaymentMethods } from '../../db/schema';
import { expectOk, guestForm, PARTS, PASSWORD, shopper, type Shopper } from '../../test/checkout';
import { testDatabase } from '../../test/database';
import { confirmCard, confirmPayment, payByCard, paymentApp, paymentState, placeOrder, startCardPayment, TEST_CARDS, usePaymentData } from '../../test/payments';
import type { FastifyInstance } from 'fastify';

usePaymentData();

/** A visitor who signs up at checkout with `tags` in the cart (their session is then the member's). */
async function memberWithCart(app: FastifyInstance, email: string, tags: readonly string[]): Promise<Shopper> {
  const buyer = await shopper(app);
  for (const tag of tags) await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag } }));
  await expectOk(buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 }));
  buyer.adopt(await expectOk(buyer.call('POST', '/carts/update-shipping', guestForm({ is_guest: false, email, password: PASSWORD, confirm_password: PASSWORD }))));
  return buyer;
}

const cardsOf = async (buyer: Shopper) => getMemberCards.response.parse((await expectOk(buyer.call('GET', '/member-cards/getList.json'))).json()).records;

describe('saved cards', () => {
  it('saves the card while paying, lists it to its member only, pays the next order with it, and removes it', async () => {
    const { app } = await paymentApp();
    const member = await memberWithCart(app, 'jo@fleetfix.co.uk', [PARTS.alternator]);
    const first = await placeOrder(member, [], { ready: false });
    const intent = await startCardPayment(member, first.hash, { save_card: true });
    await expectOk(confirmCard(member, intent.cs, TEST_CARDS.succeeds));
    expect((await expectOk(confirmPayment(member, first.hash, intent.cs_session))).json().paid).toBe(true);

    const cards = await cardsOf(member);
    expect(cards).toEqual([{ id: expect.any(Number), brand: 'visa', card: '4242', exp_month: 12, exp_year: 2030, is_default: true, member: { full_name: 'Sam Turner' } }]);
    // The sandbox keeps what the tile shows, never the number.
    const { db } = await testDatabase();
    const methods = await db.select().from(sandboxPaymentMethods);
    expect(JSON.stringify(methods)).not.toContain(TEST_CARDS.succeeds);

    // Someone else: none listed, theirs not removable; signed out: 401.
    const other = await memberWithCart(app, 'alex@garage.co.uk', [PARTS.starter]);
    expect(await cardsOf(other)).toEqual([]);
    expect((await other.call('DELETE', `/member-cards/delete/${cards[0]?.id}`)).statusCode).toBe(404);
    const visitor = await shopper(app);
    expect((await visitor.call('GET', '/member-cards/getList.json')).statusCode).toBe(401);
    // A guest cannot keep a card.
    const guest = await shopper(app);
    const guestOrder = await placeOrder(guest, [PARTS.mirror]);
    expect((await guest.call('POST', '/payments/stripe/create-payment-intent', { order_id: guestOrder.hash, save_card: true })).statusCode).toBe(422);
    // Nor pay with someone else's.
    expect((await other.call('POST', '/payments/stripe/create-payment-intent', { order_id: (await placeOrder(other, [], { ready: false })).hash, member_card_id: cards[0]?.id })).statusCode).toBe(404);

    // One tap: the next order is paid with the saved card at once.
    await expectOk(member.call('POST', '/carts/add-item', { product: { tag: PARTS.headlight } }));
    await expectOk(member.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 }));
    await expectOk(member.call('POST', '/carts/update-shipping', guestForm({ is_guest: false, email: 'jo@fleetfix.co.uk' })));
    const second = await placeOrder(member, [], { ready: false });
    const oneTap = await startCardPayment(member, second.hash, { member_card_id: cards[0]?.id ?? 0 });
    expect(oneTap.status).toBe('succeeded');
    expect((await expectOk(confirmPayment(member, second.hash, oneTap.cs_session))).json().paid).toBe(true);
    const state = await paymentState();
    expect(state.orders.filter((order) => order.statusId === ORDER_STATUS.PAID).map((order) => order.hash).sort()).toEqual([first.hash, second.hash].sort());
    expect(state.payments).toHaveLength(2);

    // Removed: gone from the list and detached at the provider.
    expect((await expectOk(member.call('DELETE', `/member-cards/delete/${cards[0]?.id}`))).json().msg).toBe('The card has been removed.');
    expect(await cardsOf(member)).toEqual([]);
    expect((await db.select().from(sandboxPaymentMethods)).every((method) => method.customerReference === null)).toBe(true);
  });
});

describe('a deleted account', () => {
  it('has its customer and saved cards forgotten at the card provider', async () => {
    const { app } = await paymentApp();
    const member = await memberWithCart(app, 'jo@fleetfix.co.uk', [PARTS.alternator]);
    const order = await placeOrder(member, [], { ready: false });
    const intent = await startCardPayment(member, order.hash, { save_card: true });
    await expectOk(confirmCard(member, intent.cs, TEST_CARDS.succeeds));
    await expectOk(confirmPayment(member, order.hash, intent.cs_session));
    const { db } = await testDatabase();
    expect((await db.select().from(sandboxPaymentMethods)).some((method) => method.customerReference !== null)).toBe(true);

    await db.insert(deletionReasons).values({ id: 1, name: 'I no longer need the account' }).onConflictDoNothing();
    await expectOk(member.call('POST', '/members/delete-account', { reason_for_deletion_id: 1 }));

    expect((await db.select().from(sandboxPaymentMethods)).every((method) => method.customerReference === null)).toBe(true);
    expect(await db.select().from(paymentCustomers)).toEqual([]);
  });
});

describe('loyalty discount', () => {
  it('counts paid orders only: the threshold moves in the next cart once the order is paid', async () => {
    const { app } = await paymentApp();
    const member = await memberWithCart(app, 'jo@fleetfix.co.uk', [PARTS.engine]);
    const big = await placeOrder(member, [], { ready: false });
    expect(big.to_pay).toBeGreaterThan(50_000);

    // Unpaid: the next cart has no loyalty discount.
    await expectOk(member.call('POST', '/carts/add-item', { product: { tag: PARTS.starter } }));
    const before = cartSchema.parse((await expectOk(member.call('GET', '/carts/get-cart'))).json().cart);
    expect(before.amount_discount_threshold).toBe(0);

    await payByCard(member, big.hash);
    const after = cartSchema.parse((await expectOk(member.call('GET', '/carts/get-cart'))).json().cart);
    expect(after.member?.discount_threshold).toMatchObject({ name: 'Silver', discount: 2.5 });
    expect(after.amount_discount_threshold).toBeGreaterThan(0);
  });
});
