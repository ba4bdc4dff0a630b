/**
 * Several API processes (WEB_CONCURRENCY, server/cluster.ts) on one PostgreSQL: the supervisor
 * starts that many, every one answers, a rolling restart (SIGHUP) under load drops no request, a
 * process killed with SIGKILL is replaced, and SIGTERM stops them all with exit 0.
 */
import { execFile } from 'node:child_process';
import { get } from 'node:http';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoad } from './support/load';
import { startPgCluster, type PgCluster } from './support/pg-cluster';
import { waitFor } from './support/ports';
import { killAllShops, seedShop, startShop, type ShopProcess } from './support/shop-process';

const run = promisify(execFile);

/** The supervisor's API processes, by pid. */
async function workersOf(supervisor: number): Promise<number[]> {
  const { stdout } = await run('ps', ['-o', 'pid=', '--ppid', String(supervisor)]).catch(() => ({ stdout: '' }));
  return stdout
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => pid > 0)
    .sort((a, b) => a - b);
}

/**
 * A GET on a connection of its own: the supervisor hands each new connection to the next process,
 * and a kept-alive one would stay with the process that took it.
 */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    }).on('error', reject);
  });
}

/** The processes that wrote request lines since `from` (the request log carries each process's pid). */
function answeringPids(shop: ShopProcess, from = 0): Set<number> {
  return new Set(
    shop
      .logs()
      .slice(from)
      .filter((line) => line.msg === 'request')
      .map((line) => Number(line.pid)),
  );
}

describe('several API processes under one supervisor', () => {
  let cluster: PgCluster;
  let shop: ShopProcess;

  beforeAll(async () => {
    cluster = await startPgCluster();
    await cluster.createDatabase('shop');
    const env = { DATABASE_URL: cluster.url('shop') };
    await seedShop(env);
    shop = await startShop({ env: { ...env, WEB_CONCURRENCY: '2' } });
    await shop.waitUntilReady();
  });

  afterAll(async () => {
    await killAllShops();
    await cluster?.destroy();
  });

  it('runs WEB_CONCURRENCY processes that all answer, restarts them one at a time under load without a failed request, replaces one that dies, and stops with exit 0', async () => {
    await waitFor('two API processes', async () => (await workersOf(shop.pid)).length === 2, { timeoutMs: 60_000 });
    const first = await workersOf(shop.pid);

    // Requests spread over both: each process logs the ones it answered with its pid.
    const before = shop.logs().length;
    await waitFor('answers from both processes', async () => {
      await Promise.all(Array.from({ length: 8 }, () => getOnNewConnection(`${shop.baseUrl}/web-api/products/makes.json`)));
      const pids = answeringPids(shop, before);
      return first.every((pid) => pids.has(pid));
    }, { timeoutMs: 30_000 });

    // A rolling restart (what a deploy of a new build does) while catalogue reads and health checks keep coming.
    const load = startLoad({
      baseUrl: shop.baseUrl,
      workers: 4,
      maxRequests: 20_000,
      maxMs: 90_000,
      hangMs: 10_000,
      pauseMs: 5,
      next: (_worker, n) => ({ path: n % 3 === 0 ? '/readyz' : n % 3 === 1 ? '/web-api/products/makes.json' : '/web-api/product-categories/menu.json' }),
    });
    process.kill(shop.pid, 'SIGHUP');
    const restarted = await waitFor('both processes replaced', async () => {
      const now = await workersOf(shop.pid);
      return now.length === 2 && now.every((pid) => !first.includes(pid));
    }, { timeoutMs: 90_000 });
    const report = await load.stop();
    console.warn(`rolling restart: ${report.sent} requests over ${restarted} ms, by status ${JSON.stringify(report.byStatus)}, slowest ${report.slowest} ms`);
    expect(report.failures, 'connections refused or reset during the rolling restart').toEqual([]);
    expect(report.hangs).toEqual([]);
    expect(Object.keys(report.byStatus).filter((status) => status !== '200')).toEqual([]);
    expect(report.sent).toBeGreaterThan(20);

    // One process killed outright is replaced by the supervisor.
    const [victim] = await workersOf(shop.pid);
    if (victim === undefined) throw new Error('no API process to kill');
    process.kill(victim, 'SIGKILL');
    await waitFor('a replacement process', async () => {
      const now = await workersOf(shop.pid);
      return now.length === 2 && !now.includes(victim);
    }, { timeoutMs: 60_000 });
    await shop.waitUntilReady();

    // SIGTERM to the supervisor: every process stops after its work, then the supervisor, with 0.
    const last = await workersOf(shop.pid);
    expect(await shop.terminate()).toBe(0);
    expect(await workersOf(shop.pid)).toEqual([]);
    for (const pid of last) expect(() => process.kill(pid, 0)).toThrow();
  });
});
