import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, members, staff, staffRecoveryCodes, staffSessions } from '../../../db/schema';
import { testApp } from '../../../test/app';
import { testDatabase } from '../../../test/database';
import { addOwner, addStaff, codeAt, enrolAndSignIn, PASSWORD, StaffBrowser, testClock } from '../../../test/staff';
import { hashPassword } from '../../members/index';

async function staffApp(clock = testClock()) {
  const app = await testApp({ clock: clock.now, env: { RATE_LIMIT_SIGN_IN_MAX: '1000' } });
  const { db } = await testDatabase();
  return { app, db, clock };
}

const auditRows = async () => {
  const { db } = await testDatabase();
  return db.select().from(auditLog).orderBy(auditLog.id);
};

describe('first sign-in: enrolling an authenticator', () => {
  it('shows the secret once, confirms it with a code, answers 10 recovery codes once and signs in', async () => {
    const { app, db, clock } = await staffApp();
    const ownerId = await addOwner(db, clock);
    const browser = new StaffBrowser(app);

    const signIn = await browser.post('/web-api/admin/sign-in', { email: 'OWNER@example.com', password: PASSWORD });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const { enrolment, second_factor } = signIn.json();
    expect(second_factor).toBe(false);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauth_url).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.otpauth_url.startsWith('otpauth://totp/')).toBe(true);
    // Kept sealed, never as typed into an app.
    const [row] = await db.select().from(staff).where(eq(staff.id, ownerId));
    expect(row?.totpSecret).toMatch(/^v1\./);
    expect(row?.totpSecret).not.toContain(enrolment.secret);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    // Not signed in yet.
    expect((await browser.get('/web-api/admin/me')).statusCode).toBe(401);

    expect((await browser.post('/web-api/admin/totp/confirm', { code: '000000' === codeAt(enrolment.secret, clock.now()) ? '111111' : '000000' })).statusCode).toBe(401);
    const confirm = await browser.post('/web-api/admin/totp/confirm', { code: codeAt(enrolment.secret, clock.now()) });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const codes: string[] = confirm.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await db.select().from(staffRecoveryCodes);
    expect(stored).toHaveLength(10);
    for (const { codeHash } of stored) expect(codes.map((c) => c.replace('-', ''))).not.toContain(codeHash);

    const me = await browser.get('/web-api/admin/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().staff).toMatchObject({ id: ownerId, email: 'owner@example.com', role: 'owner' });
    expect(me.json().staff.permissions).toContain('staff.manage');
    // The staff list never carries the secret or the password's hash.
    const list = await browser.get('/web-api/admin/staff/list.json');
    expect(list.body).not.toContain(enrolment.secret);
    expect(list.body).not.toContain('argon2');
    expect(list.body).not.toContain('v1.');
    expect(list.json().records[0]).toMatchObject({ email: 'owner@example.com', totp_enrolled: true, disabled_at: null });
  });

  it('offers a new secret until one is confirmed, and never again after', async () => {
    const { app, db, clock } = await staffApp();
    await addOwner(db, clock);
    const first = (await new StaffBrowser(app).post('/web-api/admin/sign-in', { email: 'owner@example.com', password: PASSWORD })).json();
    const browser = new StaffBrowser(app);
    const second = (await browser.post('/web-api/admin/sign-in', { email: 'owner@example.com', password: PASSWORD })).json();
    expect(second.enrolment.secret).not.toBe(first.enrolment.secret);
    // The first secret was replaced: its code no longer confirms.
    expect((await browser.post('/web-api/admin/totp/confirm', { code: codeAt(first.enrolment.secret, clock.now()) })).statusCode).toBe(401);
    expect((await browser.post('/web-api/admin/totp/confirm', { code: codeAt(second.enrolment.secret, clock.now()) })).statusCode).toBe(200);
    clock.advance(30_000);
    const again = await new StaffBrowser(app).post('/web-api/admin/sign-in', { email: 'owner@example.com', password: PASSWORD });
    expect(again.json()).toMatchObject({ second_factor: true, enrolment: null });
  });
});

describe('signing in with password and code', () => {
  it('asks for the code, refuses a wrong or reused one, accepts the current one (±30 s) and rotates the session', async () => {
    const { app, db, clock } = await staffApp();
    await addOwner(db, clock);
    const { secret } = await enrolAndSignIn(app, clock, 'owner@example.com');
    // Two steps after the enrolment's code: the step before now is unused.
    clock.advance(30_000);

    const browser = new StaffBrowser(app);
    await browser.get('/web-api/admin/me');
    const anonymous = browser.cookie;
    const password = await browser.post('/web-api/admin/sign-in', { email: 'owner@example.com', password: PASSWORD });
    expect(password.json()).toEqual({ success: true, msg: expect.any(String), second_factor: true, enrolment: null });
    const pending = browser.cookie;
    expect(pending).not.toBe(anonymous);
    expect((await browser.get('/web-api/admin/me')).statusCode).toBe(401);

    const current = codeAt(secret, clock.now());
    const wrong = String((Number(current) + 1) % 1_000_000).padStart(6, '0');
    expect((await browser.post('/web-api/admin/sign-in/totp', { code: wrong })).statusCode).toBe(401);
    expect((await browser.post('/web-api/admin/sign-in/totp', { code: codeAt(secret, clock.now(), 2) })).statusCode).toBe(401);
    const ok = await browser.post('/web-api/admin/sign-in/totp', { code: codeAt(secret, clock.now(), -1) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().staff.role).toBe('owner');
    expect(browser.cookie).not.toBe(pending);
    expect((await browser.get('/web-api/admin/me')).statusCode).toBe(200);

    // The code just used (and the one before it) cannot sign in again.
    const other = new StaffBrowser(app);
    await other.post('/web-api/admin/sign-in', { email: 'owner@example.com', password: PASSWORD });
    expect((await other.post('/web-api/admin/sign-in/totp', { code: codeAt(secret, clock.now(), -1) })).statusCode).toBe(401);
    expect((await other.post('/web-api/admin/sign-in/totp', { code: codeAt(secret, clock.now()) })).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    const { app, db, clock } = await staffApp();
    await addOwner(db, clock);
    const browser = new StaffBrowser(app);
    const wrong = await browser.post('/web-api/admin/sign-in', { email: 'owner@example.com', password: 'not the password' });
    const unknown = await browser.post('/web-api/admin/sign-in', { email: 'nobody@example.com', password: PASSWORD });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('accepts each recovery code once, instead of the authenticator', async () => {
    const { app, db, clock } = await staffApp();
    await addOwner(db, clock);
    const { recoveryCodes } = await enrolAndSignIn(app, clock, 'owner@example.com');
    const [code = '', second = ''] = recoveryCodes;

    const browser = new StaffBrowser(app);
    await browser.post('/web-api/admin/sign-in', { email: 'owner@example.com', password: PASSWORD });
    expect((await browser.post('/web-api/admin/sign-in/totp', { code: code.toUpperCase() })).statusCode).toBe(200);
    expect((await browser.get('/web-api/admin/me')).statusCode).toBe(200);

    const again = new StaffBrowser(app);
    await again.post('/web-api/admin/sign-in', { email: 'owner@example.com', password: PASSWORD });
    expect((await again.post('/web-api/admin/sign-in/totp', { code })).statusCode).toBe(401);
    expect((await again.post('/web-api/admin/sign-in/totp', { code: second.replace('-', '') })).statusCode).toBe(200);
    const used = await db.select().from(staffRecoveryCodes).where(sql`${staffRecoveryCodes.usedAt} IS NOT NULL`);
    expect(used).toHaveLength(2);
    const signIns = (await auditRows()).filter((row) => row.action === 'staff.sign-in');
    expect(signIns.map((row) => row.after)).toEqual([{ method: 'recovery-code' }, { method: 'recovery-code' }]);
  });

  it('slows a guesser: 5 failures for one account from one address, then 429, while the owner elsewhere still signs in', async () => {
    const { app, db, clock } = await staffApp();
    await addOwner(db, clock);
    const { secret } = await enrolAndSignIn(app, clock, 'owner@example.com');
    const guess = (payload: object) => app.inject({ method: 'POST', url: '/web-api/admin/sign-in', payload, remoteAddress: '203.0.113.9', headers: { cookie: guesser.cookie, 'x-csrf-token': guesser.csrfToken } });
    const guesser = new StaffBrowser(app);
    await guesser.get('/web-api/admin/me');
    for (let i = 0; i < 5; i++) expect((await guess({ email: 'owner@example.com', password: `guess ${i}` })).statusCode).toBe(401);
    const refused = await guess({ email: 'owner@example.com', password: PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // The owner, from their own address, is not held up.
    const owner = new StaffBrowser(app);
    expect((await owner.post('/web-api/admin/sign-in', { email: 'owner@example.com', password: PASSWORD })).statusCode).toBe(200);
    expect((await owner.post('/web-api/admin/sign-in/totp', { code: codeAt(secret, clock.now()) })).statusCode).toBe(200);

    // 15 minutes on, the guesser's address may try again.
    clock.advance(15 * 60_000 + 1000);
    const later = new StaffBrowser(app);
    await later.get('/web-api/admin/me');
    const retry = await app.inject({ method: 'POST', url: '/web-api/admin/sign-in', payload: { email: 'owner@example.com', password: PASSWORD }, remoteAddress: '203.0.113.9', headers: { cookie: later.cookie, 'x-csrf-token': later.csrfToken } });
    expect(retry.statusCode).toBe(200);
  });

  it('counts wrong codes too: 5 in a row and the sixth is refused with 429', async () => {
    const { app, db, clock } = await staffApp();
    await addOwner(db, clock);
    const { secret } = await enrolAndSignIn(app, clock, 'owner@example.com');
    const browser = new StaffBrowser(app);
    await browser.post('/web-api/admin/sign-in', { email: 'owner@example.com', password: PASSWORD });
    const current = codeAt(secret, clock.now());
    const wrong = (i: number) => String((Number(current) + 100 + i) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 4; i++) expect((await browser.post('/web-api/admin/sign-in/totp', { code: wrong(i) })).statusCode).toBe(401);
    // The fifth failure (the password's success cleared the earlier count).
    expect((await browser.post('/web-api/admin/sign-in/totp', { code: wrong(4) })).statusCode).toBe(401);
    expect((await browser.post('/web-api/admin/sign-in/totp', { code: current })).statusCode).toBe(429);
  });

  it('lets the password step wait 5 minutes for the code, no longer', async () => {
    const { app, db, clock } = await staffApp();
    await addOwner(db, clock);
    const { secret } = await enrolAndSignIn(app, clock, 'owner@example.com');
    const browser = new StaffBrowser(app);
    await browser.post('/web-api/admin/sign-in', { email: 'owner@example.com', password: PASSWORD });
    clock.advance(5 * 60_000);
    const late = await app.inject({ method: 'POST', url: '/web-api/admin/sign-in/totp', payload: { code: codeAt(secret, clock.now()) }, headers: { cookie: browser.cookie, 'x-csrf-token': browser.csrfToken } });
    // The pending session is over, so its CSRF token is too.
    expect(late.statusCode).toBe(403);
  });
});

describe('staff sessions', () => {
  it('end after 30 idle minutes, and after 8 hours however busy', async () => {
    const { app, db, clock } = await staffApp();
    await addOwner(db, clock);
    const { browser } = await enrolAndSignIn(app, clock, 'owner@example.com');
    clock.advance(29 * 60_000);
    expect((await browser.get('/web-api/admin/me')).statusCode).toBe(200);
    clock.advance(29 * 60_000);
    expect((await browser.get('/web-api/admin/me')).statusCode).toBe(200);
    clock.advance(30 * 60_000);
    expect((await browser.get('/web-api/admin/me')).statusCode).toBe(401);

    const busy = (await enrolAndSignInAgain(app, clock)).browser;
    for (let minutes = 0; minutes < 8 * 60 - 20; minutes += 20) {
      clock.advance(20 * 60_000);
      expect((await busy.get('/web-api/admin/me')).statusCode, `after ${minutes + 20} minutes`).toBe(200);
    }
    clock.advance(20 * 60_000);
    expect((await busy.get('/web-api/admin/me')).statusCode).toBe(401);
  });

  it('follow the configured lifetimes', async () => {
    const clock = testClock();
    const app = await testApp({ clock: clock.now, env: { STAFF_SESSION_IDLE_MINUTES: '5', RATE_LIMIT_SIGN_IN_MAX: '1000' } });
    const { db } = await testDatabase();
    await addOwner(db, clock);
    const { browser } = await enrolAndSignIn(app, clock, 'owner@example.com');
    clock.advance(6 * 60_000);
    expect((await browser.get('/web-api/admin/me')).statusCode).toBe(401);
  });

  it('are not member sessions: a signed-in member gets 401, and neither CSRF token passes for the other', async () => {
    const { app, db, clock } = await staffApp();
    await db.insert(members).values({ email: 'member@example.com', firstName: 'Mo', lastName: 'Member', passwordHash: await hashPassword(PASSWORD) });
    const first = await app.inject({ method: 'GET', url: '/web-api/app-props.json' });
    const memberCookies = new Map(first.cookies.map((c) => [c.name, c.value]));
    const names = app.sessionCookies.names;
    const login = await app.inject({ method: 'POST', url: '/web-api/members/login', payload: { email: 'member@example.com', password: PASSWORD }, headers: { cookie: `${names.session}=${memberCookies.get(names.session)}`, 'x-csrf-token': memberCookies.get(names.csrf) ?? '' } });
    expect(login.statusCode, login.body).toBe(200);
    for (const c of login.cookies) memberCookies.set(c.name, c.value);
    const memberCookie = [...memberCookies].map(([n, v]) => `${n}=${v}`).join('; ');
    const memberCsrf = memberCookies.get(names.csrf) ?? '';

    expect((await app.inject({ method: 'GET', url: '/web-api/admin/me', headers: { cookie: memberCookie } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/web-api/admin/staff/list.json', headers: { cookie: memberCookie } })).statusCode).toBe(401);

    await addOwner(db, clock);
    const { browser } = await enrolAndSignIn(app, clock, 'owner@example.com');
    const both = `${memberCookie}; ${browser.cookie}`;
    // A staff write with the member's token: refused.
    const create = { email: 'x@example.com', name: 'X', role: 'sales', password: PASSWORD };
    expect((await app.inject({ method: 'POST', url: '/web-api/admin/staff/create', payload: create, headers: { cookie: both, 'x-csrf-token': memberCsrf } })).statusCode).toBe(403);
    // A member's write with the staff token: refused.
    expect((await app.inject({ method: 'POST', url: '/web-api/members/logout', headers: { cookie: both, 'x-csrf-token': browser.csrfToken } })).statusCode).toBe(403);
    // Each with its own: accepted.
    expect((await app.inject({ method: 'POST', url: '/web-api/admin/staff/create', payload: create, headers: { cookie: both, 'x-csrf-token': browser.csrfToken } })).statusCode).toBe(200);
    expect(browser.jar.has(names.session)).toBe(false);
  });

  it('sign-out ends the session and starts an anonymous one', async () => {
    const { app, db, clock } = await staffApp();
    await addOwner(db, clock);
    const { browser } = await enrolAndSignIn(app, clock, 'owner@example.com');
    const signedIn = browser.cookie;
    expect((await browser.post('/web-api/admin/sign-out')).statusCode).toBe(200);
    expect((await browser.get('/web-api/admin/me')).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/web-api/admin/me', headers: { cookie: signedIn } })).statusCode).toBe(401);
    const rows = await db.select().from(staffSessions);
    expect(rows.every((row) => row.stage === 'anonymous')).toBe(true);
  });
});

/** A second, signed-in owner for tests that need a fresh session. */
async function enrolAndSignInAgain(app: Parameters<typeof enrolAndSignIn>[0], clock: Parameters<typeof enrolAndSignIn>[1]) {
  const { db } = await testDatabase();
  await addOwner(db, clock, 'second-owner@example.com');
  return enrolAndSignIn(app, clock, 'second-owner@example.com');
}

describe('staff accounts (owner)', () => {
  it('creates, changes a role, disables (ending their sessions), each with exactly one audit entry', async () => {
    const { app, db, clock } = await staffApp();
    const ownerId = await addOwner(db, clock);
    const owner = (await enrolAndSignIn(app, clock, 'owner@example.com')).browser;
    const before = (await auditRows()).length;

    const salesId = await addStaff(owner, 'sales');
    let rows = await auditRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ staffId: ownerId, action: 'staff.create', entity: 'staff', entityId: String(salesId), before: null, after: { email: 'sales@example.com', role: 'sales', disabled_at: null } });
    expect(JSON.stringify(rows.at(-1))).not.toContain(PASSWORD);

    const sales = (await enrolAndSignIn(app, clock, 'sales@example.com')).browser;
    rows = await auditRows();
    const afterEnrol = rows.length;

    const role = await owner.post(`/web-api/admin/staff/${salesId}/role`, { role: 'warehouse' });
    expect(role.statusCode, role.body).toBe(200);
    expect(role.json().record.role).toBe('warehouse');
    rows = await auditRows();
    expect(rows).toHaveLength(afterEnrol + 1);
    expect(rows.at(-1)).toMatchObject({ action: 'staff.role', before: { role: 'sales' }, after: { role: 'warehouse' } });
    // The new role counts at once.
    expect((await sales.get('/web-api/admin/me')).json().staff.role).toBe('warehouse');

    const disable = await owner.post(`/web-api/admin/staff/${salesId}/disable`);
    expect(disable.statusCode).toBe(200);
    expect(disable.json().record.disabled_at).toBe(clock.now().toISOString());
    rows = await auditRows();
    expect(rows).toHaveLength(afterEnrol + 2);
    expect(rows.at(-1)).toMatchObject({ action: 'staff.disable', before: { disabled_at: null }, after: { disabled_at: clock.now().toISOString() } });
    expect((await sales.get('/web-api/admin/me')).statusCode).toBe(401);
    expect((await new StaffBrowser(app).post('/web-api/admin/sign-in', { email: 'sales@example.com', password: PASSWORD })).statusCode).toBe(401);

    // Refusals change nothing and write nothing.
    expect((await owner.post(`/web-api/admin/staff/${salesId}/disable`)).statusCode).toBe(409);
    expect((await owner.post(`/web-api/admin/staff/${ownerId}/role`, { role: 'sales' })).statusCode).toBe(409);
    expect((await owner.post('/web-api/admin/staff/999/role', { role: 'sales' })).statusCode).toBe(404);
    const taken = await owner.post('/web-api/admin/staff/create', { email: 'Owner@Example.com', name: 'Again', role: 'sales', password: PASSWORD });
    expect(taken.statusCode).toBe(422);
    expect(Object.keys(taken.json().errors)).toEqual(['email']);
    expect(await auditRows()).toHaveLength(afterEnrol + 2);
  });

  it('names the wrong field of a new account with 422', async () => {
    const { app, db, clock } = await staffApp();
    await addOwner(db, clock);
    const owner = (await enrolAndSignIn(app, clock, 'owner@example.com')).browser;
    const bad = await owner.post('/web-api/admin/staff/create', { email: 'not-an-email', name: '', role: 'admin', password: 'short' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'name', 'password', 'role']);
    expect((await owner.post('/web-api/admin/staff/abc/role', { role: 'sales' })).statusCode).toBe(422);
    expect((await db.select().from(staff)).map((row) => row.email)).toEqual(['owner@example.com']);
  });

  it('reads the audit log newest first, 20 a page, filtered by staff and entity', async () => {
    const { app, db, clock } = await staffApp();
    const ownerId = await addOwner(db, clock);
    const owner = (await enrolAndSignIn(app, clock, 'owner@example.com')).browser;
    for (let i = 0; i < 21; i++) {
      clock.advance(1000);
      await addStaff(owner, 'content', `content${i}@example.com`);
    }
    const first = (await owner.get('/web-api/admin/audit-log.json')).json();
    // The command's create, the enrolment, 21 creates.
    expect(first.paginator).toMatchObject({ count: 23, pageCount: 2, page: 1, perPage: 20 });
    expect(first.records).toHaveLength(20);
    expect(first.records[0]).toMatchObject({ action: 'staff.create', staff_id: ownerId, staff_name: 'Olive Owner', after: { email: 'content20@example.com' } });
    const second = (await owner.get('/web-api/admin/audit-log.json?page=2')).json();
    expect(second.records.map((r: { action: string; staff_id: number | null }) => [r.action, r.staff_id])).toEqual([
      ['staff.create', ownerId],
      ['staff.totp-enrol', ownerId],
      ['staff.create', null],
    ]);
    const byCommand = (await owner.get(`/web-api/admin/audit-log.json?staff_id=${ownerId}&entity=staff`)).json();
    expect(byCommand.paginator.count).toBe(22);
    expect((await owner.get('/web-api/admin/audit-log.json?entity=order')).json().records).toEqual([]);
    expect((await owner.get('/web-api/admin/audit-log.json?page=0')).statusCode).toBe(422);
  });
});

describe('the audit log in the database', () => {
  it('refuses UPDATE and DELETE of an entry, whoever asks', async () => {
    const { db, clock } = await staffApp();
    await addOwner(db, clock);
    const [entry] = await auditRows();
    expect(entry).toBeDefined();
    // Drizzle wraps the database's error; the trigger's message is its cause.
    const refused = async (statement: Promise<unknown>) => {
      const error: unknown = await statement.then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      const cause = (error as Error & { cause?: unknown }).cause;
      expect(String(cause instanceof Error ? cause.message : cause)).toMatch(/audit_log is append-only: (UPDATE|DELETE) refused/);
    };
    await refused(db.update(auditLog).set({ action: 'nothing happened' }).where(eq(auditLog.id, entry?.id ?? 0)));
    await refused(db.delete(auditLog).where(eq(auditLog.id, entry?.id ?? 0)));
    await refused(db.execute(sql`UPDATE audit_log SET after = '{}'::jsonb`));
    await refused(db.execute(sql`DELETE FROM audit_log`));
    expect(await auditRows()).toEqual([entry]);
  });
});
