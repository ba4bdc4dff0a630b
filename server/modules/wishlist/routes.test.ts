/**
 * The wishlist (SPEC §2, §3 on_member_wishlist, §6; the calls are designed in
 * src/contract/wishlist.ts): a member's own list by Tag, sold parts kept and marked, the Tags for
 * the hearts, the toggle on and off; 401 signed out, nobody else's list.
 */
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { getPartPage } from '../../../src/contract/catalogue';
import { getWishlist, getWishlistTags } from '../../../src/contract/wishlist';
import { grossFromNet } from '../../../src/domain/money';
import { members, parts, wishlistItems } from '../../db/schema';
import { expectOk, PARTS, PASSWORD, shopApp, shopper, type Shopper, useCheckoutData } from '../../test/checkout';
import { testDatabase } from '../../test/database';
import { sentTwice, withKey } from '../../test/idempotency';
import { testClock } from '../../test/payments';

useCheckoutData();

const passwordHash = hash(PASSWORD);

async function signedIn(app: FastifyInstance, email: string): Promise<Shopper & { id: number }> {
  const { db } = await testDatabase();
  const [row] = await db.insert(members).values({ email, passwordHash: await passwordHash, firstName: 'Jo', lastName: 'Bloggs' }).returning({ id: members.id });
  if (!row) throw new Error('no member');
  const browser = await shopper(app);
  browser.adopt(await expectOk(browser.call('POST', '/members/login', { email, password: PASSWORD })));
  return Object.assign(browser, { id: row.id });
}

const toggle = (browser: Shopper, tag: string) => browser.call('POST', '/wishlist/toggle', { tag });
const listOf = async (browser: Shopper) => getWishlist.response.parse((await expectOk(browser.call('GET', '/wishlist/getList.json'))).json()).records;
const tagsOf = async (browser: Shopper) => getWishlistTags.response.parse((await expectOk(browser.call('GET', '/wishlist/tags.json'))).json()).tags;

describe('the wishlist', () => {
  it('puts parts on and takes them off, lists them newest first with what they show now, a sold one marked sold', async () => {
    const clock = testClock();
    const app = await shopApp({ clock });
    const jo = await signedIn(app, 'jo@fleetfix.co.uk');

    expect((await expectOk(toggle(jo, PARTS.alternator))).json()).toEqual({ success: true, on_member_wishlist: true, msg: 'The part has been added to your wishlist.' });
    clock.advance(1000);
    await expectOk(toggle(jo, PARTS.starter));
    clock.advance(1000);
    await expectOk(toggle(jo, PARTS.headlight));
    expect(await tagsOf(jo)).toEqual([PARTS.headlight, PARTS.starter, PARTS.alternator]);

    // Off again: the toggle's answer says so, and the list no longer has it.
    expect((await expectOk(toggle(jo, PARTS.starter))).json()).toEqual({ success: true, on_member_wishlist: false, msg: 'The part has been removed from your wishlist.' });
    expect(await tagsOf(jo)).toEqual([PARTS.headlight, PARTS.alternator]);

    // The alternator is sold meanwhile: it stays on the list, marked sold.
    const { db } = await testDatabase();
    await db.update(parts).set({ status: 'sold' }).where(eq(parts.tag, PARTS.alternator));
    const list = await listOf(jo);
    // Gross, as the cart charges it (src/domain/money grossFromNet of the stored net price).
    const gross = async (tag: string) => grossFromNet((await db.select({ net: parts.priceNet }).from(parts).where(eq(parts.tag, tag)))[0]?.net ?? 0);
    expect(list).toEqual([
      { tag: PARTS.headlight, name: expect.stringMatching(/Headlight/), image: expect.stringMatching(/^\/thumbs\//), price: await gross(PARTS.headlight), url: expect.stringMatching(new RegExp(`^/product/.*${PARTS.headlight}`)), available: true, sold: false, added: '2026-11-25T10:00:02.000Z' },
      { tag: PARTS.alternator, name: expect.stringMatching(/Alternator/), image: expect.any(String), price: await gross(PARTS.alternator), url: expect.stringMatching(new RegExp(`${PARTS.alternator}$`)), available: false, sold: true, added: '2026-11-25T10:00:00.000Z' },
    ]);

    // A sold part can be taken off, but not put back on.
    await expectOk(toggle(jo, PARTS.alternator));
    const refused = await toggle(jo, PARTS.alternator);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, msg: 'This part has been sold, so it cannot be added to your wishlist.' });
    expect(await tagsOf(jo)).toEqual([PARTS.headlight]);
  });

  it('keeps a sold part added before the sale, and a reserved part shows as not available but not sold', async () => {
    const app = await shopApp({ clock: testClock() });
    const jo = await signedIn(app, 'jo@fleetfix.co.uk');
    await expectOk(toggle(jo, PARTS.mirror));
    const { db } = await testDatabase();
    await db.update(parts).set({ status: 'reserved' }).where(eq(parts.tag, PARTS.mirror));

    expect(await listOf(jo)).toEqual([expect.objectContaining({ tag: PARTS.mirror, available: false, sold: false })]);
    // Already sold before: refused, nothing stored.
    expect((await toggle(jo, PARTS.sold)).statusCode).toBe(409);
    expect(await tagsOf(jo)).toEqual([PARTS.mirror]);
  });

  it("says on_member_wishlist true in the member's own part answer, private and never kept; everyone else gets the public answer", async () => {
    const app = await shopApp({ clock: testClock() });
    const jo = await signedIn(app, 'jo@fleetfix.co.uk');
    const sam = await signedIn(app, 'sam@turner-motors.co.uk');
    const partAnswer = async (browser: Shopper | null) => {
      const response = browser ? await browser.call('GET', `/products/part/${PARTS.alternator}.json`) : await app.inject({ method: 'GET', url: `/web-api/products/part/${PARTS.alternator}.json` });
      expect(response.statusCode).toBe(200);
      return { onWishlist: getPartPage.response.parse(response.json()).product.on_member_wishlist, cacheControl: response.headers['cache-control'], vary: response.headers.vary };
    };

    await expectOk(toggle(jo, PARTS.alternator));
    // Nobody signed in asks first, so the public answer is kept before Jo asks.
    expect(await partAnswer(null)).toEqual({ onWishlist: false, cacheControl: 'public, no-cache', vary: 'cookie' });
    expect(await partAnswer(jo)).toEqual({ onWishlist: true, cacheControl: 'private, no-store', vary: 'cookie' });
    // Another member's answer is theirs: false; and the public one was not changed by Jo's.
    expect((await partAnswer(sam)).onWishlist).toBe(false);
    expect(await partAnswer(null)).toEqual({ onWishlist: false, cacheControl: 'public, no-cache', vary: 'cookie' });

    // Off again: Jo's answer follows at once (nothing of it was kept).
    await expectOk(toggle(jo, PARTS.alternator));
    expect((await partAnswer(jo)).onWishlist).toBe(false);
  });

  it('answers 404 for a Tag the catalogue does not have, 422 for a malformed one', async () => {
    const app = await shopApp({ clock: testClock() });
    const jo = await signedIn(app, 'jo@fleetfix.co.uk');

    expect((await toggle(jo, 'P9999999')).statusCode).toBe(404);
    const malformed = await toggle(jo, 'not a tag!');
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json().errors)).toEqual(['tag']);
    expect(await tagsOf(jo)).toEqual([]);
  });

  it("shows each member only their own list and never changes anyone else's", async () => {
    const app = await shopApp({ clock: testClock() });
    const jo = await signedIn(app, 'jo@fleetfix.co.uk');
    const alex = await signedIn(app, 'alex@garage.co.uk');
    await expectOk(toggle(jo, PARTS.alternator));
    await expectOk(toggle(alex, PARTS.starter));

    // Alex toggling the part on Jo's list puts it on Alex's own.
    expect((await expectOk(toggle(alex, PARTS.alternator))).json().on_member_wishlist).toBe(true);

    expect(await tagsOf(jo)).toEqual([PARTS.alternator]);
    expect((await listOf(jo)).map((item) => item.tag)).toEqual([PARTS.alternator]);
    expect((await listOf(alex)).map((item) => item.tag).sort()).toEqual([PARTS.alternator, PARTS.starter].sort());
    const { db } = await testDatabase();
    expect(await db.select({ memberId: wishlistItems.memberId, tag: wishlistItems.tag }).from(wishlistItems).where(eq(wishlistItems.memberId, jo.id))).toEqual([{ memberId: jo.id, tag: PARTS.alternator }]);
  });

  it('answers 401 signed out (reads without starting a session) and 403 without the CSRF token', async () => {
    const app = await shopApp({ clock: testClock() });
    for (const url of ['/web-api/wishlist/getList.json', '/web-api/wishlist/tags.json']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ success: false, msg: 'Please sign in to use your wishlist.' });
      expect(response.cookies).toEqual([]);
    }
    const visitor = await shopper(app);
    expect((await toggle(visitor, PARTS.alternator)).statusCode).toBe(401);

    const jo = await signedIn(app, 'jo@fleetfix.co.uk');
    expect((await jo.call('POST', '/wishlist/toggle', { tag: PARTS.alternator }, { csrf: false })).statusCode).toBe(403);
    const { db } = await testDatabase();
    expect(await db.select().from(wishlistItems)).toEqual([]);
  });
});

describe('the toggle with an Idempotency-Key (the outbox replays a tap made offline)', () => {
  it('answers a repeat the first answer without toggling back; another member’s same key is their own tap; signed out 401', async () => {
    const app = await shopApp({ clock: testClock() });
    const jo = await signedIn(app, 'jo.keyed@fleetfix.co.uk');
    const alex = await signedIn(app, 'alex.keyed@fleetfix.co.uk');
    const tap = (browser: Shopper, key: string) => browser.call('POST', '/wishlist/toggle', { tag: PARTS.alternator }, withKey(key));

    expect(await sentTwice((key) => tap(jo, key))).toMatchObject({ on_member_wishlist: true });
    expect(await tagsOf(jo)).toEqual([PARTS.alternator]);
    // The same key from Alex's session is not Jo's answer: Alex's own tap, on Alex's own list.
    const alexs = await tap(alex, 'outbox-key-0f3c9a7e');
    expect([alexs.statusCode, alexs.headers['idempotent-replayed']]).toEqual([200, undefined]);
    expect(await tagsOf(alex)).toEqual([PARTS.alternator]);
    expect(await tagsOf(jo)).toEqual([PARTS.alternator]);
    const { db } = await testDatabase();
    expect(await db.select().from(wishlistItems).where(eq(wishlistItems.memberId, jo.id))).toHaveLength(1);

    const visitor = await shopper(app);
    expect((await visitor.call('POST', '/wishlist/toggle', { tag: PARTS.alternator }, withKey('outbox-key-visitor1'))).statusCode).toBe(401);
  });
});
