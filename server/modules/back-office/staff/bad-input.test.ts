/**
 * Bad input to every back-office call, sent by a signed-in owner (who passes every check, so the
 * input itself is what is judged): wrong types, missing and extra fields, numbers past their
 * bounds, 10,000-character, control-character and unicode strings, broken JSON and oversize bodies
 * answer 4xx in the envelope, never 5xx; what is refused writes nothing.
 */
import { count, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articleCategories, articleTags, auditLog, staff } from '../../../db/schema';
import { testApp } from '../../../test/app';
import { testDatabase } from '../../../test/database';
import { addOwner, enrolAndSignIn, testClock } from '../../../test/staff';

const LONG = 'x'.repeat(10_000);
const STRINGS = [LONG, 'nul\u0000byte', '\u0007bell', 'ünïcödé 🚗', '', ' '];
const VALUES: unknown[] = [...STRINGS, 0, -1, 2 ** 53, 1.5, true, null, [], {}, ['a']];

describe('bad input to the back office', () => {
  it('answers 4xx in the envelope for every malformed body, path and query; nothing refused is written', { timeout: 120_000 }, async () => {
    const clock = testClock();
    const app = await testApp({ clock: clock.now, env: { RATE_LIMIT_SIGN_IN_MAX: '100000', RATE_LIMIT_MAX: '100000' } });
    const { db } = await testDatabase();
    await addOwner(db, clock);
    const owner = (await enrolAndSignIn(app, clock, 'owner@example.com')).browser;
    const counts = async () => ({ staff: (await db.select({ n: count() }).from(staff))[0]?.n ?? 0, audit: (await db.select({ n: count() }).from(auditLog))[0]?.n ?? 0 });
    const before = await counts();

    const calls = [...app.calls.values()].map(({ call }) => call).filter((call) => call.path.startsWith('/admin/') && call.path !== '/admin/sign-out');
    expect(calls.length).toBeGreaterThanOrEqual(9);
    const problems: string[] = [];
    const judge = (what: string, response: { statusCode: number; json: () => unknown }, allowOk = false) => {
      const ok = response.statusCode >= 400 && response.statusCode < 500;
      if (!ok && !(allowOk && response.statusCode === 200)) problems.push(`${what}: ${response.statusCode}`);
      if (response.statusCode >= 400) {
        const body = response.json() as { success?: unknown; msg?: unknown };
        if (body.success !== false || typeof body.msg !== 'string') problems.push(`${what}: not the envelope`);
      }
    };

    for (const call of calls) {
      const url = `/web-api${call.path.replace(':id', '1')}`;
      if (call.method === 'GET') {
        for (const value of [...STRINGS, '-1', '1e999', '0x10', '99999999999']) {
          for (const name of ['page', 'staff_id', 'entity']) {
            const response = await owner.get(`${url}?${name}=${encodeURIComponent(value)}`);
            // A value a query may hold (any entity name, a plain page number) is a fine read.
            judge(`GET ${url}?${name}=${JSON.stringify(value).slice(0, 20)}`, response, true);
          }
        }
        continue;
      }
      // The call's own fields, each in turn given every bad value beside good values of the others.
      const shape = (call.body as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod?.def?.shape ?? {};
      const good: Record<string, unknown> = { email: 'a@example.com', password: 'p'.repeat(12), name: 'N', role: 'sales', code: '123456' };
      const base = Object.fromEntries(Object.keys(shape).map((field) => [field, good[field]]));
      const bodies: unknown[] = [{}, [], 'text', 42, null, { ...base, extra: 'field' }];
      for (const field of Object.keys(shape)) for (const value of VALUES) bodies.push({ ...base, [field]: value });
      for (const payload of bodies) {
        const response = await app.inject({ method: call.method, url, payload: JSON.stringify(payload), headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrfToken, 'content-type': 'application/json' } });
        owner.take(response);
        // Some variations are valid (a unicode name creates an account; a sign-in step answers 401 for
        // a well-formed body): they may succeed, but no body may break the server.
        judge(`${call.method} ${url} ${JSON.stringify(payload).slice(0, 60)}`, response, true);
      }
      for (const raw of ['{"email":', '{"email":"a@b.c"}}', 'x'.repeat(2_000_000)]) {
        const response = await app.inject({ method: call.method, url, payload: raw, headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrfToken, 'content-type': 'application/json' } });
        judge(`${call.method} ${url} raw ${raw.slice(0, 20)}`, response);
      }
      for (const id of ['abc', '0', '-1', '1.5', '99999999999', LONG.slice(0, 500)]) {
        if (!call.path.includes(':id')) break;
        const response = await owner.post(`/web-api${call.path.replace(':id', encodeURIComponent(id))}`, { role: 'sales' });
        judge(`${call.method} ${call.path} id=${id.slice(0, 10)}`, response);
      }
    }
    expect(problems).toEqual([]);
    // What the valid variations created was audited once each, and the NUL and control characters
    // never reached a row. A name alone is a whole body for the blog's tags and categories too:
    // those made, renamed or deleted are audited under their own entities.
    const after = await counts();
    const termAudits = (await db.select({ n: count() }).from(auditLog).where(like(auditLog.entity, 'article-%')))[0]?.n ?? 0;
    expect(termAudits).toBeGreaterThan(0);
    expect(after.audit - before.audit - termAudits).toBe(after.staff - before.staff);
    const rows = await db.select().from(staff);
    for (const row of rows) expect(`${row.email}${row.name}`).not.toMatch(/\p{Cc}/u);
    for (const row of [...(await db.select().from(articleTags)), ...(await db.select().from(articleCategories))]) expect(`${row.slug}${row.name}`).not.toMatch(/\p{Cc}/u);
  });
});
