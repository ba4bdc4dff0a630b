/**
 * WEB_CONCURRENCY > 1 on PostgreSQL: this process becomes the supervisor of that many API
 * processes (node:cluster), which share its port, and serves nothing itself. Everything the API
 * processes share lives in PostgreSQL and Redis (sessions, carts, rate limits with Redis, kept
 * answers with Redis, background rounds claimed with SKIP LOCKED), so a visitor's requests may
 * land on any of them.
 *
 * - The first process starts alone (it migrates and, on an empty database, seeds); the others
 *   start once it listens, so two never seed at once.
 * - A process that ends unexpectedly is replaced (after a pause that grows while they keep dying).
 * - SIGTERM/SIGINT: each process is asked to stop (it finishes what is in flight), then this one
 *   exits 0.
 * - SIGHUP: a rolling restart, one process at a time: a new one is started from the files on disk
 *   (a new build), and once it listens an old one is retired (it answers a moment longer, closing
 *   each connection after its answer, then stops as on SIGTERM); no request is dropped, since the
 *   port is always held by a process that accepts.
 */
import cluster, { type Worker } from 'node:cluster';
import { RETIRE_MESSAGE } from './cluster-messages';
import type { Config } from './config';

const log = (message: string) => console.warn(JSON.stringify({ level: 40, time: Date.now(), msg: message, role: 'supervisor', pid: process.pid }));

function listening(worker: Worker): Promise<boolean> {
  return new Promise((resolve) => {
    const onListening = () => {
      worker.off('exit', onExit);
      resolve(true);
    };
    const onExit = () => {
      worker.off('listening', onListening);
      resolve(false);
    };
    worker.once('listening', onListening);
    worker.once('exit', onExit);
  });
}

function exited(worker: Worker): Promise<void> {
  return worker.isDead() ? Promise.resolve() : new Promise((resolve) => worker.once('exit', () => resolve()));
}

/** Never returns: the supervisor lives until it is told to stop, then ends the process. */
export async function superviseWorkers(config: Config): Promise<never> {
  const wanted = config.webConcurrency;
  let stopping = false;
  let restarting = false;
  let failuresInARow = 0;
  const retiring = new Set<Worker>();

  const start = (): Worker => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      failuresInARow = 0;
    });
    worker.once('exit', (code, signal) => {
      if (stopping || retiring.delete(worker)) return;
      failuresInARow += 1;
      const pauseMs = Math.min(30_000, 250 * 2 ** Math.min(failuresInARow, 7));
      log(`API process ${worker.process.pid} ended (${signal ?? `code ${code}`}); another starts in ${pauseMs} ms`);
      setTimeout(() => {
        if (!stopping) start();
      }, pauseMs);
    });
    return worker;
  };

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} API processes`);
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    for (const worker of workers) worker.process.kill('SIGTERM');
    await Promise.all(workers.map(exited));
    process.exit(0);
  };
  process.once('SIGTERM', (signal) => void stop(signal));
  process.once('SIGINT', (signal) => void stop(signal));

  process.on('SIGHUP', () => {
    if (stopping || restarting) return;
    restarting = true;
    void (async () => {
      const old = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
      log(`SIGHUP: restarting ${old.length} API processes one at a time`);
      for (const worker of old) {
        if (stopping) break;
        const replacement = start();
        if (!(await listening(replacement))) {
          log('a new API process did not start; the rolling restart stops here and the old ones keep serving');
          break;
        }
        retiring.add(worker);
        worker.send(RETIRE_MESSAGE);
        await exited(worker);
      }
      restarting = false;
    })();
  });

  // The first alone: it applies the migrations and seeds an empty database.
  start();
  await new Promise((resolve) => cluster.once('listening', resolve));
  for (let started = 1; started < wanted; started += 1) start();
  return new Promise<never>(() => undefined);
}
