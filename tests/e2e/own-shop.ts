/**
 * A shop of a journey's own: the built server on a fresh embedded database with settings the
 * shared e2e server (playwright.config.ts) does not have, on a port the system picks, so only the
 * journey that starts it depends on them (the cart hold's 1 minute, the consent journey's GA4 id).
 *
 * A fresh database is a copy of the demo shop seeded once a run (seededShop below): migrating and
 * seeding one took each such start the better part of a minute on the busy CI machine, six times
 * a run (the hold, consent and ended-claims journeys at both widths); a start on a seeded copy
 * only checks the migrations and the two counts (server/seed/state.ts).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

export interface OwnShop {
  url: string;
  stop(): Promise<void>;
  /** Moves the shop's clock on by its CLOCK_STEP_SECONDS (SIGUSR2), answering once the shop says it did. */
  moveClock(): Promise<void>;
}

interface Launched {
  url: string;
  /** Stops the process (SIGTERM, its graceful stop) and answers with its exit code. */
  end(): Promise<number | null>;
  moveClock(): Promise<void>;
}

/** The built server on `dataDir`, answering once it listens (after migrating, and seeding an empty database). */
async function launch(name: string, dataDir: string, env: Record<string, string>): Promise<Launched> {
  const child = spawn(process.execPath, ['dist/node/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_CATALOGUE_MAX: '100000',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const end = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    return child.exitCode;
  };
  let output = '';
  const moves: Array<() => void> = [];
  let movesSeen = 0;
  const readMoves = (chunk: Buffer) => {
    output += chunk.toString();
    const seen = output.match(/clock moved on/g)?.length ?? 0;
    for (; movesSeen < seen; movesSeen += 1) moves.shift()?.();
  };
  child.stdout.on('data', readMoves);
  child.stderr.on('data', readMoves);
  const moveClock = () =>
    new Promise<void>((resolve) => {
      moves.push(resolve);
      child.kill('SIGUSR2');
    });
  // The server says where it listens once it has migrated and seeded its database.
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the ${name} shop did not start: ${output.slice(-2000)}`)), 240_000);
    const read = () => {
      const found = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the ${name} shop ended (${code}): ${output.slice(-2000)}`));
    });
  }).catch(async (error: unknown) => {
    await end();
    throw error;
  });
  return { url, end, moveClock };
}

/** Whether the process named in a lock folder has gone (a lock folder without its pid yet is being taken just now). */
function holderGone(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
  } catch {
    return false;
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

/** Where the run's seeded demo shop is kept (removed after the run: global-teardown.ts). */
export function seededShopFolder(): string | undefined {
  const runFolder = process.env.E2E_DATA_DIR;
  return runFolder && path.join(runFolder, 'own-shop-seeded');
}

/**
 * The demo shop's data folder, migrated and seeded by a server that has stopped, made by the first
 * journey of the run that needs one. The workers share it through the run's data folder
 * (E2E_DATA_DIR): one seeds under a lock folder naming its process, the other waits for the
 * result (or takes over when that process has gone, e.g. a worker ended by a failed journey).
 * Copied only once its server has exited: PGlite writes its files from inside the process.
 */
async function seededShop(): Promise<string> {
  const seeded = seededShopFolder();
  if (!seeded) throw new Error('E2E_DATA_DIR is not set: run the journeys through playwright.config.ts');
  const lock = `${seeded}.lock`;
  for (;;) {
    if (existsSync(seeded)) return seeded;
    try {
      mkdirSync(lock);
    } catch {
      if (holderGone(lock)) rmSync(lock, { recursive: true, force: true });
      await delay(500);
      continue;
    }
    writeFileSync(path.join(lock, 'pid'), String(process.pid));
    try {
      const partial = `${seeded}.partial`;
      rmSync(partial, { recursive: true, force: true });
      const shop = await launch('seeding', partial, {});
      const code = await shop.end();
      if (code !== 0) throw new Error(`the seeded shop did not stop cleanly (exit ${code})`);
      renameSync(partial, seeded);
      return seeded;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/**
 * `running` names such a shop already started by hand with the same settings (e.g. on a busy
 * machine where starting one per run is slow); then none is started or stopped.
 */
export async function startOwnShop(name: string, env: Record<string, string>, running?: string, data: { dir?: string; keep?: boolean } = {}): Promise<OwnShop & { dataDir: string }> {
  if (running) return { url: running, stop: async () => undefined, moveClock: () => Promise.reject(new Error(`the ${name} shop was started by hand: move its clock with kill -USR2`)), dataDir: '' };
  // `data.dir`: the database of an earlier start (kept with `data.keep`), e.g. to start the same shop again on a later day.
  let dataDir = data.dir;
  if (!dataDir) {
    const template = await seededShop();
    dataDir = mkdtempSync(path.join(os.tmpdir(), `shop-e2e-${name}-`));
    cpSync(template, dataDir, { recursive: true });
  }
  const removeData = () => {
    if (!data.keep && dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const shop = await launch(name, dataDir, env).catch((error: unknown) => {
    removeData();
    throw error;
  });
  const stop = async () => {
    await shop.end();
    removeData();
  };
  return { url: shop.url.replace('127.0.0.1', 'localhost'), stop, moveClock: shop.moveClock, dataDir };
}
