/**
 * A shop of a journey's own: the built server on a fresh embedded database with settings the
 * shared e2e server (playwright.config.ts) does not have, on a port the system picks, so only the
 * journey that starts it depends on them (the cart hold's 1 minute, the consent journey's GA4 id).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface OwnShop {
  url: string;
  stop(): Promise<void>;
  /** Moves the shop's clock on by its CLOCK_STEP_SECONDS (SIGUSR2), answering once the shop says it did. */
  moveClock(): Promise<void>;
}

/**
 * `running` names such a shop already started by hand with the same settings (e.g. on a busy
 * machine where starting one per run is slow); then none is started or stopped.
 */
export async function startOwnShop(name: string, env: Record<string, string>, running?: string, data: { dir?: string; keep?: boolean } = {}): Promise<OwnShop & { dataDir: string }> {
  if (running) return { url: running, stop: async () => undefined, moveClock: () => Promise.reject(new Error(`the ${name} shop was started by hand: move its clock with kill -USR2`)), dataDir: '' };
  // `data.dir`: the database of an earlier start (kept with `data.keep`), e.g. to start the same shop again on a later day.
  const dataDir = data.dir ?? mkdtempSync(path.join(os.tmpdir(), `shop-e2e-${name}-`));
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
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (!data.keep) rmSync(dataDir, { recursive: true, force: true });
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
    await stop();
    throw error;
  });
  return { url: url.replace('127.0.0.1', 'localhost'), stop, moveClock, dataDir };
}
