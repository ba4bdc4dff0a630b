/**
 * Redis away (issue 27): with REDIS_URL set, a private redis-server is killed and started again
 * while browsers keep loading the catalogue. The shop keeps serving every request; the rate limits
 * count in this process meanwhile (a strict limit still answers 429 on time); kept answers are
 * computed afresh (the database is asked on every read); the log says so once; and when Redis is
 * back, counters and answers are in Redis again and a kept answer costs no statement.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { REDIS_AWAY_MESSAGE, REDIS_BACK_MESSAGE } from '../plugins/redis';
import { testClientDir } from '../test/app';
import { countingDatabase } from '../test/counting-database';
import { resetDatabase, testDatabase } from '../test/database';
import { startPrivateRedis, stopPrivateRedises } from './support/redis';

afterAll(stopPrivateRedises);

// Below Linux's ephemeral range (32768-60999): an outgoing connection's local port could hold a
// port in that range when the server starts or restarts, and then redis-server cannot listen.
const REDIS_PORT = 31510;
const SIGN_IN_LIMIT = 5;

async function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Browsers loading catalogue reads over HTTP, `workers` at a time, until stopped: every status counted. */
function browsing(base: string, workers: number) {
  const statuses = new Map<number | string, number>();
  let stopped = false;
  const paths = ['/web-api/products/makes.json', '/web-api/products/types.json'];
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let i = worker; !stopped; i += 1) {
      let status: number | string;
      try {
        const response = await fetch(`${base}${paths[i % paths.length]}`, { signal: AbortSignal.timeout(15_000) });
        await response.arrayBuffer();
        status = response.status;
      } catch (error) {
        status = error instanceof Error ? error.name : 'error';
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  });
  return {
    total: () => [...statuses.values()].reduce((sum, n) => sum + n, 0),
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return Object.fromEntries(statuses);
    },
  };
}

describe('Redis stopped and started under load', () => {
  it('keeps serving, counts limits in the process, computes answers afresh, warns once, and uses Redis again when it returns', async () => {
    const redis = await startPrivateRedis(REDIS_PORT);
    const probe = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 200 });
    probe.on('error', () => undefined);
    const prefix = `fault:${randomUUID()}:`;
    const handle = await testDatabase();
    await resetDatabase(handle.db);
    // Statements naming part_types: the read under test (background jobs' statements are not counted).
    const { db, counted: partTypeStatements } = countingDatabase(handle, /part_types/);
    const logs: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
        done();
      },
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      CLIENT_DIR: testClientDir(),
      REDIS_URL: redis.url,
      CATALOGUE_CACHE_PREFIX: prefix,
      STOCK_VERSION_POLL_MS: '600000',
      RATE_LIMIT_SIGN_IN_MAX: String(SIGN_IN_LIMIT),
      RATE_LIMIT_CATALOGUE_MAX: '1000000',
    });
    const app: FastifyInstance = await buildApp({ config, db, logger: { level: 'info', stream } });
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const types = async () => {
        const before = partTypeStatements();
        const response = await fetch(`${base}/web-api/products/types.json`);
        expect(response.status).toBe(200);
        const body = await response.text();
        return { statements: partTypeStatements() - before, body };
      };
      const signIn = async () => (await fetch(`${base}/web-api/members/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status;
      const messages = (text: string) => logs.filter((line) => line.msg === text).length;

      // Redis up: the first read is computed and kept in Redis, the second costs no statement.
      await waitUntil('the shop to reach Redis', () => app.redis?.isUp() === true);
      const first = await types();
      expect(first.statements).toBeGreaterThan(0);
      await waitUntil('the answer to be kept in Redis', async () => (await probe.keys(`${prefix}*`)).length > 0);
      expect((await types()).statements).toBe(0);

      // Redis killed while browsers load pages.
      const load = browsing(base, 3);
      await waitUntil('some load', () => load.total() >= 20);
      await redis.stop();
      await waitUntil('the warning that Redis is away', () => messages(REDIS_AWAY_MESSAGE) === 1);
      const servedBefore = load.total();
      await waitUntil('load served without Redis', () => load.total() >= servedBefore + 60);
      const whileAway = await load.stop();
      expect(whileAway).toEqual({ 200: load.total() });

      // Without Redis: each read is computed afresh, and the strict limit is counted in this process.
      const away = [await types(), await types(), await types()];
      expect(away.map((read) => read.statements > 0)).toEqual([true, true, true]);
      expect(away.every((read) => read.body === first.body)).toBe(true);
      const attempts: number[] = [];
      for (let i = 0; i <= SIGN_IN_LIMIT; i += 1) attempts.push(await signIn());
      expect(attempts.slice(0, SIGN_IN_LIMIT).filter((status) => status === 429)).toEqual([]);
      expect(attempts[SIGN_IN_LIMIT]).toBe(429);

      // Redis started again (empty) under load: the shop uses it again by itself.
      const again = browsing(base, 3);
      await redis.start();
      await waitUntil('the shop to say Redis is back', () => messages(REDIS_BACK_MESSAGE) === 1);
      const servedAfter = again.total();
      await waitUntil('load served with Redis back', () => again.total() >= servedAfter + 20);
      const afterReturn = await again.stop();
      expect(afterReturn).toEqual({ 200: again.total() });
      await waitUntil('answers kept in Redis again', async () => (await probe.keys(`${prefix}*`)).length > 0);
      expect((await probe.keys('fastify-rate-limit-*')).length).toBeGreaterThan(0);
      await types();
      expect((await types()).statements).toBe(0);

      // One warning for the whole outage however many requests met it, one line for the return.
      expect(messages(REDIS_AWAY_MESSAGE)).toBe(1);
      expect(messages(REDIS_BACK_MESSAGE)).toBe(1);
      expect(logs.filter((line) => line.level >= 40).map((line) => line.msg)).toEqual([REDIS_AWAY_MESSAGE]);
    } finally {
      probe.disconnect();
      await app.close();
      await redis.stop();
    }
  }, 90_000);
});
