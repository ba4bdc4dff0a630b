/**
 * Health for a load balancer or an orchestrator, cheap and without a session:
 * - GET /healthz: the process is alive and serving (200 always, even while the database is away).
 * - GET /readyz: the database answers and every migration of this build is applied (200), else 503
 *   with Retry-After; also 503 once the process is stopping, so traffic moves elsewhere first.
 * And the stop itself: after `app.beginStopping()` (main.ts, on SIGTERM) every new request,
 * /healthz aside, gets 503 in the §7 envelope with Retry-After and `Connection: close`, while the
 * requests already in flight finish.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { migrationsApplied, newestMigrationOfBuild } from '../db/readiness';
import { isDatabaseUnavailable } from '../db/unavailable';
import { MESSAGES } from '../errors';
import { BACK_IN_A_MOMENT_PAGE, DATABASE_RETRY_AFTER_SECONDS } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on new requests answer 503 (the process is stopping); those in flight go on. */
    beginStopping(): void;
    /**
     * From now on every answer closes its connection: a process about to be replaced (a rolling
     * restart, server/cluster.ts) still serves, but no kept-alive connection stays with it, so its
     * stop a moment later finds none for a client to be sending on.
     */
    beginDraining(): void;
  }
}

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

/** A readiness check that has not answered by then counts as "not ready". */
const READY_TIMEOUT_MS = 2000;

async function readiness(db: Database, newest: number): Promise<{ ready: true } | { ready: false; reason: string }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the database did not answer in time')), READY_TIMEOUT_MS);
  });
  try {
    const applied = await Promise.race([migrationsApplied(db, newest), late]);
    return applied ? { ready: true } : { ready: false, reason: 'migrations not applied' };
  } catch (error) {
    return { ready: false, reason: isDatabaseUnavailable(error) || (error instanceof Error && error.message.includes('in time')) ? 'database unavailable' : 'database check failed' };
  } finally {
    clearTimeout(timer);
  }
}

export const healthChecks = fp<{ db: Database }>(
  async (app: FastifyInstance, { db }) => {
    const newest = newestMigrationOfBuild();
    let stopping = false;
    app.decorate('beginStopping', () => {
      stopping = true;
    });
    let draining = false;
    app.decorate('beginDraining', () => {
      draining = true;
    });

    app.addHook('onRequest', async (request, reply) => {
      if (draining) reply.header('connection', 'close');
      if (!stopping || request.url === HEALTH_PATH) return;
      reply.header('connection', 'close').header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).header('cache-control', 'no-store').code(503);
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/web-api') && (request.headers.accept ?? '').includes('text/html');
      if (isPage) return reply.type('text/html; charset=utf-8').send(BACK_IN_A_MOMENT_PAGE);
      return reply.send({ success: false, msg: MESSAGES.backInAMoment });
    });

    const routeOptions = { config: { rateLimit: false }, schema: { hide: true } } as const;
    app.get(HEALTH_PATH, routeOptions, async (_request, reply) => {
      return reply.header('cache-control', 'no-store').send({ success: true, status: 'alive' });
    });
    app.get(READY_PATH, routeOptions, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const state = stopping ? { ready: false as const, reason: 'stopping' } : await readiness(db, newest);
      if (state.ready) return reply.send({ success: true, status: 'ready' });
      request.log.warn({ reason: state.reason }, 'not ready');
      return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({ success: false, msg: MESSAGES.backInAMoment, reason: state.reason });
    });
  },
  { name: 'health-checks' },
);
