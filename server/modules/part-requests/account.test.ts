/**
 * The account's part requests (SPEC §2, §3, §5, §7): a member's own list, most recent first, 5 a
 * page, and the account's form; nobody else's requests, and 401 signed out.
 */
import { hash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { getPartRequestList } from '../../../src/contract/part-requests';
import { idempotencyKeys, mailOutbox, members, partRequests, parts, partTypes } from '../../db/schema';
import { expectOk, PASSWORD, shopApp, shopper, type Shopper, useCheckoutData } from '../../test/checkout';
import { testDatabase } from '../../test/database';
import { testClock } from '../../test/payments';

useCheckoutData();
beforeEach(async () => {
  const { db } = await testDatabase();
  await db.execute(sql.raw('TRUNCATE part_requests RESTART IDENTITY'));
});

const invalidFields = 'Please correct the highlighted fields.';
/** One argon2id hash of the test password for every member of the file (hashing is slow on purpose). */
const passwordHash = hash(PASSWORD);

/** A member's account, signed in on a browser of its own. */
async function signedIn(app: FastifyInstance, email: string, names: [string, string] = ['Jo', 'Bloggs']): Promise<Shopper & { id: number }> {
  const { db } = await testDatabase();
  const [row] = await db.insert(members).values({ email, passwordHash: await passwordHash, firstName: names[0], lastName: names[1] }).returning({ id: members.id });
  if (!row) throw new Error('no member');
  const browser = await shopper(app);
  browser.adopt(await expectOk(browser.call('POST', '/members/login', { email, password: PASSWORD })));
  return Object.assign(browser, { id: row.id });
}

async function partType(name: string) {
  const { db } = await testDatabase();
  const [row] = await db.select().from(partTypes).where(eq(partTypes.name, name));
  if (!row) throw new Error(`no part type ${name}`);
  return row;
}

const listOf = async (browser: Shopper, query = '') => getPartRequestList.response.parse((await expectOk(browser.call('GET', `/part-requests/get-list.json${query}`))).json()).data;

describe('POST /web-api/part-requests/add.json', () => {
  it('stores a request with a part type for the member, with their e-mail and name, mails the acknowledgement and answers the new row', async () => {
    const clock = testClock();
    const app = await shopApp({ clock });
    const jo = await signedIn(app, 'jo@fleetfix.co.uk');
    const alternator = await partType('Alternator');

    const response = await jo.call('POST', '/part-requests/add.json', { car_reg: ' ab12 cde ', part_type: alternator.id, part_name: 'Whatever the form said', part_name_manually: 'ignored' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      msg: 'Thank you. Your request reference is PR-000001. We will search our yards and partners and reply by email within one working day.',
      record: {
        id: 1,
        reference: 'PR-000001',
        car_reg: 'AB12CDE',
        part_name: 'Alternator',
        part_name_manually: null,
        part_type: { ID: alternator.id, Name: 'Alternator' },
        created: '2026-11-25T10:00:00.000Z',
        part_request_status: { code: 'new', name: 'New', color_rgba: 'rgba(13, 110, 253, 1)' },
        part_url: null,
      },
    });
    const { db } = await testDatabase();
    expect(await db.select().from(partRequests)).toEqual([
      expect.objectContaining({ carReg: 'AB12CDE', email: 'jo@fleetfix.co.uk', name: 'Jo Bloggs', phone: null, partTypeId: alternator.id, partName: 'Alternator', memberId: jo.id, status: 'new' }),
    ]);
    const mails = await db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'jo@fleetfix.co.uk', subject: 'Your part request PR-000001' });
    expect(mails[0]?.text).toContain('Part: Alternator\n  Vehicle registration: AB12CDE\n  Reference: PR-000001');
  });

  it('stores a typed part name upper-cased, without a part type', async () => {
    const app = await shopApp({ clock: testClock() });
    const jo = await signedIn(app, 'jo@fleetfix.co.uk');

    const response = await expectOk(jo.call('POST', '/part-requests/add.json', { car_reg: 'XY99ZZZ', part_type: null, part_name_manually: '  offside  wing mirror glass ' }));

    expect(response.json().record).toMatchObject({ part_name: 'OFFSIDE WING MIRROR GLASS', part_name_manually: 'OFFSIDE WING MIRROR GLASS', part_type: null });
    const { db } = await testDatabase();
    expect(await db.select({ partTypeId: partRequests.partTypeId, partName: partRequests.partName }).from(partRequests)).toEqual([{ partTypeId: null, partName: 'OFFSIDE WING MIRROR GLASS' }]);
  });

  it('names each wrong field and stores nothing', async () => {
    const app = await shopApp({ clock: testClock() });
    const jo = await signedIn(app, 'jo@fleetfix.co.uk');
    const cases: [unknown, Record<string, string[]>][] = [
      [{ car_reg: '' }, { car_reg: ['Please enter your vehicle registration number.'], part_name_manually: ['Please choose a part type or type the name of the part.'] }],
      [{ car_reg: 'AB-12 CDE', part_name_manually: 'DOOR' }, { car_reg: ['Please enter your vehicle registration number.'] }],
      [{ car_reg: 'AB12CDE', part_name_manually: '   ' }, { part_name_manually: ['Please choose a part type or type the name of the part.'] }],
      [{ car_reg: 'AB12CDE', part_name_manually: 'X'.repeat(101) }, { part_name_manually: ['Please enter at most 100 characters.'] }],
      [{ car_reg: 'AB12CDE', part_type: 999_999 }, { part_type: ['Please select a part type.'] }],
      [{ part_name_manually: 'DOOR' }, { car_reg: [expect.any(String)] }],
    ];
    for (const [body, errors] of cases) {
      const response = await jo.call('POST', '/part-requests/add.json', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json()).toEqual({ success: false, msg: invalidFields, errors });
    }
    const { db } = await testDatabase();
    expect(await db.select().from(partRequests)).toEqual([]);
    expect(await db.select().from(mailOutbox)).toEqual([]);
  });

  it('answers a repeat with the same Idempotency-Key with the first answer, storing and mailing once', async () => {
    const app = await shopApp({ clock: testClock() });
    const jo = await signedIn(app, 'jo@fleetfix.co.uk');
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/web-api/part-requests/add.json',
        headers: { cookie: jo.cookie, 'x-csrf-token': jo.csrfToken, 'idempotency-key': 'c5a0f3a4-3c57-4f0e-9d55-0d7f0f7b1e02' },
        payload: { car_reg: 'AB12CDE', part_name_manually: 'DOOR' },
      });

    const first = await send();
    const repeat = await send();

    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    const { db } = await testDatabase();
    expect([(await db.select().from(partRequests)).length, (await db.select().from(mailOutbox)).length]).toEqual([1, 1]);
  });

  it('answers a repeat late in the outbox’s week with the first answer, and forgets keys older than 8 days', async () => {
    const app = await shopApp({ clock: testClock() });
    const jo = await signedIn(app, 'jo.week@fleetfix.co.uk');
    const send = (key: string) =>
      app.inject({
        method: 'POST',
        url: '/web-api/part-requests/add.json',
        headers: { cookie: jo.cookie, 'x-csrf-token': jo.csrfToken, 'idempotency-key': key },
        payload: { car_reg: 'AB12CDE', part_name_manually: 'DOOR' },
      });
    const { db } = await testDatabase();
    const age = (key: string, days: number) => db.update(idempotencyKeys).set({ createdAt: sql`now() - ${sql.raw(`interval '${days} days'`)}` }).where(eq(idempotencyKeys.key, key));

    // Sent on Monday, its answer lost; the outbox sends it again six days and 23 hours later.
    const first = await send('outbox-key-late-in-the-week');
    await age('outbox-key-late-in-the-week', 6.96);
    const repeat = await send('outbox-key-late-in-the-week');
    expect(repeat.json()).toEqual(first.json());
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(await db.select().from(partRequests)).toHaveLength(1);

    // A key past 8 days is forgotten when the next keyed write comes in.
    await age('outbox-key-late-in-the-week', 8.01);
    await send('another-key-of-the-outbox');
    expect((await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((row) => row.key)).toEqual(['another-key-of-the-outbox']);
  });

  it('answers 401 signed out and 403 without the CSRF token, storing nothing', async () => {
    const app = await shopApp({ clock: testClock() });
    const visitor = await shopper(app);
    const body = { car_reg: 'AB12CDE', part_name_manually: 'DOOR' };

    expect((await visitor.call('POST', '/part-requests/add.json', body)).statusCode).toBe(401);
    const jo = await signedIn(app, 'jo@fleetfix.co.uk');
    expect((await jo.call('POST', '/part-requests/add.json', body, { csrf: false })).statusCode).toBe(403);
    const { db } = await testDatabase();
    expect(await db.select().from(partRequests)).toEqual([]);
  });
});

describe('GET /web-api/part-requests/get-list.json', () => {
  it("lists the member's own requests, most recent first, 5 a page; oldest first on request", async () => {
    const clock = testClock();
    const app = await shopApp({ clock });
    const jo = await signedIn(app, 'jo@fleetfix.co.uk');
    const alex = await signedIn(app, 'alex@garage.co.uk', ['Alex', 'Smith']);
    for (let i = 1; i <= 7; i++) {
      await expectOk(jo.call('POST', '/part-requests/add.json', { car_reg: 'AB12CDE', part_name_manually: `PART ${i}` }));
      clock.advance(60_000);
    }
    await expectOk(alex.call('POST', '/part-requests/add.json', { car_reg: 'XY99ZZZ', part_name_manually: 'NOT JOS' }));
    // A guest's request from the shop's form, with the same e-mail address: not the member's.
    const { db } = await testDatabase();
    await db.insert(partRequests).values({ carReg: 'AB12CDE', email: 'jo@fleetfix.co.uk', name: 'Jo', partName: 'Alternator', sessionId: 'x', memberId: null });

    const first = await listOf(jo);
    expect(first.records.map((record) => record.part_name)).toEqual(['PART 7', 'PART 6', 'PART 5', 'PART 4', 'PART 3']);
    expect(first.paginator).toEqual({ count: 7, perPage: 5, limit: 5, pageCount: 2, sort: 'created', direction: 'DESC', page: 1, requestedPage: 1 });
    expect((await listOf(jo, '?page=2')).records.map((record) => record.part_name)).toEqual(['PART 2', 'PART 1']);
    const oldest = await listOf(jo, '?sort=created&direction=asc&page=1');
    expect(oldest.records.map((record) => record.part_name)).toEqual(['PART 1', 'PART 2', 'PART 3', 'PART 4', 'PART 5']);
    expect(oldest.paginator.direction).toBe('ASC');
    expect(first.records[4]).toMatchObject({ reference: 'PR-000003', car_reg: 'AB12CDE', created: '2026-11-25T10:02:00.000Z', part_request_status: { name: 'New' } });
    // Past the end: no rows, and the page asked for.
    expect(await listOf(jo, '?page=9')).toMatchObject({ records: [], paginator: { page: 2, requestedPage: 9, pageCount: 2 } });

    expect((await listOf(alex)).records.map((record) => record.part_name)).toEqual(['NOT JOS']);
  });

  it('shows each status with its name and colour', async () => {
    const app = await shopApp({ clock: testClock() });
    const jo = await signedIn(app, 'jo@fleetfix.co.uk');
    const { db } = await testDatabase();
    // The shop found a part for one request: the list links to that part's page.
    const [found] = await db.select({ tag: parts.tag }).from(parts).where(eq(parts.status, 'available')).orderBy(parts.id).limit(1);
    if (!found) throw new Error('the test catalogue has no available part');
    const page = (await (await app.inject({ method: 'GET', url: `/web-api/products/part/${found.tag}.json` })).json()) as { product: { Tag: string } };
    expect(page.product.Tag).toBe(found.tag);
    for (const status of ['new', 'searching', 'found', 'not_found'] as const) {
      await db.insert(partRequests).values({
        carReg: 'AB12CDE',
        email: 'jo@fleetfix.co.uk',
        name: 'Jo Bloggs',
        partName: status.toUpperCase(),
        sessionId: 'x',
        memberId: jo.id,
        status,
        foundPartTag: status === 'found' ? found.tag : null,
        createdAt: new Date(`2026-11-2${['new', 'searching', 'found', 'not_found'].indexOf(status)}T09:00:00Z`),
      });
    }

    const statuses = (await listOf(jo, '?direction=ASC')).records.map((record) => [record.part_request_status, record.part_url]);

    expect(statuses).toEqual([
      [{ code: 'new', name: 'New', color_rgba: 'rgba(13, 110, 253, 1)' }, null],
      [{ code: 'searching', name: 'Searching', color_rgba: 'rgba(255, 193, 7, 1)' }, null],
      [{ code: 'found', name: 'Found', color_rgba: 'rgba(25, 135, 84, 1)' }, expect.stringMatching(new RegExp(`^/product/[a-z0-9-]+/[a-z0-9-]+/[a-z0-9-]+/${found.tag}$`))],
      [{ code: 'not_found', name: 'Not found', color_rgba: 'rgba(108, 117, 125, 1)' }, null],
    ]);
    // Only a found request may name a part.
    await expect(
      db.insert(partRequests).values({ carReg: 'AB12CDE', email: 'jo@fleetfix.co.uk', name: 'Jo Bloggs', partName: 'X', sessionId: 'x', memberId: jo.id, status: 'searching', foundPartTag: found.tag }),
    ).rejects.toThrow();
  });

  it('answers 401 signed out or as a checkout guest, without starting a session; 422 for a bad query', async () => {
    const app = await shopApp({ clock: testClock() });
    const anonymous = await app.inject({ method: 'GET', url: '/web-api/part-requests/get-list.json' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.cookies).toEqual([]);

    const { db } = await testDatabase();
    const [guest] = await db.insert(members).values({ email: 'guest@example.co.uk', firstName: 'G', lastName: 'Uest', isGuest: true }).returning({ id: members.id });
    const browser = await shopper(app);
    await app.sessions.rotate(await app.sessions.resolve(browser.sessionToken), guest?.id ?? 0).then(({ token, session }) => {
      browser.sessionToken = token;
      browser.csrfToken = session.csrfToken;
      browser.cookie = `${app.sessionCookies.names.session}=${token}; ${app.sessionCookies.names.csrf}=${session.csrfToken}`;
    });
    expect((await browser.call('GET', '/part-requests/get-list.json')).statusCode).toBe(401);

    const jo = await signedIn(app, 'jo@fleetfix.co.uk');
    for (const query of ['?limit=0', '?limit=51', '?page=0', '?direction=sideways', '?sort=part']) {
      const response = await jo.call('GET', `/part-requests/get-list.json${query}`);
      expect(response.statusCode, query).toBe(422);
    }
  });
});
