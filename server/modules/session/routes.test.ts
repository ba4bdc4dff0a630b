import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { startVisit, testApp } from '../../test/app';
import { testDatabase } from '../../test/database';

const sessionId = (token: string) => createHash('sha256').update(token).digest('hex');

/** Marks the visitor's session as signed in (what sign-in does, without a member's row or password). */
async function signIn(token: string): Promise<void> {
  const { db } = await testDatabase();
  await db.update(sessions).set({ memberId: 7 }).where(eq(sessions.id, sessionId(token)));
}

describe('GET /web-api/check', () => {
  it('is true for a live signed-in session', async () => {
    const app = await testApp();
    const visitor = await startVisit(app);
    await signIn(visitor.sessionToken);

    const response = await app.inject({ method: 'GET', url: '/web-api/check', headers: { cookie: visitor.cookie } });

    expect(response.json()).toEqual({ success: true });
  });

  it("is 401 for a live session that is no member's (signed out, or never signed in)", async () => {
    const app = await testApp();
    const visitor = await startVisit(app);

    const response = await app.inject({ method: 'GET', url: '/web-api/check', headers: { cookie: visitor.cookie } });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('is 401 without a session, and starts none', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url: '/web-api/check' });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('is 401 once the absolute expiry has passed', async () => {
    const app = await testApp();
    const visitor = await startVisit(app);
    await signIn(visitor.sessionToken);
    const { db } = await testDatabase();
    await db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(sessions.id, sessionId(visitor.sessionToken)));

    const response = await app.inject({ method: 'GET', url: '/web-api/check', headers: { cookie: visitor.cookie } });

    expect(response.statusCode).toBe(401);
  });

  it('is 401 once the session has been idle too long', async () => {
    const app = await testApp({ env: { SESSION_IDLE_MINUTES: '30' } });
    const visitor = await startVisit(app);
    await signIn(visitor.sessionToken);
    const { db } = await testDatabase();
    await db.update(sessions).set({ lastSeenAt: sql`now() - interval '31 minutes'` }).where(eq(sessions.id, sessionId(visitor.sessionToken)));

    const response = await app.inject({ method: 'GET', url: '/web-api/check', headers: { cookie: visitor.cookie } });

    expect(response.statusCode).toBe(401);
  });

  it('does not count as activity, while other calls do (at most once a minute)', async () => {
    const app = await testApp();
    const visitor = await startVisit(app);
    await signIn(visitor.sessionToken);
    const { db } = await testDatabase();
    const id = sessionId(visitor.sessionToken);
    const lastSeen = async () => (await db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, id)))[0]?.at.getTime();
    await db.update(sessions).set({ lastSeenAt: sql`now() - interval '5 minutes'` }).where(eq(sessions.id, id));
    const before = await lastSeen();

    await app.inject({ method: 'GET', url: '/web-api/check', headers: { cookie: visitor.cookie } });
    expect(await lastSeen()).toBe(before);

    await app.inject({ method: 'GET', url: '/web-api/app-props.json', headers: { cookie: visitor.cookie } });
    const touched = await lastSeen();
    expect(touched).toBeGreaterThan(before ?? 0);

    await app.inject({ method: 'GET', url: '/web-api/app-props.json', headers: { cookie: visitor.cookie } });
    expect(await lastSeen()).toBe(touched);
  });
});
