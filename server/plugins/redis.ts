/**
 * The shop's one connection to Redis (REDIS_URL), shared by the rate limits (plugins/rate-limit.ts)
 * and the catalogue's kept answers (modules/catalogue/answer-cache.ts), and what both need to
 * know about it: whether it is up.
 *
 * Redis is a help, never a dependency. While it is away the rate limits count in this process
 * and the catalogue computes its answers afresh; the shop keeps serving. The client has no offline
 * queue and a short command limit, so a request never waits on a Redis that is gone, and it
 * reconnects by itself (every 2 s at most), so Redis is used again as soon as it returns.
 *
 * The log says so once per outage: one warning when Redis goes away (or cannot be reached at
 * start), one line when it is back. ioredis's own error events (one per reconnection attempt) are
 * logged at debug only.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config';

export interface RedisLink {
  readonly client: Redis;
  /** Connected and ready now: worth asking. */
  isUp(): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis connection; undefined without REDIS_URL. */
    redis: RedisLink | undefined;
  }
}

/** How long a command may take before its caller does without Redis. */
const COMMAND_TIMEOUT_MS = 500;
/** How long the start waits for a first connection (Redis down at start costs no more than this). */
const FIRST_CONNECTION_WAIT_MS = 1000;

export const REDIS_AWAY_MESSAGE = 'Redis unavailable: rate limits count in this process and catalogue answers are computed afresh until it returns';
export const REDIS_BACK_MESSAGE = 'Redis is back: rate limits and catalogue answers are shared again';

export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<RedisLink & { close(): Promise<void> }> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    connectTimeout: COMMAND_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // Reconnect for as long as the process runs, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
  let up = false;
  let away = false;
  let closing = false;
  const wentAway = (error?: Error) => {
    up = false;
    if (away || closing) return;
    away = true;
    log.warn(error ? { err: error } : {}, REDIS_AWAY_MESSAGE);
  };
  // Without an error listener ioredis would crash the process on a lost connection.
  client.on('error', (error: Error) => {
    log.debug({ err: error }, 'redis connection error');
    wentAway(error);
  });
  client.on('close', () => wentAway());
  client.on('ready', () => {
    up = true;
    if (away) log.info(REDIS_BACK_MESSAGE);
    away = false;
  });
  await new Promise<void>((resolve) => {
    const waited = setTimeout(() => {
      wentAway();
      resolve();
    }, FIRST_CONNECTION_WAIT_MS).unref();
    client.once('ready', () => {
      clearTimeout(waited);
      resolve();
    });
  });
  return {
    client,
    isUp: () => up,
    async close() {
      closing = true;
      if (client.status === 'ready') await client.quit().catch(() => undefined);
      client.disconnect();
    },
  };
}

/** Decorates the app with `redis` (connected when REDIS_URL is set), closed last of all. */
export const redisConnection = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    if (!config.redisUrl) {
      app.decorate('redis', undefined);
      return;
    }
    const link = await connectRedis(config.redisUrl, app.log);
    app.decorate('redis', link);
    app.addHook('onClose', () => link.close());
  },
  { name: 'redis-connection' },
);
