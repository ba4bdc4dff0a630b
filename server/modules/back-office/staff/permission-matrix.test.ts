/**
 * The back office's permission matrix: every /web-api/admin call the app registered (so a new call
 * is covered the day it is added) × each staff role, a signed-in member and a visitor, each
 * answered exactly as src/domain/staff-permissions.ts and the contract's ADMIN_ACCESS say: 2xx when
 * allowed, 403 when the role lacks the permission, 401 without a staff session. And every change
 * that succeeds writes exactly one audit entry; a refused one writes none.
 */
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ADMIN_ACCESS, type AdminAccess } from '../../../../src/contract/admin';
import { can, STAFF_ROLES, type StaffRole } from '../../../../src/domain/staff-permissions';
import { auditLog, members } from '../../../db/schema';
import type { Database } from '../../../db/client';
import { testApp } from '../../../test/app';
import { testDatabase } from '../../../test/database';
import { type AdminSample, addOwner, addStaff, enrolAndSignIn, PASSWORD, StaffBrowser, testClock } from '../../../test/staff';
import { CONTENT_SAMPLES } from '../content/admin-samples';
import { CUSTOMER_SAMPLES } from '../customers/admin-samples';
import { STOCK_SAMPLES } from '../stock/admin-samples';
import { SALES_SAMPLES } from '../sales/admin-samples';
import { DASHBOARD_SAMPLES } from '../dashboard/admin-samples';
import { FLAG_SAMPLES } from '../flags/admin-samples';
import { hashPassword } from '../../members/index';
import { createOwner } from './command';

type Actor = StaffRole | 'member' | 'visitor';
const ACTORS: readonly Actor[] = [...STAFF_ROLES, 'member', 'visitor'];


let made = 0;
const victim = async (db: Database): Promise<number> => {
  made += 1;
  const result = await createOwner(db, { email: `victim${made}@example.com`, password: PASSWORD }, () => new Date('2026-03-02T09:00:00Z'), 'sales');
  if (!result.ok) throw new Error(result.problem);
  return result.id;
};

/**
 * A valid request of each call, made afresh for each try (a new email to create, a new account to
 * disable). Each back-office module keeps its own calls' samples beside its routes.
 */
const SAMPLES: Record<string, AdminSample> = {
  'GET /admin/me': async () => ({ url: '/web-api/admin/me' }),
  'POST /admin/sign-out': async () => ({ url: '/web-api/admin/sign-out' }),
  'GET /admin/staff/list.json': async () => ({ url: '/web-api/admin/staff/list.json' }),
  'POST /admin/staff/create': async () => {
    made += 1;
    return { url: '/web-api/admin/staff/create', payload: { email: `new${made}@example.com`, name: 'New Person', role: 'content', password: PASSWORD } };
  },
  'POST /admin/staff/:id/role': async (db) => ({ url: `/web-api/admin/staff/${await victim(db)}/role`, payload: { role: 'warehouse' } }),
  'POST /admin/staff/:id/disable': async (db) => ({ url: `/web-api/admin/staff/${await victim(db)}/disable` }),
  'GET /admin/audit-log.json': async () => ({ url: '/web-api/admin/audit-log.json?page=1' }),
  // Each actor changes their own password once (the session goes on, renewed).
  'POST /admin/password': async () => ({ url: '/web-api/admin/password', payload: { current_password: PASSWORD, new_password: 'a brand new staff password' } }),
  ...STOCK_SAMPLES,
  ...CUSTOMER_SAMPLES,
  ...DASHBOARD_SAMPLES,
  ...CONTENT_SAMPLES,
  ...FLAG_SAMPLES,
  ...SALES_SAMPLES,
};

/** What the table says an actor gets from a call with this access. */
function expectedStatus(actor: Actor, access: Exclude<AdminAccess, 'sign-in'>): number {
  if (actor === 'member' || actor === 'visitor') return 401;
  if (access === 'staff') return 200;
  return can(actor, access) ? 200 : 403;
}

async function browsers(app: FastifyInstance, db: Database, clock: ReturnType<typeof testClock>): Promise<Record<Actor, StaffBrowser>> {
  await addOwner(db, clock);
  const owner = (await enrolAndSignIn(app, clock, 'owner@example.com')).browser;
  const signedIn: Partial<Record<Actor, StaffBrowser>> = { owner };
  for (const role of STAFF_ROLES.filter((r) => r !== 'owner')) {
    await addStaff(owner, role);
    signedIn[role] = (await enrolAndSignIn(app, clock, `${role}@example.com`)).browser;
  }
  // A member signed in on the storefront, who then opens the back office.
  await db.insert(members).values({ email: 'member@example.com', firstName: 'Mo', lastName: 'Member', passwordHash: await hashPassword(PASSWORD) });
  const member = new StaffBrowser(app);
  const first = member.take(await app.inject({ method: 'GET', url: '/web-api/app-props.json' }));
  const names = app.sessionCookies.names;
  const memberCsrf = first.cookies.find((c) => c.name === names.csrf)?.value ?? '';
  const login = member.take(await app.inject({ method: 'POST', url: '/web-api/members/login', payload: { email: 'member@example.com', password: PASSWORD }, headers: { cookie: member.cookie, 'x-csrf-token': memberCsrf } }));
  if (login.statusCode !== 200) throw new Error(`member login ${login.statusCode}`);
  // A visitor who opened the back office: an anonymous staff session, so writes pass CSRF and meet the sign-in check.
  const visitor = new StaffBrowser(app);
  await visitor.get('/web-api/admin/me');
  await member.get('/web-api/admin/me');
  return { ...signedIn, member, visitor } as Record<Actor, StaffBrowser>;
}

describe('the back office permission matrix', () => {
  it('answers every admin call × every role, a member and a visitor exactly as the permission table says, with one audit entry per change', { timeout: 120_000 }, async () => {
    const clock = testClock();
    const app = await testApp({ clock: clock.now, env: { RATE_LIMIT_SIGN_IN_MAX: '1000', RATE_LIMIT_MAX: '10000' } });
    const { db } = await testDatabase();
    const actors = await browsers(app, db, clock);
    const audited = async () => (await db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;

    const adminCalls = [...app.calls.entries()].filter(([key]) => / \/web-api\/admin\//.test(key)).map(([, { call }]) => call);
    expect(adminCalls.length).toBe(ADMIN_ACCESS.size);
    const signInSteps = adminCalls.filter((call) => ADMIN_ACCESS.get(call) === 'sign-in').map((call) => call.path);
    expect(signInSteps.sort()).toEqual(['/admin/sign-in', '/admin/sign-in/totp', '/admin/totp/confirm']);
    // Sign-out ends the session it is made with: each actor makes it last.
    const checked = adminCalls.filter((call) => ADMIN_ACCESS.get(call) !== 'sign-in').sort((a, b) => Number(a.path === '/admin/sign-out') - Number(b.path === '/admin/sign-out'));

    const seen: Record<Actor, number[]> = { owner: [], sales: [], warehouse: [], content: [], member: [], visitor: [] };
    for (const actor of ACTORS) {
      for (const call of checked) {
        const key = `${call.method} ${call.path}`;
        const access = ADMIN_ACCESS.get(call);
        const sample = SAMPLES[key];
        expect(sample, `${key} needs a sample request in this test`).toBeDefined();
        if (!sample || !access || access === 'sign-in') continue;
        const { url, payload, headers } = await sample(db);
        const before = await audited();
        const browser = actors[actor];
        const response = call.method === 'GET' ? await browser.get(url) : await browser.post(url, payload, headers);
        const expected = expectedStatus(actor, access);
        expect(response.statusCode, `${actor} ${key}: ${response.body}`).toBe(expected);
        seen[actor].push(response.statusCode);
        // One audit entry for each change made, none for a read or a refusal.
        const entries = (await audited()) - before;
        expect(entries, `${actor} ${key}: audit entries`).toBe(call.method !== 'GET' && expected === 200 ? 1 : 0);
      }
    }

    // Not a table of one answer: each role other than the owner is refused something and allowed something.
    for (const role of STAFF_ROLES.filter((r) => r !== 'owner')) {
      expect(seen[role], role).toContain(403);
      expect(seen[role], role).toContain(200);
    }
    expect(seen.owner.every((status) => status === 200)).toBe(true);
    expect(seen.member.every((status) => status === 401)).toBe(true);
    expect(seen.visitor.every((status) => status === 401)).toBe(true);
  });

  it('refuses every admin write without the staff CSRF token with 403, before any check of who is asking', async () => {
    const clock = testClock();
    const app = await testApp({ clock: clock.now, env: { RATE_LIMIT_SIGN_IN_MAX: '1000' } });
    const { db } = await testDatabase();
    await addOwner(db, clock);
    const owner = (await enrolAndSignIn(app, clock, 'owner@example.com')).browser;
    const writes = [...app.calls.values()].map(({ call }) => call).filter((call) => call.method !== 'GET' && call.path.startsWith('/admin/'));
    expect(writes.length).toBeGreaterThanOrEqual(7);
    for (const call of writes) {
      const url = `/web-api${call.path.replace(/:(\w+)/g, '1')}`;
      const response = await app.inject({ method: call.method, url, headers: { cookie: owner.cookie }, payload: {} });
      expect(response.statusCode, url).toBe(403);
    }
  });
});
