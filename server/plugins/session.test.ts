import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sourceRenderEntry, startVisit, testApp } from '../test/app';
import { rotateSession } from './session';

/** A stand-in for sign-in, which arrives with the accounts issue. */
const withSignIn = (app: FastifyInstance) => {
  app.post('/test/sign-in', async (request, reply) => {
    await rotateSession(request, reply, 42);
    return { success: true };
  });
};

describe('session cookies', () => {
  it('are HttpOnly (the session) and readable (the CSRF token), SameSite=Lax, for the whole site', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url: '/' });

    const session = response.cookies.find((cookie) => cookie.name === 'sid');
    const csrf = response.cookies.find((cookie) => cookie.name === 'csrf-token');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.secure).toBeUndefined();
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(csrf).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(csrf?.httpOnly).toBeUndefined();
  });

  it('carry the __Host- prefix and Secure in production', async () => {
    const app = await testApp({ env: { NODE_ENV: 'production' } });
    const response = await app.inject({ method: 'GET', url: '/' });

    const names = response.cookies.map((cookie) => cookie.name).sort();
    expect(names).toEqual(['__Host-csrf-token', '__Host-sid']);
    for (const cookie of response.cookies) expect(cookie).toMatchObject({ secure: true, path: '/', sameSite: 'Lax' });
    expect(response.cookies.find((cookie) => cookie.name === '__Host-sid')?.httpOnly).toBe(true);
    expect(response.cookies.every((cookie) => cookie.domain === undefined)).toBe(true);
  });

  it('are kept by a returning visitor, who gets no new session', async () => {
    const app = await testApp({ loadRenderEntry: sourceRenderEntry });
    const visitor = await startVisit(app);

    const response = await app.inject({ method: 'GET', url: '/cart', headers: { cookie: visitor.cookie } });

    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.body).toContain(`content="${visitor.csrfToken}"`);
  });

  it('are replaced at sign-in, and the old session ends', async () => {
    const app = await testApp({ extend: withSignIn });
    const visitor = await startVisit(app);

    const response = await app.inject({ method: 'POST', url: '/test/sign-in', headers: { cookie: visitor.cookie } });
    const rotated = new Map(response.cookies.map((cookie) => [cookie.name, cookie.value]));

    expect(rotated.get('sid')).toBeDefined();
    expect(rotated.get('sid')).not.toBe(visitor.sessionToken);
    expect(rotated.get('csrf-token')).not.toBe(visitor.csrfToken);
    const oldCheck = await app.inject({ method: 'GET', url: '/web-api/check', headers: { cookie: visitor.cookie } });
    expect(oldCheck.statusCode).toBe(401);
    const newCheck = await app.inject({ method: 'GET', url: '/web-api/check', headers: { cookie: `sid=${rotated.get('sid')}` } });
    expect(newCheck.json()).toEqual({ success: true });
  });

  it('are not replaced again by a request sent before the sign-in answered: the member stays signed in', async () => {
    let now = new Date('2026-03-02T09:00:00Z');
    const app = await testApp({ extend: withSignIn, clock: () => now });
    const visitor = await startVisit(app);
    const signIn = await app.inject({ method: 'POST', url: '/test/sign-in', headers: { cookie: visitor.cookie } });
    const member = signIn.cookies.find((cookie) => cookie.name === 'sid')?.value;

    // A read still carrying the visitor's cookie (a postcode lookup, the cart) reaches the server after.
    const late = await app.inject({ method: 'GET', url: '/web-api/app-props.json', headers: { cookie: visitor.cookie } });
    expect(late.statusCode).toBe(200);
    expect(late.headers['set-cookie']).toBeUndefined();
    expect(late.json()).toMatchObject({ props: { memberIdentifier: '' } });
    // The old cookie still opens nothing, and the member's cookie still opens the account.
    expect((await app.inject({ method: 'GET', url: '/web-api/check', headers: { cookie: visitor.cookie } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/web-api/check', headers: { cookie: `sid=${member}` } })).json()).toEqual({ success: true });
    // A write with the old cookie is refused, as before.
    const write = await app.inject({ method: 'POST', url: '/web-api/carts/add-item', headers: { cookie: visitor.cookie, 'x-csrf-token': visitor.csrfToken }, payload: {} });
    expect(write.statusCode).toBe(403);

    // Minutes later such a cookie is only an old one: its holder gets a new anonymous session.
    now = new Date(now.getTime() + 6 * 60_000);
    const later = await app.inject({ method: 'GET', url: '/web-api/app-props.json', headers: { cookie: visitor.cookie } });
    expect(later.cookies.map((cookie) => cookie.name).sort()).toEqual(['csrf-token', 'sid']);
  });
});

