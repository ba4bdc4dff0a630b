/**
 * POST /admin/password: a member of staff changes their own password with the current one; the
 * new one signs in, the old one no longer does, their other sessions end while this one stays, one
 * audit entry says it changed (never a password or hash); a refused change writes nothing.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STAFF_PASSWORD_MIN_LENGTH } from '../../../../src/contract/admin';
import { auditLog, staff } from '../../../db/schema';
import { testApp } from '../../../test/app';
import { testDatabase } from '../../../test/database';
import { addOwner, codeAt, enrolAndSignIn, PASSWORD, StaffBrowser, testClock } from '../../../test/staff';

const NEW_PASSWORD = 'a brand new staff password';

async function signedInOwner() {
  const clock = testClock();
  const app = await testApp({ clock: clock.now, env: { RATE_LIMIT_SIGN_IN_MAX: '1000' } });
  const { db } = await testDatabase();
  const id = await addOwner(db, clock);
  const { browser, secret } = await enrolAndSignIn(app, clock, 'owner@example.com');
  return { app, db, clock, id, browser, secret };
}

/** A second browser of the same account, signed in with the next code. */
async function secondSession(app: Awaited<ReturnType<typeof signedInOwner>>['app'], clock: ReturnType<typeof testClock>, secret: string, password = PASSWORD) {
  const browser = new StaffBrowser(app);
  const step = await browser.post('/web-api/admin/sign-in', { email: 'owner@example.com', password });
  expect(step.statusCode, step.body).toBe(200);
  const code = await browser.post('/web-api/admin/sign-in/totp', { code: codeAt(secret, clock.now()) });
  clock.advance(30_000);
  return { browser, status: code.statusCode };
}

const auditOf = async (db: Awaited<ReturnType<typeof signedInOwner>>['db']) => db.select().from(auditLog).where(eq(auditLog.action, 'staff.password'));

describe('changing my staff password', () => {
  it('takes the current password, signs in with the new one only, ends the other sessions and keeps this one, with one audit entry', async () => {
    const { app, db, clock, id, browser, secret } = await signedInOwner();
    const other = await secondSession(app, clock, secret);
    expect(other.status).toBe(200);
    const hashBefore = (await db.select().from(staff).where(eq(staff.id, id)))[0]?.passwordHash;
    const csrfBefore = browser.csrfToken;

    const answer = await browser.post('/web-api/admin/password', { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ success: true, msg: 'Your password has been changed. Your other sessions have been signed out.' });

    // This browser stays signed in, on a new session (new CSRF token); the other one is signed out.
    expect(browser.csrfToken).not.toBe(csrfBefore);
    expect((await browser.get('/web-api/admin/me')).statusCode).toBe(200);
    expect((await other.browser.get('/web-api/admin/me')).statusCode).toBe(401);

    const [row] = await db.select().from(staff).where(eq(staff.id, id));
    expect(row?.passwordHash).not.toBe(hashBefore);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const refused = await new StaffBrowser(app).post('/web-api/admin/sign-in', { email: 'owner@example.com', password: PASSWORD });
    expect(refused.statusCode).toBe(401);
    expect((await secondSession(app, clock, secret, NEW_PASSWORD)).status).toBe(200);

    const entries = await auditOf(db);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ staffId: id, entity: 'staff', entityId: String(id), before: null, after: null });
    const everything = JSON.stringify(await db.select().from(auditLog));
    expect(everything).not.toContain(NEW_PASSWORD);
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain('argon2');
  });

  it('refuses a wrong current password, a short new one and the same one again, naming the field, and writes nothing', async () => {
    const { browser, db, id } = await signedInOwner();
    const hashBefore = (await db.select().from(staff).where(eq(staff.id, id)))[0]?.passwordHash;
    const cases: [Record<string, string>, string, string][] = [
      [{ current_password: 'not my password at all', new_password: NEW_PASSWORD }, 'current_password', 'This is not your current password.'],
      [{ current_password: PASSWORD, new_password: 'x'.repeat(STAFF_PASSWORD_MIN_LENGTH - 1) }, 'new_password', `At least ${STAFF_PASSWORD_MIN_LENGTH} characters.`],
      [{ current_password: PASSWORD, new_password: PASSWORD }, 'new_password', 'Choose a password different from your current one.'],
      [{ current_password: '', new_password: NEW_PASSWORD }, 'current_password', 'Enter your current password.'],
    ];
    for (const [payload, field, message] of cases) {
      const answer = await browser.post('/web-api/admin/password', payload);
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json().success).toBe(false);
      expect(answer.json().errors[field]).toEqual([message]);
    }
    expect((await db.select().from(staff).where(eq(staff.id, id)))[0]?.passwordHash).toBe(hashBefore);
    expect(await auditOf(db)).toHaveLength(0);
    expect((await browser.get('/web-api/admin/me')).statusCode).toBe(200);
  });
});
