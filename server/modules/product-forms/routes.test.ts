import { eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { EnquiryBody, ProductNotificationBody } from '../../../src/contract/product-forms';
import { formatMoney, grossFromNet } from '../../../src/domain/money';
import { enquiries, idempotencyKeys, mailOutbox, parts, productNotifications, vehicleProducts } from '../../db/schema';
import { startVisit, type Visitor } from '../../test/app';
import { catalogueApp, useSeededCatalogue } from '../../test/catalogue';
import { testDatabase } from '../../test/database';
import { runBackInStock } from './back-in-stock';

useSeededCatalogue({ parts: 400, seed: 1 });

const PUBLIC_URL = 'https://www.partsfinder.example';
const SHOP_EMAIL = 'enquiries@partsfinder.example';
const invalidFields = 'Please correct the highlighted fields.';

/** What the tests of this file add; the seeded catalogue itself stays as it was. */
beforeEach(async () => {
  const { db } = await testDatabase();
  await db.delete(productNotifications);
  await db.delete(enquiries);
  await db.delete(mailOutbox);
  await db.delete(idempotencyKeys);
});

const app = () => catalogueApp({ env: { PUBLIC_URL, SHOP_EMAIL } });

function post(shop: FastifyInstance, url: string, visitor: Visitor | null, payload: unknown, headers: Record<string, string> = {}) {
  return shop.inject({
    method: 'POST',
    url,
    headers: { ...(visitor ? { cookie: visitor.cookie, 'x-csrf-token': visitor.csrfToken } : {}), ...headers },
    payload: payload as object,
  });
}

interface Triple {
  tag: string;
  partTypeId: number;
  makeId: number;
  modelId: number;
}

/** A sold or coming-soon part of a part type, make and model that has no available part. */
async function partWithNothingAvailable(): Promise<Triple> {
  const { db } = await testDatabase();
  const result = await db.execute(sql`
    SELECT p.tag, p.part_type_id AS "partTypeId", p.make_id AS "makeId", p.model_id AS "modelId" FROM parts p
    WHERE p.status IN ('sold', 'coming_soon') AND NOT EXISTS (
      SELECT 1 FROM parts q WHERE q.status = 'available' AND q.part_type_id = p.part_type_id AND q.make_id = p.make_id AND q.model_id = p.model_id)
    ORDER BY p.id LIMIT 1`);
  const [row] = (result as unknown as { rows: Triple[] }).rows;
  if (!row) throw new Error('the seeded catalogue has no such part');
  return row;
}

/** Lists a copy of part `tag` under `newTag` with `changes`; removed again when the test ends. */
async function listCopy(tag: string, newTag: string, changes: { status?: string; modelId?: number } = {}): Promise<void> {
  const { db } = await testDatabase();
  await db.execute(sql`
    INSERT INTO parts (tag, stock_number, part_type_id, category_id, make_id, model_id, year, engine_code, part_name, description,
                       oem, oem_normalised, grade, price_net, stock_quantity, status, created_at)
    SELECT ${newTag}, stock_number, part_type_id, category_id, make_id, coalesce(${changes.modelId ?? null}::int, model_id), year, engine_code, part_name,
           description, oem, oem_normalised, grade, 12345, 1, ${changes.status ?? 'available'}, now()
    FROM parts WHERE tag = ${tag}`);
  onTestFinished(async () => {
    await db.delete(parts).where(eq(parts.tag, newTag));
  });
}

async function stored() {
  const { db } = await testDatabase();
  return {
    notifications: await db.select().from(productNotifications).orderBy(productNotifications.id),
    enquiries: await db.select().from(enquiries).orderBy(enquiries.id),
    mails: await db.select().from(mailOutbox).orderBy(mailOutbox.id),
  };
}

// ---------------------------------------------------------------------------------------------

const notification = (productId: string, changes: Partial<Record<keyof ProductNotificationBody, unknown>> = {}) => ({
  first_name: 'Sam',
  last_name: 'Turner',
  email: 'sam@turner-motors.co.uk',
  phone: '07700 900123',
  agree_terms: true,
  agree_privacy: true,
  product_id: productId,
  ...changes,
});

const notify = (shop: FastifyInstance, visitor: Visitor | null, payload: unknown, headers?: Record<string, string>) =>
  post(shop, '/web-api/product-notifications', visitor, payload, headers);

describe('POST /web-api/product-notifications', () => {
  it('stores the request for the part type, make and model, confirms it by e-mail and thanks', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);

    const response = await notify(shop, visitor, notification('P0012008'));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      msg: 'Thank you. We will email sam@turner-motors.co.uk as soon as we have a matching part in stock: Alternator, Ford Focus.',
    });
    const { db } = await testDatabase();
    const [sold] = await db.select().from(parts).where(eq(parts.tag, 'P0012008'));
    const { notifications, mails } = await stored();
    expect(notifications).toEqual([
      expect.objectContaining({
        partTag: 'P0012008',
        partTypeId: sold?.partTypeId,
        makeId: sold?.makeId,
        modelId: sold?.modelId,
        partName: 'Alternator',
        makeName: 'Ford',
        modelName: 'Focus',
        firstName: 'Sam',
        lastName: 'Turner',
        email: 'sam@turner-motors.co.uk',
        phone: '07700 900123',
        status: 'waiting',
        notifiedAt: null,
      }),
    ]);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'sam@turner-motors.co.uk', subject: 'Back-in-stock alert set: Alternator, Ford Focus' });
    expect(mails[0]?.text).toContain('Hello Sam,');
    expect(mails[0]?.text).toContain(`${PUBLIC_URL}/product/ford/focus/alternator/P0012008`);
  });

  it('keeps one waiting request per address and part type, make and model: asking again mails nothing', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);

    expect((await notify(shop, visitor, notification('P0012008'))).statusCode).toBe(200);
    const again = await notify(shop, visitor, notification('P0012008', { email: 'SAM@turner-motors.co.uk', first_name: 'Samuel' }));

    expect(again.statusCode).toBe(200);
    expect(again.json().success).toBe(true);
    const { notifications, mails } = await stored();
    expect([notifications.length, mails.length]).toEqual([1, 1]);
  });

  it('takes an empty phone as none', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);

    expect((await notify(shop, visitor, notification('P0012010', { phone: ' ' }))).statusCode).toBe(200);
    const { phone: _phone, ...withoutPhone } = notification('P0012011');
    expect((await notify(shop, visitor, withoutPhone)).statusCode).toBe(200);

    expect((await stored()).notifications.map((n) => n.phone)).toEqual([null, null]);
  });

  it('names every missing field with its message, and stores nothing', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);

    const response = await notify(shop, visitor, {
      first_name: '',
      last_name: ' ',
      email: '',
      phone: '',
      agree_terms: false,
      agree_privacy: false,
      product_id: 'P0012008',
    });

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      success: false,
      msg: invalidFields,
      errors: {
        first_name: ['Please enter your first name.'],
        last_name: ['Please enter your last name.'],
        email: ['Please enter your email address.'],
        agree_terms: ['Please accept the terms and conditions.'],
        agree_privacy: ['Please accept the privacy policy.'],
      },
    });
    expect(await stored()).toEqual({ notifications: [], enquiries: [], mails: [] });
  });

  it.each([
    ['email', 'sam@turner-motors', 'Please enter a valid email address.'],
    ['phone', '0770 ext 12', 'A phone number can only contain digits, spaces, + and -.'],
    ['first_name', 'S'.repeat(101), 'Please check the details you have entered.'],
    ['product_id', 'P00/12008', 'Please check the details you have entered.'],
  ] as const)('refuses a bad %s with 422 naming only that field', async (field, value, message) => {
    const shop = await app();
    const visitor = await startVisit(shop);

    const response = await notify(shop, visitor, notification('P0012008', { [field]: value }));

    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ [field]: [message] });
  });

  it('answers a field missing from the JSON, or of the wrong type, with a 422 naming it', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);
    const { email: _email, ...withoutEmail } = notification('P0012008');

    const missing = await notify(shop, visitor, withoutEmail);
    const wrongType = await notify(shop, visitor, notification('P0012008', { agree_terms: 'yes' }));

    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['email']);
    expect(wrongType.statusCode).toBe(422);
    expect(Object.keys(wrongType.json().errors)).toEqual(['agree_terms']);
  });

  it('answers 404 for a Tag no part has, and 409 for a part that is available now', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);

    const unknown = await notify(shop, visitor, notification('P9999999'));
    const available = await notify(shop, visitor, notification('P0012001'));

    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, msg: 'This product could not be found.' });
    expect(available.statusCode).toBe(409);
    expect(available.json()).toEqual({ success: false, msg: 'Good news: this part is in stock now, so you can buy it straight away.' });
    expect(await stored()).toEqual({ notifications: [], enquiries: [], mails: [] });
  });

  it('refuses a request without the CSRF token with 403', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);

    const withoutToken = await shop.inject({
      method: 'POST',
      url: '/web-api/product-notifications',
      headers: { cookie: visitor.cookie },
      payload: notification('P0012008'),
    });
    const withoutSession = await notify(shop, null, notification('P0012008'));

    expect(withoutToken.statusCode).toBe(403);
    expect(withoutSession.statusCode).toBe(403);
    expect(await stored()).toEqual({ notifications: [], enquiries: [], mails: [] });
  });

  it('answers a repeat with the same Idempotency-Key with the stored answer, writing nothing', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);
    const key = { 'idempotency-key': '0d3c5c1e-notification-replay' };

    const first = await notify(shop, visitor, notification('P0012008'), key);
    const repeat = await notify(shop, visitor, notification('P0012008'), key);

    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    const { notifications, mails } = await stored();
    expect([notifications.length, mails.length]).toEqual([1, 1]);
  });

  it('allows 10 requests a minute from one address', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await notify(shop, visitor, {})).statusCode);

    expect(statuses).toEqual([...Array<number>(10).fill(422), 429]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('back in stock', () => {
  it('mails each waiting request exactly once when a matching part becomes available, and marks it notified', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);
    const { db } = await testDatabase();
    const wanted = await partWithNothingAvailable();
    expect((await notify(shop, visitor, notification(wanted.tag))).statusCode).toBe(200);
    const options = { publicUrl: PUBLIC_URL };

    // Nothing of that part type, make and model is available: no mail, still waiting.
    expect(await runBackInStock(db, options)).toBe(0);
    // A part of the same type and make but another model does not match either.
    const [otherModel] = await db.execute(sql`SELECT id FROM models WHERE make_id = ${wanted.makeId} AND id <> ${wanted.modelId} LIMIT 1`).then(
      (result) => (result as unknown as { rows: { id: number }[] }).rows,
    );
    if (otherModel) await listCopy(wanted.tag, 'TBACK00001', { modelId: otherModel.id });
    // Nor does one of the same vehicle that is only coming soon.
    await listCopy(wanted.tag, 'TBACK00002', { status: 'coming_soon' });
    expect(await runBackInStock(db, options)).toBe(0);
    expect((await stored()).mails).toHaveLength(1);

    await listCopy(wanted.tag, 'TBACK00003');
    // Rounds that overlap, and rounds after: one mail in all.
    const concurrent = await Promise.all([runBackInStock(db, options), runBackInStock(db, options), runBackInStock(db, options)]);
    const later = [await runBackInStock(db, options), await runBackInStock(db, options)];

    expect([...concurrent, ...later].reduce((sum, n) => sum + n, 0)).toBe(1);
    const { notifications, mails } = await stored();
    expect(notifications).toEqual([expect.objectContaining({ status: 'notified', notifiedPartTag: 'TBACK00003', notifiedAt: expect.any(Date) })]);
    expect(mails).toHaveLength(2);
    const mail = mails[1];
    expect(mail?.to).toBe('sam@turner-motors.co.uk');
    expect(mail?.subject).toMatch(/^In stock now: /);
    expect(mail?.text).toContain(`Price: ${formatMoney(grossFromNet(12345))} inc. VAT`);
    expect(mail?.text).toMatch(new RegExp(`See it here: ${PUBLIC_URL}/product/[a-z0-9-]+/[a-z0-9-]+/[a-z0-9-]+/TBACK00003\\n`));
  });

  it('names the very part the person looked at when it is back on sale', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);
    const { db } = await testDatabase();
    const wanted = await partWithNothingAvailable();
    expect((await notify(shop, visitor, notification(wanted.tag))).statusCode).toBe(200);
    await listCopy(wanted.tag, 'TBACK00004');
    const [before] = await db.select({ status: parts.status }).from(parts).where(eq(parts.tag, wanted.tag));
    await db.update(parts).set({ status: 'available' }).where(eq(parts.tag, wanted.tag));
    onTestFinished(async () => {
      if (before) await db.update(parts).set({ status: before.status }).where(eq(parts.tag, wanted.tag));
    });

    expect(await runBackInStock(db, { publicUrl: PUBLIC_URL })).toBe(1);

    expect((await stored()).notifications[0]?.notifiedPartTag).toBe(wanted.tag);
  });

  it('notifies every waiting request of the vehicle, each once', async () => {
    const shop = await app();
    const { db } = await testDatabase();
    const wanted = await partWithNothingAvailable();
    for (const email of ['a@garage.example', 'b@garage.example', 'c@garage.example']) {
      const visitor = await startVisit(shop);
      expect((await notify(shop, visitor, notification(wanted.tag, { email }))).statusCode).toBe(200);
    }
    await listCopy(wanted.tag, 'TBACK00005');

    expect(await runBackInStock(db, { publicUrl: PUBLIC_URL })).toBe(3);
    expect(await runBackInStock(db, { publicUrl: PUBLIC_URL })).toBe(0);

    const { notifications, mails } = await stored();
    expect(notifications.every((n) => n.status === 'notified')).toBe(true);
    const availability = mails.filter((mail) => mail.subject.startsWith('In stock now'));
    expect(availability.map((mail) => mail.to).sort()).toEqual(['a@garage.example', 'b@garage.example', 'c@garage.example']);
  });
});

// ---------------------------------------------------------------------------------------------

const enquiry = (changes: Partial<Record<keyof EnquiryBody, unknown>> = {}) => ({
  first_name: 'Priya',
  last_name: 'Shah',
  phone_number: '+44 7700-900456',
  email_address: 'priya@shah-garage.co.uk',
  contact_by_phone: true,
  contact_by_email: false,
  message: 'Is the pulley included?',
  agree_terms: true,
  agree_marketing: true,
  form_name: 'Enquiry form',
  product_name: 'Ford Focus Alternator',
  product_id: 'P0012001',
  ...changes,
});

const enquire = (shop: FastifyInstance, visitor: Visitor | null, payload: unknown, headers?: Record<string, string>) =>
  post(shop, '/form-messages/save.json', visitor, payload, headers);

describe('POST /form-messages/save.json (no API prefix)', () => {
  it('stores the enquiry, e-mails it to the shop and answers status and message', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);

    const response = await enquire(shop, visitor, enquiry());

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', message: 'Thank you for your enquiry. We will get back to you within one working day.' });
    const { enquiries: rows, mails } = await stored();
    expect(rows).toEqual([
      expect.objectContaining({
        formName: 'Enquiry form',
        productType: 'part',
        productRef: 'P0012001',
        productName: 'Ford Focus Alternator (P0012001)',
        firstName: 'Priya',
        lastName: 'Shah',
        phoneNumber: '+44 7700-900456',
        emailAddress: 'priya@shah-garage.co.uk',
        contactByPhone: true,
        contactByEmail: false,
        message: 'Is the pulley included?',
      }),
    ]);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: SHOP_EMAIL, subject: 'Enquiry ENQ-000001: Ford Focus Alternator (P0012001)' });
    const text = mails[0]?.text ?? '';
    expect(text).toContain('Price: £79.99 inc. VAT');
    expect(text).toContain(`Link: ${PUBLIC_URL}/product/ford/focus/alternator/P0012001`);
    expect(text).toContain('Email: priya@shah-garage.co.uk');
    expect(text).toContain('Contact by: phone');
    expect(text).toContain('Is the pulley included?');
  });

  it('takes an enquiry about a vehicle product by its slug', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);
    const { db } = await testDatabase();
    const [vehicle] = await db.select().from(vehicleProducts).where(isNull(vehicleProducts.parentId)).limit(1);
    if (!vehicle) throw new Error('no vehicle product seeded');

    const response = await enquire(shop, visitor, enquiry({ product_type: 'vehicle', product_id: vehicle.slug, message: undefined }));

    expect(response.statusCode).toBe(200);
    const { enquiries: rows, mails } = await stored();
    expect(rows[0]).toMatchObject({ productType: 'vehicle', productRef: vehicle.slug, productName: vehicle.name, message: '' });
    expect(mails[0]?.text).toContain(`Link: ${PUBLIC_URL}/product/${vehicle.slug}`);
  });

  it('names every missing field with the messages of SPEC §5, and stores nothing', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);

    const response = await enquire(
      shop,
      visitor,
      enquiry({ first_name: '', last_name: '', phone_number: '', email_address: '', agree_terms: false, agree_marketing: false }),
    );

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      success: false,
      msg: invalidFields,
      errors: {
        first_name: ['Please enter your first name.'],
        last_name: ['Please enter your last name.'],
        phone_number: ['Please enter your phone number.'],
        email_address: ['Please enter your email address.'],
        agree_terms: ['Please accept the terms and conditions.'],
        agree_marketing: ['Please agree to be contacted about your enquiry.'],
      },
    });
    expect(await stored()).toEqual({ notifications: [], enquiries: [], mails: [] });
  });

  it.each([
    ['email_address', 'priya@', 'Please enter a valid email address.'],
    ['phone_number', 'ring me', 'A phone number can only contain digits, spaces, + and -.'],
    ['form_name', 'Contact form', 'Please check the details you have entered.'],
    ['product_id', 'P0012001; DROP TABLE', 'Please check the details you have entered.'],
  ] as const)('refuses a bad %s with 422 naming only that field', async (field, value, message) => {
    const shop = await app();
    const visitor = await startVisit(shop);

    const response = await enquire(shop, visitor, enquiry({ [field]: value }));

    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ [field]: [message] });
  });

  it('answers a field missing from the JSON with a 422 naming it', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);
    const { phone_number: _phone, ...withoutPhone } = enquiry();

    const response = await enquire(shop, visitor, withoutPhone);

    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['phone_number']);
  });

  it('answers 404 for a product that does not exist', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);

    const part = await enquire(shop, visitor, enquiry({ product_id: 'P9999999' }));
    const vehicle = await enquire(shop, visitor, enquiry({ product_type: 'vehicle', product_id: 'no-such-vehicle' }));

    expect([part.statusCode, vehicle.statusCode]).toEqual([404, 404]);
    expect(part.json()).toEqual({ success: false, msg: 'This product could not be found.' });
    expect(await stored()).toEqual({ notifications: [], enquiries: [], mails: [] });
  });

  it('refuses a request without the CSRF token with 403', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);

    const withoutToken = await shop.inject({ method: 'POST', url: '/form-messages/save.json', headers: { cookie: visitor.cookie }, payload: enquiry() });
    const wrongToken = await enquire(shop, { ...visitor, csrfToken: 'forged' }, enquiry());

    expect([withoutToken.statusCode, wrongToken.statusCode]).toEqual([403, 403]);
    expect(await stored()).toEqual({ notifications: [], enquiries: [], mails: [] });
  });

  it('answers a repeat with the same Idempotency-Key with the stored answer, writing nothing', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);
    const key = { 'idempotency-key': 'enquiry-from-the-offline-outbox' };

    const first = await enquire(shop, visitor, enquiry(), key);
    const repeat = await enquire(shop, visitor, enquiry(), key);

    expect(repeat.json()).toEqual(first.json());
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    const { enquiries: rows, mails } = await stored();
    expect([rows.length, mails.length]).toEqual([1, 1]);
  });

  it('allows 10 enquiries a minute from one address', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await enquire(shop, visitor, {})).statusCode);

    expect(statuses).toEqual([...Array<number>(10).fill(422), 429]);
  });
});
