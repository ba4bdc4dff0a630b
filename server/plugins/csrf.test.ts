import { describe, expect, it } from 'vitest';
import { startVisit, testApp } from '../test/app';

const expired = { success: false, msg: 'Your session has expired. Please refresh the page and try again.' };

describe('CSRF protection of /web-api', () => {
  it('refuses a POST without X-CSRF-Token with a 403 envelope', async () => {
    const app = await testApp();
    const visitor = await startVisit(app);

    const response = await app.inject({ method: 'POST', url: '/web-api/x', headers: { cookie: visitor.cookie }, payload: {} });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(expired);
  });

  it('refuses a write whose token belongs to no session', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'POST', url: '/web-api/x', headers: { 'x-csrf-token': 'guessed' } });

    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('refuses a %s with a wrong token', async (method) => {
    const app = await testApp();
    const visitor = await startVisit(app);

    const response = await app.inject({ method, url: '/web-api/carts/delete-item/1', headers: { cookie: visitor.cookie, 'x-csrf-token': `${visitor.csrfToken}x` } });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(expired);
  });

  it('lets a write with the session token through (to the 404 of an unknown call)', async () => {
    const app = await testApp();
    const visitor = await startVisit(app);

    const response = await app.inject({ method: 'POST', url: '/web-api/x', headers: { cookie: visitor.cookie, 'x-csrf-token': visitor.csrfToken }, payload: {} });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, msg: 'Not found' });
  });

  it("does not accept another session's token", async () => {
    const app = await testApp();
    const mine = await startVisit(app);
    const theirs = await startVisit(app);

    const response = await app.inject({ method: 'POST', url: '/web-api/x', headers: { cookie: mine.cookie, 'x-csrf-token': theirs.csrfToken } });

    expect(response.statusCode).toBe(403);
  });

  it('starts no session for an unknown call', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'OPTIONS', url: '/web-api/x' });

    expect(response.statusCode).toBe(404);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('gives the token to a visitor whose first call is an API read', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url: '/web-api/app-props.json' });

    const csrfCookie = response.cookies.find((cookie) => cookie.name === 'csrf-token');
    expect(response.json().csrfToken).toBe(csrfCookie?.value);
  });
});
