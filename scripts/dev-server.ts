/**
 * The shop while developing (`npm run dev`, started and restarted on change by scripts/dev.mjs):
 * the real app on one origin, with Vite inside it in middleware mode (@fastify/middie). Pages are
 * rendered through Vite's module graph (`ssrLoadModule('/src/entry-server.tsx')`, so an edited
 * component is rendered at once) and load the browser's code from Vite with hot reload; the
 * React refresh preamble is an inline module script carrying the page's CSP nonce.
 */
import { readFile } from 'node:fs/promises';
import middie from '@fastify/middie';
import react from '@vitejs/plugin-react';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import type { PageAssets, RenderEntry } from '../src/contract/render';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { databaseOptions } from '../server/db/options';
import { needsSeeding } from '../server/seed/state';

const config = loadConfig({ NODE_ENV: 'development', ...process.env });
const database = await openDatabase(databaseOptions(config));
await migrateDatabase(database);
if (await needsSeeding(database.db)) await (await import('../server/seed/index')).seedIfEmpty(database.db);

/** The browser's entry straight from the sources, with Vite's client and React's refresh runtime. */
const devAssets: PageAssets = {
  scripts: ['/@vite/client', '/src/main.tsx'],
  preloads: [],
  stylesheets: [],
  inlineModules: [react.preambleCode.replace('__BASE__', '/')],
};

/** Vite, once it has started (it needs the app's HTTP server for hot reload). */
const dev: { vite?: ViteDevServer } = {};
const app = await buildApp({
  config,
  db: database.db,
  logger: { level: config.logLevel },
  loadRenderEntry: async () => {
    if (!dev.vite) throw new Error('Vite is still starting');
    return (await dev.vite.ssrLoadModule('/src/entry-server.tsx')) as RenderEntry;
  },
  pageAssets: async () => devAssets,
  // The back office's page from the sources, through Vite (its client and React's refresh preamble).
  adminPage: async (url) => {
    if (!dev.vite) throw new Error('Vite is still starting');
    return dev.vite.transformIndexHtml(url, await readFile(new URL('../admin.html', import.meta.url), 'utf8'));
  },
});
// Hot reload over the shop's own port, which the CSP's connect-src 'self' allows.
const vite = await createViteServer({ server: { middlewareMode: true, hmr: { server: app.server } }, appType: 'custom' });
dev.vite = vite;
// Vite answers its own paths (/src/…, /@vite/…, /node_modules/.vite/…, public files) before the
// shop's routes and pages.
await app.register(middie);
app.use(vite.middlewares);

const close = async () => {
  await app.close();
  await vite.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void close());
process.once('SIGTERM', () => void close());

await app.listen({ port: config.port, host: config.host });
