/** The stand-in for the built client the test app serves (no Vitest here: the benchmarks use it too). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

let clientDir: string | undefined;

/** A tiny stand-in for the built client: what the server needs to serve, nothing the browser runs. */
export function testClientDir(): string {
  if (clientDir) return clientDir;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-client-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dir, 'assets', 'index-B2x9kQ1a.js'), 'export {};');
  writeFileSync(path.join(dir, 'assets', 'style-C3y0lR2b.css'), 'body {}');
  // What the server reads of Vite's build manifest: the entry's script and the stylesheet.
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/index-B2x9kQ1a.js', src: 'index.html', isEntry: true }, 'style.css': { file: 'assets/style-C3y0lR2b.css', src: 'style.css' } }),
  );
  // The back office's page and a script of its own build (vite build --mode admin).
  mkdirSync(path.join(dir, 'admin', 'assets'), { recursive: true });
  writeFileSync(
    path.join(dir, 'admin.html'),
    '<!doctype html><html lang="en-GB"><head><meta name="robots" content="noindex"><title>Back office</title><script type="module" crossorigin src="/admin/assets/admin-D5JSeOTh.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'admin', 'assets', 'admin-D5JSeOTh.js'), 'export {};');
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(path.join(dir, 'workbox-5a1b2c3d.js'), 'export {};');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Shop"}');
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *');
  // The camera's reading engines (scripts/camera-assets.ts), under the hash of their contents.
  mkdirSync(path.join(dir, 'camera', '0123456789'), { recursive: true });
  writeFileSync(path.join(dir, 'camera', '0123456789', 'worker.min.js'), 'self.onmessage = () => {};');
  writeFileSync(path.join(dir, 'camera', '0123456789', 'zxing_reader.wasm'), Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  clientDir = dir;
  return dir;
}
