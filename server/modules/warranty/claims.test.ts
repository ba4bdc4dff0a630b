/**
 * Warranty claims through the real calls (issue 32): a member's claim with photos and the fitting
 * invoice on a paid line in warranty; refused on another member's order, without a session or
 * CSRF token, with bad input (nothing written), after the warranty's end and on a line settled
 * already; staff's queue and steps (a question answered, approval with a refund through the
 * payment sandbox or a replacement order at no cost, rejection, closing), each mailed, pushed,
 * audited and shown to the member; a deleted account's claims without their evidence; no return of
 * a line refunded in full through a claim; the warranty's term in the order list.
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getOrderList } from '../../../src/contract/orders';
import { createWarrantyClaim, getWarrantyClaim, getWarrantyClaims } from '../../../src/contract/warranty-claims';
import {
  auditLog,
  mailOutbox,
  members,
  orderProducts,
  orderRefunds,
  orders,
  parts,
  pushOutbox,
  pushSubscriptions,
  returns,
  sandboxRefunds,
  warrantyCertificates,
  warrantyClaimFiles,
  warrantyClaims,
  warrantyClaimSteps,
} from '../../db/schema';
import { seedAccounts } from '../../seed/accounts';
import { seedReturnReasons } from '../../seed/returns';
import { expectOk, guestForm, PARTS, PASSWORD, shopper, type Shopper } from '../../test/checkout';
import { polyglotCv, pdfCv } from '../../test/cv-files';
import { signIn } from '../../test/accounts';
import { testDatabase } from '../../test/database';
import { paymentApp, payByCard, placeOrder, testClock, type TestClock, usePaymentData } from '../../test/payments';
import { addOwner, addStaff, enrolAndSignIn, type StaffBrowser } from '../../test/staff';

usePaymentData();
beforeAll(async () => {
  const { db } = await testDatabase();
  await seedAccounts(db);
  await seedReturnReasons(db);
});
beforeEach(async () => {
  const { db } = await testDatabase();
  await db.execute(sql.raw('TRUNCATE "audit_log", "staff_recovery_codes", "staff_sessions", "staff", "sandbox_refunds", "push_outbox", "push_subscriptions", "warranty_claims", "warranty_certificates" RESTART IDENTITY CASCADE'));
});

const DAY = 86_400_000;

interface Shop {
  app: FastifyInstance;
  clock: TestClock;
  sales: StaffBrowser;
}

async function shop(): Promise<Shop> {
  const clock = testClock();
  const { app } = await paymentApp(clock, { RATE_LIMIT_SIGN_IN_MAX: '1000', RATE_LIMIT_MAX: '10000' });
  const { db } = await testDatabase();
  const staffClock = { now: clock, advance: clock.advance };
  await addOwner(db, staffClock);
  const owner = (await enrolAndSignIn(app, staffClock, 'owner@example.com')).browser;
  await addStaff(owner, 'sales');
  return { app, clock, sales: (await enrolAndSignIn(app, staffClock, 'sales@example.com')).browser };
}

/** A member (registered at checkout) who paid by card for `tags`: the order and its lines. */
async function paidMember(app: FastifyInstance, email: string, tags: readonly string[]) {
  const member = await shopper(app);
  for (const tag of tags) await expectOk(member.call('POST', '/carts/add-item', { product: { tag } }));
  await expectOk(member.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 }));
  member.adopt(await expectOk(member.call('POST', '/carts/update-shipping', guestForm({ is_guest: false, email, first_name: 'Jo', password: PASSWORD, confirm_password: PASSWORD }))));
  const order = await placeOrder(member, [], { ready: false });
  await payByCard(member, order.hash);
  const { db } = await testDatabase();
  const [stored] = await db.select().from(orders).where(eq(orders.hash, order.hash));
  const lines = await db.select().from(orderProducts).where(eq(orderProducts.orderId, stored?.id ?? 0)).orderBy(orderProducts.id);
  // The member allowed pushes on one device.
  await db.insert(pushSubscriptions).values({ memberId: stored?.memberId ?? 0, endpoint: `https://push.example/${email}`, p256dh: 'p256dh-key', auth: 'auth-key', createdAt: new Date('2026-11-25T10:00:00Z') });
  return { member, hash: order.hash, number: order.number, lines: lines.map((line) => line.id), values: lines.map((line) => line.grossValue) };
}

interface Upload {
  part: string;
  name: string;
  bytes: Buffer;
  type: string;
}

const jpeg = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();

async function claimForm(hash: string, line: number, extra: Record<string, string> = {}) {
  return {
    fields: { order_id: hash, order_product_id: String(line), reason: 'stopped_working', how_often: 'always', description: 'No charge after two weeks.', fitted_on: '2026-11-25', mileage: '84,210', garage_name: 'Turner Motors', ...extra },
    files: [
      { part: 'photos[]', name: 'part.jpg', bytes: await jpeg(), type: 'image/jpeg' },
      { part: 'invoice', name: 'invoice.pdf', bytes: await pdfCv('Turner Motors — invoice 1042'), type: 'application/pdf' },
    ] as Upload[],
  };
}

/** POST /warranty-claims as the claim form sends it: a multipart form. */
async function postClaim(buyer: Shopper | null, app: FastifyInstance, fields: Record<string, string>, files: readonly Upload[], options: { csrf?: boolean } = {}): Promise<LightMyRequestResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.part, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request('http://shop.test/', { method: 'POST', body: form });
  const headers: Record<string, string> = { 'content-type': request.headers.get('content-type') ?? '' };
  if (buyer) headers.cookie = buyer.cookie;
  if (buyer && options.csrf !== false) headers['x-csrf-token'] = buyer.csrfToken;
  return app.inject({ method: 'POST', url: '/web-api/warranty-claims', headers, payload: Buffer.from(await request.arrayBuffer()) });
}

async function stored() {
  const { db } = await testDatabase();
  const n = async (table: typeof warrantyClaims | typeof warrantyClaimFiles | typeof warrantyCertificates) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const claimMails = (await db.select().from(mailOutbox)).filter((mail) => mail.subject.includes('warranty claim') || mail.subject.includes('claim WCL-'));
  return { claims: await n(warrantyClaims), files: await n(warrantyClaimFiles), certificates: await n(warrantyCertificates), claimMails: claimMails.length };
}

const memberMails = async (to: string) => {
  const { db } = await testDatabase();
  return (await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id)).map((mail) => mail.subject);
};
const pushes = async () => {
  const { db } = await testDatabase();
  return (await db.select().from(pushOutbox).orderBy(pushOutbox.id)).map((push) => (push.payload as { body: string }).body);
};
const audits = async (action: string) => {
  const { db } = await testDatabase();
  return (await db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]?.n ?? 0;
};

describe('POST /web-api/warranty-claims', () => {
  it('makes a claim with a photo and a PDF invoice: submitted, mailed and pushed, listed in the account, its files for the member alone', async () => {
    const { app } = await shop();
    const { member, hash, lines } = await paidMember(app, 'jo@fleetfix.co.uk', [PARTS.alternator]);
    const line = lines[0] ?? 0;
    const { fields, files } = await claimForm(hash, line);
    const response = await postClaim(member, app, fields, files);
    expect(response.statusCode, response.body).toBe(200);
    const { claim } = createWarrantyClaim.response.parse(response.json());
    expect(claim).toMatchObject({ status: 'submitted', status_label: 'Submitted', line_id: line, mileage: 84_210, garage_name: 'Turner Motors', fitted_on: '2026-11-25', reason: 'It has stopped working', settlement: null });
    expect(claim.answers).toEqual([
      { name: 'how_often', label: 'Does it fail all the time?', value: 'Yes, it does not work at all' },
      { name: 'description', label: 'Tell us what happens', value: 'No charge after two weeks.' },
    ]);
    expect(claim.files.map((file) => [file.field, file.content_type])).toEqual([
      ['photos', 'image/jpeg'],
      ['invoice', 'application/pdf'],
    ]);
    expect(claim.certificate_number).toMatch(/^WC-/);
    expect(await memberMails('jo@fleetfix.co.uk')).toContain(`Your warranty claim ${claim.reference}`);
    expect(await pushes()).toContain('Claim received.');

    const listed = getWarrantyClaims.response.parse((await expectOk(member.call('GET', '/warranty-claims'))).json());
    expect(listed.claims.map((listedClaim) => listedClaim.id)).toEqual([claim.id]);
    const invoice = claim.files.find((file) => file.field === 'invoice');
    const download = await member.call('GET', `/warranty-claims/${claim.id}/files/${invoice?.id ?? 0}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment; filename="invoice.pdf"');
    expect(download.headers['x-content-type-options']).toBe('nosniff');

    // Another member and a visitor see nothing.
    const other = await paidMember(app, 'sam@turner-motors.co.uk', [PARTS.starter]);
    expect((await other.member.call('GET', `/warranty-claims/${claim.id}`)).statusCode).toBe(404);
    expect((await other.member.call('GET', `/warranty-claims/${claim.id}/files/${invoice?.id ?? 0}`)).statusCode).toBe(404);
    expect((await other.member.call('POST', `/warranty-claims/${claim.id}/reply`, { message: 'Here is more about it.' })).statusCode).toBe(404);
    expect(getWarrantyClaims.response.parse((await expectOk(other.member.call('GET', '/warranty-claims'))).json()).claims).toEqual([]);
    // The answer is a write: without the CSRF token it is refused before anything is read.
    expect((await member.call('POST', `/warranty-claims/${claim.id}/reply`, { message: 'Here is more about it.' }, { csrf: false })).statusCode).toBe(403);
    for (const url of ['/warranty-claims', `/warranty-claims/${claim.id}`, `/warranty-claims/${claim.id}/files/${invoice?.id ?? 0}`]) {
      expect((await app.inject({ method: 'GET', url: `/web-api${url}` })).statusCode, url).toBe(401);
    }
  });

  it('is 404 on another member’s order, 401 without a session, 403 without the CSRF token, each storing nothing', async () => {
    const { app } = await shop();
    const { member, hash, lines } = await paidMember(app, 'jo@fleetfix.co.uk', [PARTS.alternator]);
    const other = await paidMember(app, 'sam@turner-motors.co.uk', [PARTS.starter]);
    const { fields, files } = await claimForm(hash, lines[0] ?? 0);
    expect((await postClaim(other.member, app, fields, files)).statusCode).toBe(404);
    expect((await postClaim(member, app, { ...fields, order_product_id: String(other.lines[0]) }, files)).statusCode).toBe(404);
    // A visitor's session (with its CSRF token) and no session at all.
    expect((await postClaim(await shopper(app), app, fields, files)).statusCode).toBe(401);
    expect((await postClaim(null, app, fields, files)).statusCode).toBe(403);
    expect((await postClaim(member, app, fields, files, { csrf: false })).statusCode).toBe(403);
    expect(await stored()).toEqual({ claims: 0, files: 0, certificates: 0, claimMails: 0 });
  });

  it('answers bad input 422 naming each field, and writes nothing', async () => {
    const { app } = await shop();
    const { member, hash, lines } = await paidMember(app, 'jo@fleetfix.co.uk', [PARTS.alternator]);
    const { fields } = await claimForm(hash, lines[0] ?? 0);
    const bad = await postClaim(member, app, { ...fields, reason: 'stopped_working', how_often: '', fitted_on: '2031-01-01', mileage: 'lots', garage_name: '' }, [
      { part: 'invoice', name: 'invoice.pdf', bytes: polyglotCv(), type: 'application/pdf' },
    ]);
    expect(bad.statusCode, bad.body).toBe(422);
    const { errors } = bad.json() as { errors: Record<string, string[]> };
    expect(Object.keys(errors).sort()).toEqual(['fitted_on', 'garage_name', 'how_often', 'invoice', 'mileage', 'photos']);
    expect(errors.invoice?.[0]).toContain('invoice.pdf is not a PDF we can open');
    const noReason = await postClaim(member, app, { ...fields, reason: 'bored' }, (await claimForm(hash, lines[0] ?? 0)).files);
    expect(noReason.statusCode).toBe(422);
    expect((noReason.json() as { errors: Record<string, string[]> }).errors.reason).toEqual(['Please choose what is wrong with the part.']);
    expect((await postClaim(member, app, { ...fields, order_product_id: 'first' }, [])).statusCode).toBe(422);
    expect(await stored()).toEqual({ claims: 0, files: 0, certificates: 0, claimMails: 0 });
  });

  it('refuses a claim once the warranty has ended, naming the day', async () => {
    const { app, clock } = await shop();
    const { member, hash, lines } = await paidMember(app, 'jo@fleetfix.co.uk', [PARTS.alternator]);
    clock.advance(31 * DAY);
    // The member's next visit: a new session (the old one has run out), then the sign-in.
    member.adopt(await member.call('GET', '/app-props.json'));
    await expectOk(signIn(member, 'jo@fleetfix.co.uk', PASSWORD));
    const { fields, files } = await claimForm(hash, lines[0] ?? 0);
    const refused = await postClaim(member, app, fields, files);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toMatch(/^The warranty of this part ended on 25 December 2026: it can no longer be claimed\.$/);
    expect(await stored()).toEqual({ claims: 0, files: 0, certificates: 0, claimMails: 0 });
  });
});

describe('warranty claims in the back office', () => {
  it('asks a question, has the answer, approves with a refund through the provider: each step mailed, pushed, audited; the line is then never claimed again', async () => {
    const { app, sales } = await shop();
    const { member, hash, lines, values } = await paidMember(app, 'jo@fleetfix.co.uk', [PARTS.alternator]);
    const { fields, files } = await claimForm(hash, lines[0] ?? 0);
    const { claim } = createWarrantyClaim.response.parse((await postClaim(member, app, fields, files)).json());
    // A second claim while the first is decided.
    const twice = await postClaim(member, app, fields, (await claimForm(hash, lines[0] ?? 0)).files);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toContain('already has a warranty claim (submitted)');

    const queue = await sales.get('/web-api/admin/warranty-claims/list.json?status=open');
    expect(queue.json().records.map((row: { id: number }) => row.id)).toEqual([claim.id]);
    const page = await sales.get(`/web-api/admin/warranty-claims/${claim.id}`);
    expect(page.json().claim).toMatchObject({ next_steps: ['request_information', 'approve', 'reject'], refundable: values[0], labour_cap: 15_000, certificate: { number: claim.certificate_number }, mileage: 84_210 });
    const photo = page.json().claim.files[0];
    const file = await sales.get(`/web-api/admin/warranty-claims/${claim.id}/files/${photo.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');

    const asked = await sales.post(`/web-api/admin/warranty-claims/${claim.id}/request-information`, { message: 'Please send a photo of the part number label.' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().claim.status).toBe('information_requested');
    const answered = await member.call('POST', `/warranty-claims/${claim.id}/reply`, { message: 'The label reads 0124525093.' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().claim.status).toBe('submitted');
    expect((await member.call('POST', `/warranty-claims/${claim.id}/reply`, { message: 'And once more, again.' })).statusCode).toBe(409);
    expect((await member.call('POST', `/warranty-claims/${claim.id}/reply`, { message: 'short' })).statusCode).toBe(422);

    // Bad approvals: no amount, more than the part's price, a labour contribution over the cap.
    const url = `/web-api/admin/warranty-claims/${claim.id}/approve`;
    expect((await sales.post(url, { settlement: 'refund', idempotency_key: 'claim-refund-key-0001' })).json().errors.amount).toBeDefined();
    expect((await sales.post(url, { settlement: 'refund', amount: (values[0] ?? 0) + 1, idempotency_key: 'claim-refund-key-0001' })).statusCode).toBe(422);
    expect((await sales.post(url, { settlement: 'labour', amount: 15_001, idempotency_key: 'claim-refund-key-0001' })).statusCode).toBe(422);

    // A claim is refunded once: while another approval's refund stands, one under another key is refused.
    const { db: handle } = await testDatabase();
    await handle.update(warrantyClaims).set({ refundKey: 'claim-refund-key-0001' }).where(eq(warrantyClaims.id, claim.id));
    const other = await sales.post(url, { settlement: 'refund', amount: 5_000, idempotency_key: 'claim-refund-key-0002' });
    expect(other.statusCode).toBe(409);
    expect(other.json().msg).toBe('A refund of this claim is being made already: wait a moment and look at the claim again.');
    const approved = await sales.post(url, { settlement: 'refund', amount: 5_000, idempotency_key: 'claim-refund-key-0001' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().claim).toMatchObject({ status: 'approved', settlement: 'refund', settlement_amount: 5_000, next_steps: ['close'] });
    const { db } = await testDatabase();
    expect((await db.select().from(sandboxRefunds)).map((refund) => refund.amount)).toEqual([5_000]);
    // The same key again: answered, not refunded twice.
    const again = await sales.post(url, { settlement: 'refund', amount: 5_000, idempotency_key: 'claim-refund-key-0001' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await db.$count(sandboxRefunds)).toBe(1);

    const mine = getWarrantyClaim.response.parse((await expectOk(member.call('GET', `/warranty-claims/${claim.id}`))).json()).claim;
    expect(mine).toMatchObject({ status: 'approved', status_label: 'Approved', settlement_label: 'Refund', refunded: 5_000 });
    expect(mine.history.map((step) => [step.to, step.by])).toEqual([
      ['submitted', 'you'],
      ['information_requested', 'us'],
      ['submitted', 'you'],
      ['approved', 'us'],
    ]);
    expect(mine.history[1]?.message).toBe('Please send a photo of the part number label.');
    expect(await memberMails('jo@fleetfix.co.uk')).toEqual(
      expect.arrayContaining([`A question about your warranty claim ${claim.reference}`, `We have your answer about claim ${claim.reference}`, `Your warranty claim ${claim.reference} is approved`]),
    );
    expect(await pushes()).toEqual(expect.arrayContaining(['We have a question about your claim.', 'We have your answer.', 'Approved: £50.00 refunded.']));
    expect(await audits('warranty_claim.request_information')).toBe(1);
    expect(await audits('warranty_claim.approve')).toBe(1);

    const closed = await sales.post(`/web-api/admin/warranty-claims/${claim.id}/close`);
    expect(closed.json().claim.status).toBe('closed');
    const settled = await postClaim(member, app, fields, (await claimForm(hash, lines[0] ?? 0)).files);
    expect(settled.statusCode).toBe(409);
    expect(settled.json().msg).toBe('This part has been claimed under its warranty already and the claim was settled: it cannot be claimed again.');
  });

  it('approves with a replacement order at no cost (the part sold), and rejects another claim with the reason, leaving its line free', async () => {
    const { app, sales } = await shop();
    const { member, hash, lines } = await paidMember(app, 'jo@fleetfix.co.uk', [PARTS.alternator, PARTS.starter]);
    const first = createWarrantyClaim.response.parse((await postClaim(member, app, ...Object.values(await claimForm(hash, lines[0] ?? 0)) as [Record<string, string>, Upload[]])).json()).claim;
    const refused = await sales.post(`/web-api/admin/warranty-claims/${first.id}/approve`, { settlement: 'replacement', replacement_tag: PARTS.alternator });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.replacement_tag).toEqual([`${PARTS.alternator} is not on sale: choose a part that is.`]);
    const approved = await sales.post(`/web-api/admin/warranty-claims/${first.id}/approve`, { settlement: 'replacement', replacement_tag: PARTS.alternatorB });
    expect(approved.statusCode, approved.body).toBe(200);
    const number = approved.json().claim.replacement_order_number as string;
    const { db } = await testDatabase();
    const [replacement] = await db.select().from(orders).where(eq(orders.number, number));
    expect(replacement).toMatchObject({ toPay: 0, totalValue: 0, cartId: null, email: 'jo@fleetfix.co.uk' });
    const replacementLines = await db.select().from(orderProducts).where(eq(orderProducts.orderId, replacement?.id ?? 0));
    expect(replacementLines.map((line) => [line.tag, line.grossValue])).toEqual([[PARTS.alternatorB, 0]]);
    expect((await db.select({ status: parts.status }).from(parts).where(eq(parts.tag, PARTS.alternatorB)))[0]?.status).toBe('sold');
    expect(await memberMails('jo@fleetfix.co.uk')).toContain(`Your warranty claim ${first.reference} is approved`);

    const second = createWarrantyClaim.response.parse((await postClaim(member, app, ...Object.values(await claimForm(hash, lines[1] ?? 0)) as [Record<string, string>, Upload[]])).json()).claim;
    const rejected = await sales.post(`/web-api/admin/warranty-claims/${second.id}/reject`, { reason: 'The photos show the part was damaged on fitting.' });
    expect(rejected.json().claim.status).toBe('rejected');
    expect((await sales.post(`/web-api/admin/warranty-claims/${second.id}/approve`, { settlement: 'replacement', replacement_tag: PARTS.headlight })).statusCode).toBe(409);
    expect((await sales.post(`/web-api/admin/warranty-claims/${second.id}/reject`, { reason: 'short' })).statusCode).toBe(422);
    const mine = getWarrantyClaim.response.parse((await expectOk(member.call('GET', `/warranty-claims/${second.id}`))).json()).claim;
    expect(mine.history.at(-1)).toMatchObject({ to: 'rejected', message: 'The photos show the part was damaged on fitting.' });
    expect(await audits('warranty_claim.reject')).toBe(1);
    // A rejected claim leaves the line free for another while its warranty runs.
    expect((await postClaim(member, app, ...Object.values(await claimForm(hash, lines[1] ?? 0)) as [Record<string, string>, Upload[]])).statusCode).toBe(200);
  });
});

/** Staff approve the claim with a refund of `amount` through the provider. */
async function approveWithRefund(sales: StaffBrowser, claimId: number, amount: number, key: string): Promise<void> {
  const approved = await sales.post(`/web-api/admin/warranty-claims/${claimId}/approve`, { settlement: 'refund', amount, idempotency_key: key });
  expect(approved.statusCode, approved.body).toBe(200);
}

/** POST /returns/create as the return modal sends it ('No longer needed' asks nothing more). */
async function postReturn(buyer: Shopper, app: FastifyInstance, hash: string, line: number): Promise<LightMyRequestResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ order_id: hash, order_product_id: String(line), return_reason_id: '5' })) form.append(name, value);
  const request = new Request('http://shop.test/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: '/web-api/returns/create',
    headers: { cookie: buyer.cookie, 'x-csrf-token': buyer.csrfToken, 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const orderLines = async (buyer: Shopper) => getOrderList.response.parse((await expectOk(buyer.call('GET', '/orders/getList.json'))).json()).data.orders.flatMap((order) => order.order_products);

describe('a deleted account’s warranty claims', () => {
  it('lose their photos, invoice and the member’s own words, and keep the decision and the refund', async () => {
    const { app, sales } = await shop();
    const { member, hash, lines, number } = await paidMember(app, 'jo@fleetfix.co.uk', [PARTS.alternator]);
    const { fields, files } = await claimForm(hash, lines[0] ?? 0, { description: 'Fitted on my drive at 4 Elm Road, Leeds; call me on 07700 900123.' });
    const { claim } = createWarrantyClaim.response.parse((await postClaim(member, app, fields, files)).json());
    await sales.post(`/web-api/admin/warranty-claims/${claim.id}/request-information`, { message: 'Please send a photo of the part number label.' });
    await expectOk(member.call('POST', `/warranty-claims/${claim.id}/reply`, { message: 'Jo Bloggs here, the label reads 0124525093.' }));
    await approveWithRefund(sales, claim.id, 5_000, 'claim-erasure-key-0001');
    const { db } = await testDatabase();
    const [before] = await db.select({ n: count() }).from(warrantyClaimFiles).where(eq(warrantyClaimFiles.claimId, claim.id));
    expect(before?.n).toBe(2);
    const staffPage = (await sales.get(`/web-api/admin/warranty-claims/${claim.id}`)).json().claim as { files: { id: number }[] };

    const reasons = (await expectOk(member.call('GET', '/reason-for-deletions/get-list'))).json().data as Record<string, string>;
    await expectOk(member.call('POST', '/members/delete-account', { reason_for_deletion_id: Object.keys(reasons)[0] }));

    // The evidence is gone from the shop's store: no file row, no bytes, none reachable by staff.
    expect(await db.$count(warrantyClaimFiles, eq(warrantyClaimFiles.claimId, claim.id))).toBe(0);
    for (const file of staffPage.files) expect((await sales.get(`/web-api/admin/warranty-claims/${claim.id}/files/${file.id}`)).statusCode).toBe(404);
    const [kept] = await db.select().from(warrantyClaims).where(eq(warrantyClaims.id, claim.id));
    // The member's words are gone; the choices, the dates and the money stay as the shop's records.
    expect(kept).toMatchObject({ answers: { how_often: 'always' }, garageName: '', status: 'approved', settlement: 'refund', settlementAmount: 5_000, mileage: 84_210, fittedOn: '2026-11-25' });
    const memberSteps = await db.select({ message: warrantyClaimSteps.message }).from(warrantyClaimSteps).where(and(eq(warrantyClaimSteps.claimId, claim.id), isNull(warrantyClaimSteps.staffId)));
    expect(memberSteps.map((step) => step.message)).toEqual(['', '']);
    expect(JSON.stringify(await db.select().from(warrantyClaims))).not.toMatch(/Elm Road|07700 900123|Turner Motors|Jo Bloggs/);
    expect(JSON.stringify(await db.select().from(warrantyClaimSteps))).not.toMatch(/Jo Bloggs/);
    // Staff's own question stays with the claim's history.
    expect((await db.select().from(warrantyClaimSteps).where(eq(warrantyClaimSteps.claimId, claim.id))).map((step) => step.message)).toContain('Please send a photo of the part number label.');
    // The refund stays in the order's accounts.
    const [order] = await db.select().from(orders).where(eq(orders.number, number));
    expect((await db.select({ amount: orderRefunds.amount, state: orderRefunds.state }).from(orderRefunds).where(eq(orderRefunds.orderId, order?.id ?? 0)))).toEqual([{ amount: 5_000, state: 'succeeded' }]);
    expect((await db.select().from(sandboxRefunds)).map((refund) => refund.amount)).toEqual([5_000]);
    expect((await db.select({ email: members.email }).from(members).where(eq(members.id, order?.memberId ?? 0)))[0]?.email).toMatch(/@deleted\.invalid$/);
  });
});

describe('returns of a line refunded through a warranty claim', () => {
  it('are neither offered in the order list nor accepted: 422 naming the line; a line refunded in part may still be returned', async () => {
    const { app, sales } = await shop();
    const { member, hash, lines, values } = await paidMember(app, 'jo@fleetfix.co.uk', [PARTS.alternator, PARTS.starter]);
    const [whole, part] = [lines[0] ?? 0, lines[1] ?? 0];
    const first = createWarrantyClaim.response.parse((await postClaim(member, app, ...(Object.values(await claimForm(hash, whole)) as [Record<string, string>, Upload[]]))).json()).claim;
    await approveWithRefund(sales, first.id, values[0] ?? 0, 'claim-refund-whole-0001');
    const second = createWarrantyClaim.response.parse((await postClaim(member, app, ...(Object.values(await claimForm(hash, part)) as [Record<string, string>, Upload[]]))).json()).claim;
    await approveWithRefund(sales, second.id, 1_000, 'claim-refund-part-0001');

    const refused = await postReturn(member, app, hash, whole);
    expect(refused.statusCode, refused.body).toBe(422);
    const { db } = await testDatabase();
    const [{ name } = { name: '' }] = await db.select({ name: orderProducts.name }).from(orderProducts).where(eq(orderProducts.id, whole));
    expect((refused.json() as { errors: Record<string, string[]> }).errors.order_product_id).toEqual([`${name} has been refunded in full (£${((values[0] ?? 0) / 100).toFixed(2)}), so it cannot be returned.`]);
    expect(await db.$count(returns)).toBe(0);

    // The order list says what was refunded of each line, from which the account offers no return of the first.
    const listed = await orderLines(member);
    expect(listed.find((line) => line.id === whole)).toMatchObject({ refunded: values[0], has_return: false });
    expect(listed.find((line) => line.id === part)).toMatchObject({ refunded: 1_000, has_return: false });
    const accepted = await postReturn(member, app, hash, part);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});

describe('the warranty of a line in the order list', () => {
  it('says when it ends and whether it is in force, by the shop’s clock', async () => {
    const { app, clock } = await shop();
    const { member, hash, lines } = await paidMember(app, 'jo@fleetfix.co.uk', [PARTS.alternator]);
    const { db } = await testDatabase();
    const paidAt = (await db.select({ paidAt: orders.paidAt }).from(orders).where(eq(orders.hash, hash)))[0]?.paidAt ?? new Date(0);
    // The free warranty's 30 days from the payment.
    const endsAt = new Date(paidAt.getTime() + 30 * DAY).toISOString();
    expect((await orderLines(member)).find((line) => line.id === lines[0])?.warranty).toEqual({ ends_at: endsAt, in_warranty: true });
    clock.advance(31 * DAY);
    member.adopt(await member.call('GET', '/app-props.json'));
    await expectOk(signIn(member, 'jo@fleetfix.co.uk', PASSWORD));
    expect((await orderLines(member)).find((line) => line.id === lines[0])?.warranty).toEqual({ ends_at: endsAt, in_warranty: false });
  });
});
