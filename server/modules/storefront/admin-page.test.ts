/**
 * The back office's page: every /admin page path answers admin.html as built (never the
 * storefront's render), not stored and not indexed, under the shop's CSP; its files are immutable
 * assets; /web-api/admin stays the API; admin.html is never served raw.
 */
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/app';
import { isAdminPagePath, withScriptNonce } from './admin-page';

describe('the back office page', () => {
  it('answers admin.html for /admin and every path under it, no-store, noindex, with the CSP', async () => {
    const app = await testApp();
    for (const url of ['/admin', '/admin/', '/admin/sign-in', '/admin/orders/12?status=paid']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(response.body).toContain('src="/admin/assets/admin-D5JSeOTh.js"');
      // The built page's module script comes from the shop's own origin, which the CSP allows.
      expect(String(response.headers['content-security-policy'])).toMatch(/script-src 'self'/);
      // Not the storefront's server render, and no storefront session started for it.
      expect(response.body).not.toContain('csrf-token');
      expect(response.cookies).toEqual([]);
    }
  });

  it("serves the back office's built files as immutable assets, never admin.html raw, and keeps /web-api/admin the API", async () => {
    const app = await testApp();
    const script = await app.inject({ method: 'GET', url: '/admin/assets/admin-D5JSeOTh.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/admin/assets/missing-1234.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/admin.html' })).statusCode).toBe(404);
    const me = await app.inject({ method: 'GET', url: '/web-api/admin/me' });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ success: false });
    // A write to /admin is not a page.
    expect((await app.inject({ method: 'POST', url: '/admin/sign-in' })).statusCode).toBe(404);
  });

  it('knows its paths and gives inline scripts the nonce', () => {
    expect(['/admin', '/admin/', '/admin/staff'].every(isAdminPagePath)).toBe(true);
    expect(['/administrator', '/admins', '/', '/web-api/admin/me'].some(isAdminPagePath)).toBe(false);
    expect(withScriptNonce('<script type="module">a()</script><script type="module" src="/x.js"></script>', 'N0')).toBe('<script nonce="N0" type="module">a()</script><script type="module" src="/x.js"></script>');
  });
});
