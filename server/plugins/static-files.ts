/**
 * The built client from CLIENT_DIR. Vite's hashed files under /assets/ never change, so browsers
 * keep them for a year; index.html, the service worker and the manifest must be revalidated on
 * every load or a deploy would never reach installed apps. A browser that accepts brotli or gzip
 * gets the copy the build compressed once at the strongest settings (scripts/precompress.mjs);
 * a file without one is compressed on the fly by @fastify/compress as before.
 */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath, looksLikeFile } from '../http/paths';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** Icons, robots.txt and the like: unhashed, but rarely changed. */
const SHORT = 'public, max-age=3600';

function cacheControlFor(relativePath: string): string {
  // The compressed copy sent (sw.js.br) is cached as the file it stands for (sw.js).
  const file = relativePath.split(path.sep).join('/').replace(/\.(br|gz)$/, '');
  // camera/<hash>/: the camera's reading engines, named by the hash of their contents.
  if (file.startsWith('assets/') || file.startsWith('admin/assets/') || file.startsWith('camera/')) return IMMUTABLE;
  if (['index.html', 'sw.js', 'manifest.webmanifest'].includes(file) || /^workbox-[\w-]+\.js$/.test(file)) return REVALIDATE;
  return SHORT;
}

export const staticFiles = fp<{ clientDir: string }>(
  async (app: FastifyInstance, { clientDir }) => {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: true,
      // Pages are rendered by the storefront handler (with the visitor's head), never sent raw.
      index: false,
      cacheControl: false,
      preCompressed: true,
      // Only file paths reach the disk; a storefront path or an unknown API path goes straight
      // to the not-found handlers.
      // admin.html is the back office's page, answered for /admin with its own headers, never raw.
      allowedPath: (pathname) => looksLikeFile(pathname) && !isApiPath(pathname) && pathname !== '/admin.html',
      setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(path.relative(clientDir, filePath))),
    });
  },
  { name: 'static-files' },
);
