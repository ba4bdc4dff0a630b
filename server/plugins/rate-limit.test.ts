import { describe, expect, it } from 'vitest';
import { testApp } from '../test/app';

describe('rate limit', () => {
  it('answers too many calls from one address with a 429 envelope', async () => {
    const app = await testApp({ env: { RATE_LIMIT_MAX: '3' } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await app.inject({ method: 'GET', url: '/web-api/check' })).statusCode);
    const limited = await app.inject({ method: 'GET', url: '/web-api/products/types.json' });

    expect(statuses).toEqual([200, 200, 200]);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, msg: 'Too many requests. Please wait a moment and try again.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts pages too, but not static files', async () => {
    const app = await testApp({ env: { RATE_LIMIT_MAX: '2' } });
    for (let i = 0; i < 5; i++) expect((await app.inject({ method: 'GET', url: '/sw.js' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/cart' })).statusCode).toBe(200);

    expect((await app.inject({ method: 'GET', url: '/categories' })).statusCode).toBe(429);
  });
});
