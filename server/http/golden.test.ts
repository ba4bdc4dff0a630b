// api-suite: both engines (the same answers, byte for byte, from PGlite and PostgreSQL)
/**
 * The golden test: a fixed, recorded set of calls over the OpenAPI operations (every GET of the
 * storefront, the member's account and the back office, and a representative set of writes with
 * valid bodies: the cart and checkout, a card payment, registration, the account's lists, part
 * requests, the back office's order steps and edits) sent to the shop on a seeded database at a
 * fixed instant, each answer's status, content type and body compared byte for byte with
 * server/http/golden/answers.json. A refactoring that changes what the API answers fails here.
 *
 * Only values that are random by design are replaced before comparing, each by a named
 * placeholder: the session's CSRF token, an order's hash (GOLDEN_RANDOM below), the payment
 * sandbox's intent ids and secrets, the bot check's challenge and the seeded return's order.
 *
 * `GOLDEN_UPDATE=1 npx vitest run --project api server/http/golden.test.ts` records the answers
 * afresh; review the diff of answers.json as a change of the API.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { vehicleProducts } from '../db/schema';
import { seedAccounts } from '../seed/accounts';
import { seedCatalogue } from '../seed/catalogue/index';
import { CATALOGUE_DATE } from '../seed/catalogue/dates';
import { seedCheckout } from '../seed/checkout';
import { seedContent } from '../seed/content';
import { seedReturnReasons } from '../seed/returns';
import { privateRegistration } from '../test/accounts';
import { testApp } from '../test/app';
import { guestForm, PARTS, shopper, type Shopper } from '../test/checkout';
import { resetDatabase, testDatabase } from '../test/database';
import { card, TEST_CARDS } from '../test/payments';
import { addOwner, enrolAndSignIn, type StaffBrowser, testClock } from '../test/staff';

const RECORD = new URL('./golden/answers.json', import.meta.url);
const UPDATE = process.env.GOLDEN_UPDATE === '1';
/** This run's answers, written beside the record when comparing: `diff` the two to see a change whole. */
const ACTUAL = path.join(os.tmpdir(), 'shop-golden-answers.actual.json');

interface Answer {
  call: string;
  status: number;
  type: string;
  /** The body as sent, random values replaced; a binary body by its length and SHA-256. */
  body: string;
}

/**
 * The values random by design met on the way, by name: each is replaced by «name» wherever it
 * appears in a later answer. Nothing else is ever replaced.
 */
class RandomValues {
  private readonly values = new Map<string, string>();

  note(name: string, value: unknown): void {
    if (typeof value !== 'string' || value.length < 6) throw new Error(`${name}: not a random value: ${String(value)}`);
    this.values.set(value, name);
  }

  replaced(text: string): string {
    let out = text;
    // Longest first: a secret may contain its intent's id.
    for (const [value, name] of [...this.values].sort((a, b) => b[0].length - a[0].length)) out = out.replaceAll(value, `«${name}»`);
    return out;
  }
}

const isText = (type: string) => /json|text|html|xml|javascript/.test(type);

/** Fails, naming the call and showing the difference, unless every answer is the recorded one. */
function expectRecorded(answers: readonly Answer[], recorded: readonly Answer[]): void {
  expect(answers.map((answer) => answer.call)).toEqual(recorded.map((answer) => answer.call));
  for (const [index, answer] of answers.entries()) expect(answer, answer.call).toEqual(recorded[index]);
}

const readRecord = () => JSON.parse(readFileSync(RECORD, 'utf8')) as Answer[];

describe('the API, recorded', () => {
  const clock = testClock('2026-11-25T10:00:00Z');
  const randoms = new RandomValues();
  const answers: Answer[] = [];

  /** Records an answer; `reveals` first notes the random values the answer itself gives out. */
  const record = (call: string, response: LightMyRequestResponse, reveals?: (answer: Record<string, unknown>) => void): LightMyRequestResponse => {
    reveals?.(response.json());
    const type = String(response.headers['content-type'] ?? '');
    const body = isText(type) ? randoms.replaced(response.body) : `${response.rawPayload.length} bytes, sha256 ${createHash('sha256').update(response.rawPayload).digest('hex')}`;
    answers.push({ call: randoms.replaced(call), status: response.statusCode, type, body });
    return response;
  };

  it('answers the recorded calls as recorded', { timeout: 600_000 }, async () => {
    // The demo catalogue and reference data as a fresh shop has them, dated from fixed days.
    const { db } = await testDatabase();
    await resetDatabase(db);
    await seedCatalogue(db, { parts: 60, seed: 1 });
    await seedCheckout(db);
    await seedAccounts(db);
    await seedReturnReasons(db);
    await seedContent(db, CATALOGUE_DATE);
    const app = await testApp({
      reset: false,
      clock: clock.now,
      env: {
        // The push key pair as configured, not the one made once in DATA_DIR (each machine's own).
        VAPID_PUBLIC_KEY: 'BDq492s-G-1B11Kgn83ep6720sqv76gmxrzKNS3Kf2iDk67qkjux1I8bM2PbD0jSkVHeByw6NRn_5EOcem8-JUA',
        VAPID_PRIVATE_KEY: '3nKdscVsEeoNiq4sWO5F_LLcOag_DF9u5a9wQKXm8zY',
        RATE_LIMIT_MAX: '1000000', RATE_LIMIT_CATALOGUE_MAX: '1000000', RATE_LIMIT_SIGN_IN_MAX: '1000000', RATE_LIMIT_FORMS_MAX: '1000000', RATE_LIMIT_PASSWORD_RESET_MAX: '1000000',
      },
    });
    type Caller = ReturnType<typeof as>;
    const as = (browser: Shopper, label: string) => ({
      get: async (url: string, reveals?: (answer: Record<string, unknown>) => void) => record(`GET ${url} (${label})`, await browser.call('GET', url), reveals),
      send: async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, reveals?: (answer: Record<string, unknown>) => void) =>
        record(`${method} ${url} (${label})`, await browser.call(method, url, payload), reveals),
      /** A multipart form, as the return modal sends one (files as name[]). */
      sendForm: async (url: string, fields: Record<string, string | number>, files: readonly { part: string; name: string; bytes: Buffer }[]) => {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
        for (const file of files) form.append(file.part, new Blob([new Uint8Array(file.bytes)], { type: 'image/jpeg' }), file.name);
        const request = new Request('http://shop.test/', { method: 'POST', body: form });
        const headers = { cookie: browser.cookie, 'x-csrf-token': browser.csrfToken, 'content-type': request.headers.get('content-type') ?? '' };
        return record(`POST ${url} (${label}, multipart)`, await app.inject({ method: 'POST', url: `/web-api${url}`, headers, payload: Buffer.from(await request.arrayBuffer()) }));
      },
    });
    /** create-order, then a card payment in the sandbox as the browser makes it; answers the order's hash. */
    const placeAndPay = async (caller: Caller, whose: string): Promise<string> => {
      const placed = await caller.send('PATCH', '/carts/create-order', undefined, (answer) => randoms.note(`${whose} order-hash`, (answer.order as { hash: string }).hash));
      const hash = (placed.json() as { order: { hash: string } }).order.hash;
      await caller.get(`/orders/created/${hash}`);
      const intent = await caller.send('POST', '/payments/stripe/create-payment-intent', { order_id: hash }, (answer) => {
        const data = answer.data as { cs: string; cs_session: string };
        randoms.note(`${whose} intent-id`, data.cs_session);
        randoms.note(`${whose} intent-secret`, data.cs);
      });
      const { cs, cs_session } = (intent.json() as { data: { cs: string; cs_session: string } }).data;
      await caller.send('POST', '/payments/sandbox/card/confirm', { client_secret: cs, ...card(TEST_CARDS.succeeds) });
      await caller.send('POST', '/payments/stripe/confirm', { order_id: hash, payment_intent: cs_session });
      await caller.get(`/orders/created/${hash}`);
      return hash;
    };

    // The storefront, to a visitor.
    const [vehicle] = await db.select({ id: vehicleProducts.id, slug: vehicleProducts.slug }).from(vehicleProducts).where(isNull(vehicleProducts.parentId)).orderBy(vehicleProducts.id).limit(1);
    if (!vehicle) throw new Error('the seed made no vehicle products');
    const guest = await shopper(app);
    randoms.note('csrf-token', guest.csrfToken);
    const visitor = as(guest, 'visitor');
    for (const url of [
      '/check',
      '/app-props.json',
      '/products/types.json',
      '/products/makes.json',
      '/products/models.json?make=Ford',
      '/products/part-search.json?vrn=AB12CDE&partType=48',
      '/products/part-search.json?make=Volkswagen&model=Golf&year=2003',
      '/products/part-search.json?oem=06H906856G',
      '/products/recent-stock.json?make=Volkswagen&model=Golf&limit=4',
      '/products/get-list/1.json',
      '/products/get-list/101.json?sort=price&direction=asc&page=1&limit=6',
      '/products/get-badge-list/1.json',
      '/products/listing-filters.json?categoryId=1',
      `/product-reviews/getList.json?product_id=${vehicle.id}&page=1`,
      '/product-categories/info.json?make=Ford&model=Focus&partType=48',
      '/product-categories/menu.json',
      `/products/part/${PARTS.alternator}.json`,
      `/products/part/${PARTS.sold}.json`,
      '/products/part/P9999999.json',
      '/content-pages/product-delivery.json',
      `/products/vehicle/${vehicle.slug}.json`,
      `/products/compatibility.json?tag=${PARTS.alternator}&vrn=AB12CDE`,
      '/countries/get-list',
      '/addresses/lookup?postcode=LS1%204AP',
      '/reason-for-deletions/get-list',
      '/static-contents/get-sign-up-statics.json',
      '/gus/index/GB980780684',
      '/payments/methods.json',
      '/return-reasons',
      '/return-reasons/get/1',
      '/discount-thresholds/get-all.json',
      '/static-contents/get-discount-thresholds-statics.json',
      '/jobs/list.json',
      '/jobs/list.json?category=2&location=2&page=1',
      '/jobs/featured.json',
      '/job-categories/list.json',
      '/jobs/locations.json',
      '/jobs/get/1.json',
      '/articles/listing.json',
      '/articles/listing.json?page=2',
      '/articles/get/christmas-opening-hours.json',
      '/article-tags/list.json',
      '/article-categories/list.json',
      '/static-contents/page/about.json',
      '/push/vapid-public-key.json',
      '/alerts/unsubscribe/not-a-token.json',
      // A person's data without a session of a member: refused.
      '/members/member-details.json',
      '/orders/getList.json',
      '/wishlist/getList.json',
      '/garage/getList.json',
    ]) {
      await visitor.get(url);
    }
    await visitor.get('/bot-check/challenge.json', (answer) => {
      const { parameters, signature } = answer.challenge as { parameters: Record<string, unknown>; signature: unknown };
      for (const name of ['nonce', 'salt', 'keyPrefix', 'keySignature']) if (name in parameters) randoms.note(`bot-check ${name}`, parameters[name]);
      randoms.note('bot-check signature', signature);
      // Not random, but from the system clock: altcha-lib checks an answer's expiry against it, so the challenge cannot take the shop's clock.
      randoms.note('bot-check expiry', String(parameters.expiresAt));
    });
    await visitor.send('POST', '/search/get-suggested-products.json', { oem: '06H9' });

    // A guest's cart, checkout and card payment.
    await visitor.send('POST', '/carts/add-item', { product: { tag: PARTS.alternator } });
    await visitor.send('POST', '/carts/add-item', { product: { tag: PARTS.starter } });
    await visitor.send('PATCH', '/carts/update-item', { product: { tag: PARTS.alternator, warranty_id: 2 } });
    await visitor.send('DELETE', '/carts/delete-item/2');
    await visitor.send('POST', '/carts/validate-postcode', { region_id: 1, region_postcode: 'LS1 4AP' });
    await visitor.send('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 });
    await visitor.get('/carts/get-available-delivery-prices');
    await visitor.send('POST', '/discount-codes/check-code.json', { code: 'NOSUCHCODE' });
    await visitor.send('POST', '/carts/update-shipping', guestForm());
    await visitor.get('/carts/get-cart');
    await visitor.get('/addresses/get-recent');
    const hash = await placeAndPay(visitor, 'guest');
    await visitor.get(`/orders/invoice/${hash}`);
    await visitor.send('POST', '/product-notifications', { first_name: 'Sam', last_name: 'Turner', email: 'sam@turner-motors.co.uk', phone: '07700 900123', agree_terms: true, agree_privacy: true, product_id: PARTS.sold });

    // A member: registration and the account's lists and writes.
    const jo = await shopper(app);
    const member = as(jo, 'member');
    const registered = await member.send('POST', '/members/register', privateRegistration());
    jo.adopt(registered);
    randoms.note('member csrf-token', jo.csrfToken);
    for (const url of [
      '/app-props.json',
      '/members/member-details.json',
      '/member-cards/getList.json',
      '/orders/getList.json',
      '/part-requests/get-list.json',
      '/discount-thresholds/get-member-progress/2',
      '/wishlist/getList.json',
      '/wishlist/tags.json',
      '/saved-searches/getList.json',
      '/garage/getList.json',
      '/alerts/getList.json',
      '/push/subscriptions.json',
    ]) {
      await member.get(url);
    }
    await member.send('POST', '/wishlist/toggle', { tag: PARTS.headlight });
    await member.get('/wishlist/getList.json');
    await member.send('POST', '/garage/add', { vrn: 'AB12 CDE' });
    await member.send('POST', '/garage/add', { make: 'Ford', model: 'Focus', year: 2012 });
    await member.get('/garage/getList.json');
    await member.get(`/garage/compatibility.json?tags=${PARTS.alternator},${PARTS.headlight}&vehicle=1`);
    await member.send('POST', '/part-requests/add.json', { car_reg: 'AB12 CDE', part_type: 48, part_name_manually: '' });
    await member.get('/part-requests/get-list.json');
    // The member's own order, which the back office fulfils below and the member returns.
    await member.send('POST', '/carts/add-item', { product: { tag: PARTS.mirror } });
    await member.send('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 });
    await member.send('POST', '/carts/update-shipping', guestForm({ is_guest: false, email: 'jo.bloggs@example.co.uk', first_name: 'Jo', last_name: 'Bloggs' }));
    const joOrder = await placeAndPay(member, 'member');

    // The back office: an owner signed in (the sign-in's own answers carry a random secret).
    await addOwner(db, clock);
    const owner: StaffBrowser = (await enrolAndSignIn(app, clock, 'owner@example.com')).browser;
    randoms.note('staff csrf-token', owner.csrfToken);
    const staff = {
      get: async (url: string) => record(`GET ${url} (owner)`, await owner.get(`/web-api${url}`)),
      post: async (url: string, payload: Record<string, unknown> = {}, reveals?: (answer: Record<string, unknown>) => void) => record(`POST ${url} (owner)`, await owner.post(`/web-api${url}`, payload), reveals),
    };
    for (const url of [
      '/admin/me',
      '/admin/staff/list.json',
      '/admin/audit-log.json',
      '/admin/stock/reference.json',
      '/admin/stock/list.json',
      '/admin/stock/list.json?q=alternator&status=available',
      '/admin/stock/1',
      '/admin/customers/list.json',
      '/admin/customers/list.json?q=bloggs',
      '/admin/customers/2',
      '/admin/dashboard.json',
      '/admin/discount-codes/list.json',
      '/admin/pages/list.json',
      '/admin/pages/about.json',
      '/admin/loyalty.json',
      '/admin/jobs/list.json',
      '/admin/articles/list.json',
      '/admin/articles/1.json',
      '/admin/article-terms/list.json',
      '/admin/flags.json',
      '/admin/orders/list.json',
      '/admin/orders/list.json?status=2',
      '/admin/orders/PF-000002',
      '/admin/part-requests/list.json',
      '/admin/part-requests/1',
    ]) {
      await staff.get(url);
    }
    await staff.post('/admin/orders/PF-000002/pick');
    await staff.post('/admin/orders/PF-000002/dispatch', { carrier: 'DPD', tracking_number: '1550 1234 5678' });
    await staff.post('/admin/orders/PF-000002/deliver');
    await staff.post('/admin/part-requests/1/status', { status: 'found', part: PARTS.alternatorB });

    // The member returns the part (two photos, re-encoded by the shop); the back office approves and refunds.
    const lines = ((await member.get('/orders/getList.json')).json() as { data: { orders: { order_products: { id: number }[] }[] } }).data.orders[0]?.order_products ?? [];
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
    await member.sendForm('/returns/create', { order_id: joOrder, order_product_id: lines[0]?.id ?? 0, return_reason_id: 2, noticed: 'unpacking' }, [
      { part: 'part_photos[]', name: 'part.jpg', bytes: photo },
      { part: 'packaging_photos[]', name: 'box.jpg', bytes: photo },
    ]);
    await member.get('/orders/getList.json');
    await member.get('/returns/1/files/1');
    for (const url of ['/admin/returns/list.json', '/admin/returns/1', '/admin/returns/1/photos/1']) await staff.get(url);
    await staff.post('/admin/returns/1/approve', { instructions: 'Pack the part well and post it to us.', label_or_address: 'Returns, Unit 4, Coventry Road, Birmingham B10 0HA' });
    await staff.post('/admin/returns/1/in-transit');
    await staff.post('/admin/returns/1/delivered');
    await staff.post('/admin/returns/1/refund', { amount: 1000, idempotency_key: 'golden-return-refund-1' });
    await staff.post('/admin/orders/PF-000001/refund', { amount: 500, idempotency_key: 'golden-order-refund-1' }, (answer) => {
      for (const refund of (answer.order as { refunds: { id: number; reference: string | null }[] }).refunds) if (refund.reference) randoms.note(`refund ${refund.id} reference`, refund.reference);
    });
    await staff.get('/admin/orders/PF-000001');
    await staff.post('/admin/discount-codes/create', { code: 'WINTER10', display_name: 'Winter sale', kind: 'PERCENT', value: 10, valid_from: '', valid_to: '', usage_limit: null, minimum_basket: null });
    await staff.get('/admin/audit-log.json');

    if (UPDATE || !existsSync(RECORD)) {
      writeFileSync(RECORD, `${JSON.stringify(answers, null, 2)}\n`);
      if (!UPDATE) throw new Error(`no recorded answers: wrote ${RECORD.pathname}; check them in`);
      return;
    }
    // The whole run beside the record, for a diff when something changed.
    writeFileSync(ACTUAL, `${JSON.stringify(answers, null, 2)}\n`);
    expectRecorded(answers, readRecord());
  });

  it('fails when one byte of one answer, a status or the calls change', () => {
    const recorded = readRecord();
    expectRecorded(structuredClone(recorded), recorded);
    const oneByte = structuredClone(recorded);
    const changed = oneByte.find((answer) => answer.call.startsWith('GET /products/part/'));
    if (!changed) throw new Error('the record has no product page');
    changed.body = changed.body.replace('"success":true', '"success":true ');
    expect(() => expectRecorded(oneByte, recorded)).toThrow(changed.call);
    const status = structuredClone(recorded);
    status[0] = { ...status[0]!, status: status[0]!.status + 1 };
    expect(() => expectRecorded(status, recorded)).toThrow();
    expect(() => expectRecorded(recorded.slice(1), recorded)).toThrow();
  });
});
