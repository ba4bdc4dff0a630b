import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { testApp } from '../test/app';
import { callKindOf } from './rate-limit';

describe('rate limit', () => {
  it('answers too many calls from one address with a 429 envelope', async () => {
    const app = await testApp({ env: { RATE_LIMIT_MAX: '3' } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await app.inject({ method: 'GET', url: '/web-api/check' })).statusCode);
    const limited = await app.inject({ method: 'GET', url: '/web-api/check' });

    // A visitor's /check is 401 (no member signed in), and counts all the same.
    expect(statuses).toEqual([401, 401, 401]);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, msg: 'Too many requests. Please wait a moment and try again.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts pages with the catalogue reads, but not static files', async () => {
    const app = await testApp({ env: { RATE_LIMIT_CATALOGUE_MAX: '3' } });
    for (let i = 0; i < 5; i++) expect((await app.inject({ method: 'GET', url: '/sw.js' })).statusCode).toBe(200);
    // Counted whatever the page answers (the render is another test's subject).
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).not.toBe(429);
    expect((await app.inject({ method: 'GET', url: '/cart' })).statusCode).not.toBe(429);
    expect((await app.inject({ method: 'GET', url: '/web-api/products/types.json' })).statusCode).toBe(200);

    expect((await app.inject({ method: 'GET', url: '/categories' })).statusCode).toBe(429);
  });

  it('tells the kinds of call apart', () => {
    const kind = (method: string, url: string) => callKindOf({ method, url });
    expect(kind('GET', '/web-api/products/part-search.json?vrn=AB12CDE')).toBe('catalogue');
    expect(kind('GET', '/web-api/product-categories/menu.json')).toBe('catalogue');
    expect(kind('POST', '/web-api/search/get-suggested-products.json')).toBe('catalogue');
    expect(kind('GET', '/product/ford/focus/alternator/P0012001')).toBe('catalogue');
    expect(kind('POST', '/web-api/members/login')).toBe('sign-in');
    expect(kind('POST', '/web-api/admin/sign-in')).toBe('sign-in');
    expect(kind('POST', '/web-api/admin/sign-in/totp')).toBe('sign-in');
    expect(kind('POST', '/web-api/admin/totp/confirm')).toBe('sign-in');
    expect(kind('POST', '/web-api/admin/staff/create')).toBe('other');
    expect(kind('POST', '/web-api/members/forgotten-password')).toBe('password-reset');
    expect(kind('POST', '/web-api/members/change-password')).toBe('password-reset');
    expect(kind('POST', '/web-api/members/change-password/abc')).toBe('password-reset');
    expect(kind('POST', '/web-api/members/guest-register/abc')).toBe('password-reset');
    expect(kind('POST', '/web-api/members/register')).toBe('register');
    expect(kind('POST', '/web-api/part-requests/form')).toBe('forms');
    expect(kind('POST', '/web-api/product-notifications')).toBe('forms');
    expect(kind('POST', '/form-messages/save.json')).toBe('forms');
    expect(kind('POST', '/web-api/carts/add-item')).toBe('other');
    expect(kind('GET', '/web-api/carts/get-cart')).toBe('other');
  });

  it('lets a workshop of ten behind one address browse the catalogue: a burst of 1,000 reads meets no 429', async () => {
    // A busy browser makes about a hundred catalogue reads a minute; ten of them, with room to spare.
    expect(loadConfig({}).rateLimits.catalogue).toBeGreaterThanOrEqual(10 * 100 * 2);
    const app = await testApp();
    const urls = ['/web-api/products/types.json', '/web-api/products/makes.json', '/web-api/products/models.json?make=Ford', '/web-api/product-categories/menu.json'];
    const statuses = new Set<number>();
    for (let i = 0; i < 1000; i++) statuses.add((await app.inject({ method: 'GET', url: urls[i % urls.length] ?? '/' })).statusCode);

    expect([...statuses]).toEqual([200]);
  });

  it('stops sign-in attempts and form posts from one address early, each kind on its own count', async () => {
    const app = await testApp();
    const signIn = () => app.inject({ method: 'POST', url: '/web-api/members/login', payload: { email: 'a@b.invalid', password: 'guess' } });
    const attempts: number[] = [];
    for (let i = 0; i < 10; i++) attempts.push((await signIn()).statusCode);
    expect(attempts).not.toContain(429);
    expect((await signIn()).statusCode).toBe(429);

    // The forms have their own count, and the catalogue reads go on.
    const form = () => app.inject({ method: 'POST', url: '/form-messages/save.json', payload: {} });
    for (let i = 0; i < 10; i++) expect((await form()).statusCode).not.toBe(429);
    expect((await form()).statusCode).toBe(429);
    expect((await app.inject({ method: 'GET', url: '/web-api/products/types.json' })).statusCode).toBe(200);
  });
});
