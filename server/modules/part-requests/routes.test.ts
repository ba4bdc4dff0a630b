import { createHash } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AltchaChallenge } from '../../../src/contract/bot-check';
import type { PartRequestBody } from '../../../src/contract/part-requests';
import { mailOutbox, partRequests, partTypes } from '../../db/schema';
import { startVisit, testApp, type Visitor } from '../../test/app';
import { testDatabase } from '../../test/database';

/** A challenge a test solves in a few milliseconds. */
const FAST_CHECK = { ALTCHA_MAX_NUMBER: '20' };
const invalidFields = 'Please correct the highlighted fields.';

async function app(): Promise<FastifyInstance> {
  return testApp({ env: FAST_CHECK });
}

/** What the ALTCHA widget does in the browser: fetch a challenge, solve it, send the payload. */
async function solvedToken(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/web-api/bot-check/challenge.json' });
  const { challenge } = response.json() as { challenge: AltchaChallenge };
  const solution = await solveChallenge({ challenge: challenge as Parameters<typeof solveChallenge>[0]['challenge'], deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function alternator() {
  const { db } = await testDatabase();
  const [row] = await db.select().from(partTypes).where(eq(partTypes.name, 'Alternator'));
  if (!row) throw new Error('part types are not seeded');
  // The select's object as GET /products/types.json gives it.
  return { ID: row.id, Name: row.name, ExternalName: row.externalName, CompatabilityFlag: 'TRUE' as const };
}

async function form(token: string, changes: Partial<Record<keyof PartRequestBody, unknown>> = {}) {
  return {
    name: 'Sam Turner',
    email: 'sam@turner-motors.co.uk',
    car_reg: 'ab12 cde',
    part: await alternator(),
    phone: '07700 900123',
    'cf-token': token,
    ...changes,
  };
}

function submit(app: FastifyInstance, visitor: Visitor, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/web-api/part-requests/form',
    headers: { cookie: visitor.cookie, 'x-csrf-token': visitor.csrfToken, ...headers },
    payload: payload as object,
  });
}

async function stored() {
  const { db } = await testDatabase();
  return { requests: await db.select().from(partRequests), mails: await db.select().from(mailOutbox) };
}

describe('POST /web-api/part-requests/form', () => {
  it('stores the request, puts one acknowledgement in the outbox and thanks with the reference', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);

    const response = await submit(shop, visitor, await form(await solvedToken(shop)));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      msg: 'Thank you. Your request reference is PR-000001. We will search our yards and partners and reply by email within one working day.',
      url: null,
    });
    const { requests, mails } = await stored();
    const part = await alternator();
    expect(requests).toEqual([
      expect.objectContaining({
        id: 1,
        carReg: 'AB12CDE',
        email: 'sam@turner-motors.co.uk',
        name: 'Sam Turner',
        phone: '07700 900123',
        partTypeId: part.ID,
        partName: 'Alternator',
        status: 'new',
        memberId: null,
        sessionId: createHash('sha256').update(visitor.sessionToken).digest('hex'),
      }),
    ]);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'sam@turner-motors.co.uk', subject: 'Your part request PR-000001', sentAt: null });
    expect(mails[0]?.text).toContain('Hello Sam Turner,');
    expect(mails[0]?.text).toContain('Part: Alternator\n  Vehicle registration: AB12CDE\n  Reference: PR-000001');
    expect(mails[0]?.text).toContain('within one working day');
  });

  it('takes the part name from its own list, whatever Name the form sent, and no phone as null', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);
    const part = { ...(await alternator()), Name: 'Gold-plated alternator' };

    const response = await submit(shop, visitor, await form(await solvedToken(shop), { part, phone: '  ' }));

    expect(response.statusCode).toBe(200);
    const { requests } = await stored();
    expect(requests[0]).toMatchObject({ partName: 'Alternator', phone: null });
  });

  it('names every wrong field, in the order of SPEC §5, and stores nothing', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);

    const response = await submit(shop, visitor, { name: ' ', email: '', car_reg: '', part: null, phone: '', 'cf-token': '' });

    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body).toMatchObject({ success: false, msg: invalidFields });
    expect(Object.keys(body.errors)).toEqual(['name', 'email', 'car_reg', 'part', 'cf-token']);
    expect(body.errors).toEqual({
      name: ['Please enter your full name.'],
      email: ['Please enter your email address.'],
      car_reg: ['Please enter your vehicle registration number.'],
      part: ['Please select a part type.'],
      'cf-token': ['Please complete the security check.'],
    });
    expect(await stored()).toEqual({ requests: [], mails: [] });
  });

  it.each([
    ['name', 'Al', 'Please enter at least 3 characters.'],
    ['email', 'a@b.c', 'Please enter at least 6 characters.'],
    ['email', 'sam@turner-motors', 'Please enter a valid email address.'],
    ['car_reg', 'AB', 'Please enter at least 3 characters.'],
    ['car_reg', 'AB-12 CDE', 'Please enter your vehicle registration number.'],
    ['part', { ID: 0, Name: 'Alternator' }, 'Please select a part type.'],
    ['phone', 'call me', 'A phone number can only contain digits, spaces, + and -.'],
  ] as const)('refuses %s %j with 422 naming only that field', async (field, value, message) => {
    const shop = await app();
    const visitor = await startVisit(shop);

    const response = await submit(shop, visitor, await form('not-checked-before-the-fields-pass', { [field]: value }));

    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ [field]: [message] });
  });

  it('answers a field missing from the JSON with a 422 naming it', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);
    const { name: _name, ...withoutName } = await form('token');

    const response = await submit(shop, visitor, withoutName);

    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['name']);
  });

  it('refuses a part type the shop does not have, without using up the bot check', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);
    const token = await solvedToken(shop);

    const refused = await submit(shop, visitor, await form(token, { part: { ID: 999_999, Name: 'Flux capacitor' } }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ part: ['Please select a part type.'] });

    expect((await submit(shop, visitor, await form(token))).statusCode).toBe(200);
  });

  it('refuses a bad bot-check token', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);

    const response = await submit(shop, visitor, await form('bm90IGEgdG9rZW4='));

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      success: false,
      msg: invalidFields,
      errors: { 'cf-token': ['The security check could not be confirmed. Please complete it again.'] },
    });
    expect(await stored()).toEqual({ requests: [], mails: [] });
  });

  it('refuses a bot-check token used before', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);
    const token = await solvedToken(shop);

    expect((await submit(shop, visitor, await form(token))).statusCode).toBe(200);
    const replayed = await submit(shop, visitor, await form(token, { car_reg: 'XY99 ZZZ' }));

    expect(replayed.statusCode).toBe(422);
    expect(Object.keys(replayed.json().errors)).toEqual(['cf-token']);
    const { requests, mails } = await stored();
    expect([requests.length, mails.length]).toEqual([1, 1]);
  });

  it('accepts a token once when two requests race with it', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);
    const body = await form(await solvedToken(shop));

    const statuses = (await Promise.all([1, 2, 3].map(() => submit(shop, visitor, body)))).map((r) => r.statusCode).sort();

    expect(statuses).toEqual([200, 422, 422]);
    expect((await stored()).requests).toHaveLength(1);
  });

  it('answers a repeat with the same Idempotency-Key with the stored answer, writing nothing', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);
    const body = await form(await solvedToken(shop));
    const key = { 'idempotency-key': 'c5a0f3a4-3c57-4f0e-9d55-0d7f0f7b1e01' };

    const first = await submit(shop, visitor, body, key);
    const repeat = await submit(shop, visitor, body, key);

    expect(first.statusCode).toBe(200);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    const { requests, mails } = await stored();
    expect([requests.length, mails.length]).toEqual([1, 1]);
  });

  it('keeps Idempotency-Keys apart per session', async () => {
    const shop = await app();
    const key = { 'idempotency-key': 'same-key-from-two-devices' };
    const first = await startVisit(shop);
    const second = await startVisit(shop);

    expect((await submit(shop, first, await form(await solvedToken(shop)), key)).statusCode).toBe(200);
    const other = await submit(shop, second, await form(await solvedToken(shop), { name: 'Jo Bloggs' }), key);

    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect((await stored()).requests.map((r) => r.name)).toEqual(['Sam Turner', 'Jo Bloggs']);
  });

  it('stores no answer for a failure, so a corrected retry with the same key goes through', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);
    const key = { 'idempotency-key': 'retry-after-fixing-a-field' };
    const token = await solvedToken(shop);

    expect((await submit(shop, visitor, await form(token, { email: 'sam@' }), key)).statusCode).toBe(422);
    const retry = await submit(shop, visitor, await form(token), key);

    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);

    const response = await submit(shop, visitor, await form(await solvedToken(shop)), { 'idempotency-key': 'short' });

    expect(response.statusCode).toBe(400);
    expect((await stored()).requests).toEqual([]);
  });

  it('refuses a request without the CSRF token with 403', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);

    const response = await shop.inject({
      method: 'POST',
      url: '/web-api/part-requests/form',
      headers: { cookie: visitor.cookie },
      payload: await form(await solvedToken(shop)),
    });

    expect(response.statusCode).toBe(403);
    expect(await stored()).toEqual({ requests: [], mails: [] });
  });

  it('allows 10 requests a minute from one address', async () => {
    const shop = await app();
    const visitor = await startVisit(shop);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await submit(shop, visitor, {})).statusCode);

    expect(statuses).toEqual([...Array<number>(10).fill(422), 429]);
  });
});
