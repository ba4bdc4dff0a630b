/**
 * Starts the shop: configuration, database (migrated, seeded when empty), the app, and a graceful
 * shutdown on SIGTERM/SIGINT that finishes open requests and closes the database cleanly.
 */
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { databaseOptions } from './db/options';

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
// PGlite compiles its WebAssembly while the app's modules load: doing both at once keeps a start
// on existing data quick.
const [database, { buildApp }, { seedIfEmpty }] = await Promise.all([
  openDatabase(databaseOptions(config)),
  import('./app'),
  import('./seed/index'),
]);
await migrateDatabase(database);
const seeded = await seedIfEmpty(database.db);
const app = await buildApp({ config, db: database.db, logger: { level: config.logLevel } });
await app.listen({ port: config.port, host: config.host });
// Waiting back-in-stock requests are matched against the stock on a timer (parts also come back
// on sale through the cart, which runs the same check at once). Imported here, not at the top:
// the app has loaded its modules by now, and the start stays as quick as before.
const { startBackInStockTimer } = await import('./modules/product-forms/back-in-stock');
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
