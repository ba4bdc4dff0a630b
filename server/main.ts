/**
 * Starts the shop: configuration, database (migrated, seeded when empty), the app, and a graceful
 * shutdown on SIGTERM/SIGINT: new requests get 503 and no new connections are taken, requests in
 * flight finish (up to SHUTDOWN_TIMEOUT_MS), background rounds end after their current step, the
 * database is closed, exit 0. A database that goes away while running never ends the process:
 * calls answer 503 until it is back (docs/operations.md).
 */
import cluster from 'node:cluster';
import { setTimeout as delay } from 'node:timers/promises';
import { pino } from 'pino';
import { RETIRE_MESSAGE } from './cluster-messages';
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
// WEB_CONCURRENCY > 1 (PostgreSQL only): this process supervises that many API processes, each of
// which runs this file again as a cluster worker (server/cluster.ts); the supervisor never gets past here.
if (cluster.isPrimary && config.webConcurrency > 1) {
  const { superviseWorkers } = await import('./cluster');
  await superviseWorkers(config);
}
// PGlite compiles its WebAssembly while the app's modules load, and the page renderer (React and
// the routes, dist/server) with them: the main thread would otherwise wait for the database, and
// the first page would wait for the renderer.
// Until the app's logger exists, a broken pooled connection is reported on stderr.
let reportConnectionError = (error: Error) => console.error(`database connection lost: ${error.message}`);
const opening = openDatabase({ ...databaseOptions(config), onConnectionError: (error) => reportConnectionError(error) });
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
// The catalogue's reads on streaming replicas, when configured (server/db/replicas.ts); its warnings
// go to the app's log once there is one.
let replicaWarning = (message: string, error?: unknown) => console.warn(message, error);
const catalogueReads =
  database.driver === 'postgres' && config.replicas.urls.length > 0
    ? (await import('./db/replicas')).openCatalogueReads({
        primary: database.pool,
        urls: config.replicas.urls,
        maxLagMs: config.replicas.maxLagMs,
        checkMs: 250,
        onWarning: (message, error) => replicaWarning(message, error),
      })
    : undefined;
await catalogueReads?.check();
let clockAheadMs = config.clockOffsetDays * 86_400_000;
const app = await buildApp({
  ...(catalogueReads && { catalogueReads }),
  // A journey's own shop may run ahead (CLOCK_OFFSET_DAYS, CLOCK_STEP_SECONDS); a real shop runs on the system's clock.
  ...((config.clockOffsetDays > 0 || config.clockStepSeconds > 0) && { clock: () => new Date(Date.now() + clockAheadMs) }),
  config,
  db: database.db,
  // Lines are written as they are logged, not queued: pino's default stream writes to stdout in the
  // background, and a process that exits while a busy pipe holds it back (a loaded machine reading
  // slowly) loses its last lines, such as the 'stopped in' line an operator looks for.
  logger: { level: config.logLevel, stream: pino.destination({ dest: 1, sync: true }) },
  ...(database.driver === 'postgres' && { databasePool: () => ({ total: database.pool.totalCount, idle: database.pool.idleCount, waiting: database.pool.waitingCount }) }),
  // The import begun above; a later call (after a failed one) imports again.
  loadRenderEntry: () => {
    const started = renderEntry ?? loadRenderEntry();
    renderEntry = undefined;
    return started;
  },
});
replicaWarning = (message, error) => app.log.warn({ err: error }, message);
reportConnectionError = (error) => app.log.warn({ reason: error.message }, 'a database connection was lost; the next call opens a new one');
if (config.clockStepSeconds > 0) {
  // A journey's own shop: the journey moves the clock on instead of waiting (the line tells it the move is done).
  process.on('SIGUSR2', () => {
    clockAheadMs += config.clockStepSeconds * 1000;
    app.log.info(`clock moved on ${config.clockStepSeconds} s: ${app.clock().toISOString()}`);
  });
}
// A promise nobody awaited that failed (a database call cut off mid-way in some background step)
// is logged; it must not end a shop that is otherwise serving.
process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));
// The stop is in place before the shop says it listens: a SIGTERM sent the moment that line is read
// (a journey's own shop, stopped right after its first start) would otherwise find Node's default
// and end the process with no exit code, on a loaded machine where the line came before the handler.
let stopping = false;
process.once('SIGTERM', (signal) => void stop(signal));
process.once('SIGINT', (signal) => void stop(signal));
await app.listen({ port: config.port, host: config.host });

const where = database.driver === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
app.log.info(
  `Shop ready at http://localhost:${config.port} on ${where}${seeded ? ' (seeded)' : ''} in ${Math.round(performance.now() - startedAt)} ms`,
);

async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  const stopStarted = performance.now();
  app.log.info(`${signal}: stopping (requests in flight have ${config.shutdownTimeoutMs} ms)`);
  // New requests on open connections get 503 from here on; app.close() stops listening at once.
  app.beginStopping();
  // Requests still running at the limit have their connections cut, so the stop never hangs.
  const limit = setTimeout(() => {
    app.log.warn(`requests still in flight after ${config.shutdownTimeoutMs} ms: closing their connections`);
    app.server.closeAllConnections();
    // A background step that still does not end (a statement the database never answers) does
    // not keep the process from stopping either.
    setTimeout(() => {
      app.log.error('the stop did not finish: exiting');
      process.exit(1);
    }, 5000).unref();
  }, config.shutdownTimeoutMs);
  limit.unref();
  // The process stays up until it exits below. Without a handle of its own, a last step that awaits
  // only promises (a database connection already gone, say) would let Node end it with code 0 before
  // 'stopped in' is logged and before any limit fired: seen once in the fault suite (exit 0, no line).
  setInterval(() => undefined, 1000);
  try {
    // Waits for the requests in flight and for each background round's current step (onClose hooks).
    await app.close();
    // Said so that a stop that hangs shows which half it hangs in.
    app.log.info('requests and background rounds ended: closing the database');
    // The pool's end waits for every checked-out connection to come back. One lost by a failed
    // BEGIN after a database restart hung the stop (fixed: db/pooled-transactions.ts); should any
    // other holder never give one back, the exit closes the sockets anyway: the stop waits 2 s and
    // says how many were still out.
    const closed = await Promise.race([database.close().then(() => true), delay(2000).then(() => false)]);
    if (!closed) {
      const held = database.driver === 'postgres' ? database.pool.totalCount - database.pool.idleCount : 0;
      app.log.warn(`the database did not close within 2 s (${held} connection(s) still checked out): exiting without waiting for them`);
    }
    clearTimeout(limit);
    app.log.info(`stopped in ${Math.round(performance.now() - stopStarted)} ms`);
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
// A rolling restart (server/cluster.ts) retires this process: for a moment it still answers, each
// answer closing its connection, so clients move to the other processes on connections of their
// own; then it stops as on SIGTERM. (A stop straight away would close kept-alive connections a
// client may be sending on at that instant.)
const RETIRE_DRAIN_MS = 1_000;
process.on('message', (message) => {
  if (message !== RETIRE_MESSAGE || stopping) return;
  app.beginDraining();
  setTimeout(() => void stop('SIGTERM'), RETIRE_DRAIN_MS).unref();
});
