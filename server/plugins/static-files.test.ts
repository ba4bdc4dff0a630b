import { describe, expect, it } from 'vitest';
import { testApp } from '../test/app';

describe('static files of the built client', () => {
  it('keeps hashed assets for a year', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url: '/assets/index-B2x9kQ1a.js' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/camera/0123456789/worker.min.js', '/camera/0123456789/zxing_reader.wasm'])('keeps the camera engine %s for a year, under the hash of the files', async (url) => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('lets the camera worker compile its WebAssembly and the page use the camera, on this origin only', async () => {
    const app = await testApp();
    const worker = await app.inject({ method: 'GET', url: '/camera/0123456789/worker.min.js' });
    const page = await app.inject({ method: 'GET', url: '/robots.txt' });

    expect(worker.headers['content-type']).toMatch(/javascript/);
    for (const response of [worker, page]) {
      const scriptSrc = String(response.headers['content-security-policy']).match(/script-src ([^;]*)/)?.[1] ?? '';
      expect(scriptSrc).toContain("'wasm-unsafe-eval'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(String(response.headers['content-security-policy'])).toContain("worker-src 'self'");
      expect(response.headers['permissions-policy']).toBe('camera=(self), microphone=(), geolocation=()');
    }
  });

  it.each(['/index.html', '/sw.js', '/workbox-5a1b2c3d.js', '/manifest.webmanifest'])('revalidates %s on every load', async (url) => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves files without starting a session', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('compresses what is worth compressing', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url: '/web-api/products/types.json', headers: { 'accept-encoding': 'gzip' } });

    expect(response.headers['content-encoding']).toBe('gzip');
  });
});
