import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall } from '../../src/contract/define';
import { success } from '../../src/contract/envelope';
import { registerCall } from '../http/route';
import { testApp } from '../test/app';

const searchCall = defineCall({
  method: 'GET',
  path: '/search',
  summary: 'test',
  query: z.object({ page: z.coerce.number().int().min(1) }),
  response: success({ page: z.number() }),
});

const registerCall_ = defineCall({
  method: 'POST',
  path: '/register',
  summary: 'test',
  body: z.object({ email: z.email(), member_profile: z.object({ mobile: z.string().min(6) }) }),
  response: success({}),
});

/** Test-only calls in a scope of their own (outside the CSRF-protected one). */
function withTestCalls(app: FastifyInstance) {
  app.register(
    async (api) => {
      registerCall(api, searchCall, async (request) => ({ success: true as const, page: request.query.page }));
      registerCall(api, registerCall_, async () => ({ success: true as const }));
      // What Drizzle throws when node-postgres could not connect: the driver's error as the cause.
      api.get('/db-away', async () => {
        throw new Error('Failed query: SELECT password_hash FROM members', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }) });
      });
      api.get('/boom', async () => {
        throw new Error('relation "members" does not exist: SELECT password_hash FROM members');
      });
      registerCall(api, { ...searchCall, path: '/leaky' }, async () => {
        const row = { page: 1, password_hash: 'secret' };
        return { success: true as const, ...row };
      });
    },
    { prefix: '/test' },
  );
}

describe('error envelope', () => {
  it('hides a 5xx: no stack, no SQL', async () => {
    const app = await testApp({ extend: withTestCalls });
    const response = await app.inject({ method: 'GET', url: '/test/boom' });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, msg: 'Something went wrong. Please try again.' });
    expect(response.body).not.toMatch(/SELECT|members|stack/);
  });

  it('answers a database that cannot be reached with 503, Retry-After and the envelope; a page with a short HTML page', async () => {
    const app = await testApp({ extend: withTestCalls });
    const call = await app.inject({ method: 'GET', url: '/test/db-away', headers: { accept: 'application/json' } });
    expect(call.statusCode).toBe(503);
    expect(call.headers['retry-after']).toBe('5');
    expect(call.json()).toEqual({ success: false, msg: 'The shop is back in a moment. Please try again in a few seconds.' });
    expect(call.body).not.toMatch(/SELECT|members|ECONNREFUSED/);

    const page = await app.inject({ method: 'GET', url: '/test/db-away', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toBe('5');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Back in a moment');
  });

  it('answers bad input with 422 naming the field', async () => {
    const app = await testApp({ extend: withTestCalls });
    const response = await app.inject({ method: 'GET', url: '/test/search?page=0' });

    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body).toMatchObject({ success: false, msg: 'Please correct the highlighted fields.' });
    expect(Object.keys(body.errors)).toEqual(['page']);
    expect(body.errors.page[0]).toEqual(expect.any(String));
  });

  it('names nested fields by their dotted path', async () => {
    const app = await testApp({ extend: withTestCalls });
    const response = await app.inject({ method: 'POST', url: '/test/register', payload: { email: 'not-an-email', member_profile: { mobile: '1' } } });

    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['email', 'member_profile.mobile']);
  });

  it('passes valid input to the handler, parsed', async () => {
    const app = await testApp({ extend: withTestCalls });
    const response = await app.inject({ method: 'GET', url: '/test/search?page=3' });

    expect(response.json()).toEqual({ success: true, page: 3 });
  });

  it('sends only the fields of the contract', async () => {
    const app = await testApp({ extend: withTestCalls });
    const response = await app.inject({ method: 'GET', url: '/test/leaky?page=1' });

    expect(response.json()).toEqual({ success: true, page: 1 });
  });

  it('keeps the status of other client errors, inside the envelope', async () => {
    const app = await testApp({ extend: withTestCalls });
    const response = await app.inject({ method: 'POST', url: '/test/register', headers: { 'content-type': 'application/json' }, payload: '{"email":' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, msg: expect.any(String) });
  });

  it('answers an unknown API path with a 404 envelope, never the SPA', async () => {
    const app = await testApp();
    for (const url of ['/web-api/nope', '/web-api', '/web-api/products/nope.json']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ success: false, msg: 'Not found' });
    }
  });
});
