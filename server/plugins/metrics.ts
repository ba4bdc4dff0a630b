/**
 * `GET /metrics` in Prometheus' text format (prom-client), for the operator's network only: a
 * caller must bring `Authorization: Bearer METRICS_TOKEN` or come from an address in
 * METRICS_ALLOW (loopback by default); anyone else gets the ordinary 404, so the address tells an
 * outsider nothing. docs/operations.md says what each series means and which to alert on.
 *
 * Each app has its own registry (the API tests build many apps in one process). Other parts of the
 * shop report through `app.metrics`: background rounds (server/plugins/periodic-rounds.ts), the
 * catalogue's kept answers, queue depths read when scraped.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ReplicaState } from '../db/replicas';
import { HttpError, MESSAGES } from '../http/http-error';
import { routeLabelOf } from './request-log';

/** The database pool's counts, as node-postgres reports them (PGlite has one connection and none). */
export interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
}

export interface MetricsOptions {
  /** METRICS_TOKEN: a scraper from anywhere may bring it as a bearer token. */
  token: string | undefined;
  /** METRICS_ALLOW: addresses allowed without a token (request.ip, so behind a proxy with TRUST_PROXY the client's). */
  allow: readonly string[];
  /** The database pool's counts; absent on embedded PGlite. */
  pool?: (() => PoolCounts) | undefined;
  /** The catalogue's replicas, when there are some (server/db/replicas.ts). */
  replicas?: (() => ReplicaState[]) | undefined;
}

export interface ShopMetrics {
  readonly registry: Registry;
  /** A background round ended: ok or failed, and how long it took. */
  roundFinished(name: string, ok: boolean, seconds: number): void;
  /** A background round still running at its time limit. */
  roundOvertime(name: string): void;
  /** The catalogue's kept answers: a hit, a miss, and bytes kept. */
  answerCache(outcome: 'hit' | 'miss'): void;
  answerCacheBytes(read: () => number): void;
  /** A queue whose depth is read when scraped (the mail outbox, the alert queue). */
  queueDepth(queue: string, read: () => Promise<number>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ShopMetrics;
  }
}

/** A depth read that does not answer within this is left out of the scrape (the database may be away). */
const QUEUE_READ_LIMIT_MS = 1_000;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function mayScrape(request: Pick<FastifyRequest, 'headers' | 'ip'>, options: Pick<MetricsOptions, 'token' | 'allow'>): boolean {
  const authorization = request.headers.authorization;
  if (options.token && typeof authorization === 'string' && authorization.startsWith('Bearer ')) {
    return sameSecret(authorization.slice('Bearer '.length), options.token);
  }
  return options.allow.includes(request.ip);
}

function withLimit<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([work.catch(() => undefined), late]).finally(() => clearTimeout(timer));
}

export const metrics = fp<MetricsOptions>(
  async (app, options) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const requests = new Counter({ name: 'shop_http_requests_total', help: 'Answered requests by route pattern, method and status.', labelNames: ['route', 'method', 'status'], registers: [registry] });
    const durations = new Histogram({
      name: 'shop_http_request_duration_seconds',
      help: 'Time from the request to its answer, by route pattern and method.',
      labelNames: ['route', 'method'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      const route = routeLabelOf(request.routeOptions.url);
      requests.inc({ route, method: request.method, status: String(reply.statusCode) });
      durations.observe({ route, method: request.method }, reply.elapsedTime / 1000);
    });

    const pool = options.pool;
    if (pool) {
      new Gauge({ name: 'shop_db_pool_connections', help: 'Database connections held by the pool: in use and idle.', labelNames: ['state'], registers: [registry], collect() {
        const counts = pool();
        this.set({ state: 'in_use' }, counts.total - counts.idle);
        this.set({ state: 'idle' }, counts.idle);
      } });
      new Gauge({ name: 'shop_db_pool_waiting', help: 'Queries waiting for a free database connection.', registers: [registry], collect() {
        this.set(pool().waiting);
      } });
    }

    const replicas = options.replicas;
    if (replicas) {
      new Gauge({ name: 'shop_db_replica_usable', help: 'Whether each replica may answer the catalogue’s reads now (1) or is skipped (0).', labelNames: ['replica'], registers: [registry], collect() {
        for (const replica of replicas()) this.set({ replica: replica.url }, replica.usable ? 1 : 0);
      } });
      new Gauge({ name: 'shop_db_replica_lag_seconds', help: 'How far behind the primary each replica was at its last check.', labelNames: ['replica'], registers: [registry], collect() {
        for (const replica of replicas()) if (replica.lagMs !== undefined) this.set({ replica: replica.url }, replica.lagMs / 1000);
      } });
    }

    const roundRuns = new Counter({ name: 'shop_round_runs_total', help: 'Background rounds run, by round and outcome.', labelNames: ['round', 'outcome'], registers: [registry] });
    const roundSeconds = new Histogram({ name: 'shop_round_duration_seconds', help: 'How long a background round took.', labelNames: ['round'], buckets: [0.01, 0.05, 0.25, 1, 5, 30], registers: [registry] });
    const roundOvertime = new Counter({ name: 'shop_round_overtime_total', help: 'Background rounds still running at their time limit (told to stop, and logged).', labelNames: ['round'], registers: [registry] });
    const roundLastSuccess = new Gauge({ name: 'shop_round_last_success_timestamp_seconds', help: 'When each background round last ended without failing (Unix time).', labelNames: ['round'], registers: [registry] });

    const cacheLookups = new Counter({ name: 'shop_answer_cache_lookups_total', help: "The catalogue's kept answers: hits and misses.", labelNames: ['outcome'], registers: [registry] });
    const cacheBytesReaders: (() => number)[] = [];
    new Gauge({ name: 'shop_answer_cache_bytes', help: "Bytes of catalogue answers kept in this process's memory.", registers: [registry], collect() {
      this.set(cacheBytesReaders.reduce((sum, read) => sum + read(), 0));
    } });

    const queues = new Map<string, () => Promise<number>>();
    new Gauge({ name: 'shop_queue_depth', help: 'Work waiting in a queue: mails to relay, alerts to send.', labelNames: ['queue'], registers: [registry], async collect() {
      this.reset();
      await Promise.all(
        [...queues].map(async ([queue, read]) => {
          const depth = await withLimit(read(), QUEUE_READ_LIMIT_MS);
          if (depth !== undefined) this.set({ queue }, depth);
        }),
      );
    } });

    app.decorate('metrics', {
      registry,
      roundFinished(name, ok, seconds) {
        roundRuns.inc({ round: name, outcome: ok ? 'ok' : 'failed' });
        roundSeconds.observe({ round: name }, seconds);
        if (ok) roundLastSuccess.set({ round: name }, Date.now() / 1000);
      },
      roundOvertime(name) {
        roundOvertime.inc({ round: name });
      },
      answerCache(outcome) {
        cacheLookups.inc({ outcome });
      },
      answerCacheBytes(read) {
        cacheBytesReaders.push(read);
      },
      queueDepth(queue, read) {
        queues.set(queue, read);
      },
    } satisfies ShopMetrics);

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!mayScrape(request, options)) throw new HttpError(404, MESSAGES.notFound);
      void reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
