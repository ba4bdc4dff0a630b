import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it, onTestFinished } from 'vitest';
import { precompress } from '../../scripts/precompress.mjs';
import { testApp, testClientDir } from '../test/app';

/** A built client whose script and service worker are large enough to compress, compressed as the build does. */
async function compressedClient(): Promise<{ dir: string; script: string; worker: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-client-compressed-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(testClientDir(), dir, { recursive: true });
  const script = `export const parts = ${JSON.stringify(Array.from({ length: 200 }, (_, index) => ({ id: index, name: `Alternator ${index}` })))};\n`;
  const worker = `self.addEventListener('install', () => {});\n${'// the precache list\n'.repeat(80)}`;
  writeFileSync(path.join(dir, 'assets', 'parts-Df3kQ9zX.js'), script);
  writeFileSync(path.join(dir, 'sw.js'), worker);
  await precompress(dir);
  return { dir, script, worker };
}

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

  it('sends the copy the build compressed: brotli, else gzip, else the file itself, each cached as the file', async () => {
    const { dir, script, worker } = await compressedClient();
    const app = await testApp({ env: { CLIENT_DIR: dir } });
    const url = '/assets/parts-Df3kQ9zX.js';

    const brotli = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    // The build's copy (brotli's strongest quality), not one compressed on the fly at quality 4.
    expect(brotli.rawPayload.equals(readFileSync(path.join(dir, 'assets', 'parts-Df3kQ9zX.js.br')))).toBe(true);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(readFileSync(path.join(dir, 'assets', 'parts-Df3kQ9zX.js.gz')))).toBe(true);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    // The service worker's compressed copy is still revalidated on every load.
    const serviceWorker = await app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(serviceWorker.headers['content-encoding']).toBe('br');
    expect(serviceWorker.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(serviceWorker.rawPayload).toString()).toBe(worker);
  });
});
