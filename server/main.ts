/**
 * Starts the shop: configuration, database (migrated, seeded when empty), the app, and a graceful
 * shutdown on SIGTERM/SIGINT that finishes open requests and closes the database cleanly.
 */
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { databaseOptions } from './db/options';
import { builtRenderEntry } from './modules/storefront/render-entry';
import { needsSeeding } from './seed/state';
import type { RenderEntry } from '../src/contract/render';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const startedAt = performance.now();
const config = configOrExit();
// PGlite compiles its WebAssembly while the app's modules load, and the page renderer (React and
// the routes, dist/server) with them: the main thread would otherwise wait for the database, and
// the first page would wait for the renderer.
const opening = openDatabase(databaseOptions(config));
const appModule = import('./app');
const loadRenderEntry = builtRenderEntry(config);
let renderEntry: Promise<RenderEntry> | undefined = loadRenderEntry();
// A missing build is reported by the first page asked for, exactly as without this early start.
renderEntry.catch(() => undefined);
const [database, { buildApp }] = await Promise.all([opening, appModule]);
await migrateDatabase(database);
// The seeder and its data files are loaded only when there is something to seed (the first
// start of an empty database): every later start skips them after two counts.
const seeded = (await needsSeeding(database.db)) && (await (await import('./seed/index')).seedIfEmpty(database.db));
const app = await buildApp({
  config,
  db: database.db,
  logger: { level: config.logLevel },
  // The import begun above; a later call (after a failed one) imports again.
  loadRenderEntry: () => {
    const started = renderEntry ?? loadRenderEntry();
    renderEntry = undefined;
    return started;
  },
});
await app.listen({ port: config.port, host: config.host });
// Waiting back-in-stock requests are matched against the stock on a timer (parts also come back
// on sale through the cart, which runs the same check at once). Imported here, not at the top:
// the app has loaded its modules by now, and the start stays as quick as before.
const { startBackInStockTimer } = await import('./modules/product-forms/index');
const backInStock = startBackInStockTimer(database.db, {
  publicUrl: config.publicUrl,
  intervalMs: config.backInStockIntervalMs,
  onError: (error) => app.log.error({ err: error }, 'back-in-stock round failed'),
});

const where = database.driver === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
app.log.info(
  `Shop ready at http://localhost:${config.port} on ${where}${seeded ? ' (seeded)' : ''} in ${Math.round(performance.now() - startedAt)} ms`,
);

let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: stopping`);
  try {
    await backInStock.stop();
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGTERM', (signal) => void stop(signal));
process.once('SIGINT', (signal) => void stop(signal));
