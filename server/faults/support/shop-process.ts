/**
 * The compiled shop (`node dist/node/main.js`, after `npm run build`) as a child process with the
 * environment a fault test gives it, on a free loopback port: started, waited for, stopped with
 * SIGTERM or killed with SIGKILL, its output kept for the test's messages and checks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitFor } from './ports';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const MAIN_JS = path.join(REPO_ROOT, 'dist/node/main.js');
export const SEED_JS = path.join(REPO_ROOT, 'dist/node/seed.js');

/** Fails at once with the reason when the build is missing, instead of a start that never answers. */
export function requireBuild(): void {
  if (!existsSync(MAIN_JS)) throw new Error(`${MAIN_JS} is missing: run \`npm run build\` before the fault suite`);
}

/**
 * Settings every fault test's shop shares: production mode with the keys production asks for,
 * limits high enough for one address sending the whole load, logs as JSON at info.
 */
export function faultEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    SEARCH_ID_KEY: 'fault-suite-search-id-key-0123456789abcdef',
    ALTCHA_HMAC_KEY: 'fault-suite-altcha-hmac-key-0123456789abcdef',
    ALERT_TOKEN_KEY: 'fault-suite-alert-token-key-0123456789abcdef',
    PAYMENT_SANDBOX_SECRET: 'fault-suite-payment-sandbox-secret-0123456789',
    STAFF_TOTP_KEY: 'fault-suite-staff-totp-key-0123456789abcdef',
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_CATALOGUE_MAX: '1000000',
    RATE_LIMIT_SIGN_IN_MAX: '1000000',
    RATE_LIMIT_PASSWORD_RESET_MAX: '1000000',
    RATE_LIMIT_FORMS_MAX: '1000000',
    // The suite's visitors race for one part at the order (two carts, one order wins) and read a
    // part's availability around carts and orders: a part held by the first cart would end the race
    // at the cart. The hold's own round, once across processes, is server/modules/cart/hold.test.ts's.
    CART_HOLD_MINUTES: '0',
    ...extra,
  };
}

export interface ShopProcess {
  port: number;
  baseUrl: string;
  pid: number;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Its JSON log lines so far, parsed (others are skipped). */
  logs(): Record<string, unknown>[];
  /** Resolves with the exit code (or the signal's name) once it has ended. */
  exited: Promise<number | string>;
  /** Whether it has ended. */
  hasExited(): boolean;
  /** Waits until GET /healthz answers 200 (the process listens); throws with its output otherwise. */
  waitUntilListening(timeoutMs?: number): Promise<number>;
  /** Waits until GET /readyz answers 200 (database answers, migrations applied). */
  waitUntilReady(timeoutMs?: number): Promise<number>;
  /** SIGKILL: no shutdown at all, as a crash or an out-of-memory kill. */
  kill9(): Promise<void>;
  /** SIGTERM, then the exit code. */
  terminate(): Promise<number | string>;
}

export interface StartShopOptions {
  /** Variables over faultEnv()'s; PORT is chosen here. */
  env: Record<string, string>;
  /** Reuse a port (a restart on the same address); a free one otherwise. */
  port?: number;
}

/**
 * Migrates and seeds the database `env` names with a small catalogue (`node dist/node/seed.js
 * --parts N`), so the shop's first start skips the 20,000-part demo seed.
 */
export async function seedShop(env: Record<string, string>, parts = 300): Promise<void> {
  requireBuild();
  const child = spawn(process.execPath, [SEED_JS, '--parts', String(parts)], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', TZ: 'UTC', ...faultEnv(env) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => chunks.push(chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => chunks.push(chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seeding failed (${code}):\n${chunks.join('').slice(-3000)}`);
}

/** Every shop this process started and has not seen end: afterAll and a failing test kill them. */
const started = new Set<ChildProcess>();

export async function startShop({ env, port: wanted }: StartShopOptions): Promise<ShopProcess> {
  requireBuild();
  const port = wanted ?? (await freePort());
  const child = spawn(process.execPath, [MAIN_JS], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', TZ: 'UTC', ...faultEnv(env), PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  const chunks: string[] = [];
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => chunks.push(chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => chunks.push(chunk));
  let ended = false;
  const exited = new Promise<number | string>((resolve) => {
    // 'close', not 'exit': the process's last output has been read by then.
    child.once('close', (code, signal) => {
      ended = true;
      started.delete(child);
      resolve(code ?? signal ?? 'unknown');
    });
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const output = () => chunks.join('');
  const answers = async (url: string) => {
    if (ended) throw new Error(`the shop ended (${await exited}) before it was ready:\n${output().slice(-4000)}`);
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.status === 200;
  };
  const waitOk = async (pathName: string, timeoutMs: number) => {
    try {
      return await waitFor(`${baseUrl}${pathName}`, () => answers(`${baseUrl}${pathName}`).catch((error: unknown) => {
        if (ended) throw error;
        return false;
      }), { timeoutMs });
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- shop output ---\n${output().slice(-4000)}`, { cause: error });
    }
  };
  return {
    port,
    baseUrl,
    pid: child.pid ?? -1,
    output,
    logs: () =>
      output()
        .split('\n')
        .flatMap((line) => {
          if (!line.startsWith('{')) return [];
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
    exited,
    hasExited: () => ended,
    waitUntilListening: (timeoutMs = 90_000) => waitOk('/healthz', timeoutMs),
    waitUntilReady: (timeoutMs = 90_000) => waitOk('/readyz', timeoutMs),
    async kill9() {
      if (!ended) child.kill('SIGKILL');
      await exited;
    },
    async terminate() {
      if (!ended) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Kills (SIGKILL) every shop still running: for afterAll, so no test leaves one behind. */
export async function killAllShops(): Promise<void> {
  const waiting = [...started].map((child) => new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.kill('SIGKILL');
  }));
  await Promise.all(waiting);
}
