/**
 * The catalogue's reads on streaming replicas (DATABASE_REPLICA_URLS): searches, listings, part and
 * vehicle pages, menus, suggestions and the sitemap go to a replica that is fresh enough, anything
 * else (carts, checkout, payments, accounts, the back office) stays on the primary.
 *
 * Fresh enough means two things, checked every `checkMs` from the replicas' replayed WAL position
 * against positions read from the primary:
 * - it is at most `maxLagMs` behind: it has replayed everything the primary had written that long
 *   ago (an idle primary writes nothing, so a replica that has caught up is never "behind");
 * - it has the stock version the kept answers are filed under: the catalogue's version watcher
 *   (answer-cache.ts) reads the primary's position right after it sees a new version and calls
 *   `requirePosition`; until a replica has replayed that far the primary answers, so an answer kept
 *   under the new version never shows the old stock.
 * A replica that is down, not in recovery, or behind is skipped; a query that fails on a replica
 * because its connection broke runs again on the primary (these are reads), so a replica stopped
 * under load costs no failed request.
 */
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import pg, { type Pool, type QueryConfig } from 'pg';
import type { Database } from './client';
import { connectForTransaction } from './pooled-transactions';
import * as schema from './schema';
import { isDatabaseUnavailable } from './unavailable';

export interface ReplicaState {
  url: string;
  /** Usable now for the catalogue's reads. */
  usable: boolean;
  /** How far behind the primary it was found at the last check, in ms (undefined: not reachable). */
  lagMs: number | undefined;
  /** Catalogue queries it answered. */
  queries: number;
}

export interface CatalogueReads {
  /** The Drizzle handle the catalogue reads through: a fresh replica, else the primary. */
  db: Database;
  /** The primary's WAL position now (the stock version watcher calls it after a new version). */
  primaryPosition(): Promise<bigint>;
  /** A replica must have replayed this far before it answers again. */
  requirePosition(position: bigint): void;
  /** Checks every replica once now (the timer does so every checkMs). */
  check(): Promise<void>;
  replicas(): ReplicaState[];
  close(): Promise<void>;
}

export interface CatalogueReadsOptions {
  primary: Pool;
  urls: readonly string[];
  /** A replica further behind than this is skipped (DATABASE_REPLICA_MAX_LAG_MS, 2 s by default). */
  maxLagMs: number;
  checkMs: number;
  onWarning: (message: string, error?: unknown) => void;
}

/** '16/B374D848' → a number that orders as the position does. */
export function walPosition(text: string): bigint {
  const [high, low] = text.split('/');
  if (high === undefined || low === undefined) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/**
 * Errors after which the same read is run on the primary: the replica could not be reached
 * (isDatabaseUnavailable, as for the primary), or a standby cancelled it in a conflict with recovery (40001).
 */
export function isReplicaFailure(error: unknown): boolean {
  return isDatabaseUnavailable(error) || (error as { code?: unknown } | undefined)?.code === '40001';
}

interface Replica {
  url: string;
  pool: Pool;
  replayed: bigint | undefined;
  lagMs: number | undefined;
  queries: number;
}

export function openCatalogueReads({ primary, urls, maxLagMs, checkMs, onWarning }: CatalogueReadsOptions): CatalogueReads {
  const replicas: Replica[] = urls.map((url) => {
    const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 1_000, max: 10, application_name: 'shop-catalogue-replica' });
    // A replica that goes away must not end the process: its idle connections report here.
    pool.on('error', (error) => onWarning(`replica ${safeUrl(url)}: idle connection failed`, error));
    return { url, pool, replayed: undefined, lagMs: undefined, queries: 0 };
  });
  // The primary's position over the last moments: [when read, position], oldest first.
  const history: [number, bigint][] = [];
  let required = 0n;
  let turn = 0;

  const primaryPosition = async () => walPosition((await primary.query<{ position: string }>('SELECT pg_current_wal_lsn()::text AS position')).rows[0]?.position ?? '0/0');

  /** The primary's position `maxLagMs` ago: a replica that has replayed it is at most that far behind. */
  const positionMaxLagAgo = (now: number): bigint | undefined => {
    let found: bigint | undefined;
    for (const [at, position] of history) {
      if (at <= now - maxLagMs) found = position;
      else break;
    }
    return found ?? history[0]?.[1];
  };

  const usable = (replica: Replica, now = Date.now()): boolean => {
    if (replica.replayed === undefined) return false;
    const needed = positionMaxLagAgo(now);
    return needed !== undefined && replica.replayed >= needed && replica.replayed >= required;
  };

  const check = async () => {
    const now = Date.now();
    try {
      history.push([now, await primaryPosition()]);
    } catch (error) {
      // Without the primary's position no replica can be judged: none is used until it answers.
      for (const replica of replicas) replica.replayed = undefined;
      onWarning('reading the primary’s WAL position failed', error);
      return;
    }
    while (history.length > 2 && (history[1]?.[0] ?? now) <= now - 2 * maxLagMs) history.shift();
    await Promise.all(
      replicas.map(async (replica) => {
        try {
          const { rows } = await replica.pool.query<{ recovering: boolean; replayed: string | null }>('SELECT pg_is_in_recovery() AS recovering, pg_last_wal_replay_lsn()::text AS replayed');
          const row = rows[0];
          if (!row?.recovering || !row.replayed) throw new Error('not a streaming replica (not in recovery)');
          replica.replayed = walPosition(row.replayed);
          const caughtUpAt = history.find(([, position]) => position > (replica.replayed ?? 0n))?.[0];
          replica.lagMs = caughtUpAt === undefined ? 0 : now - caughtUpAt;
        } catch (error) {
          if (replica.replayed !== undefined) onWarning(`replica ${safeUrl(replica.url)} skipped`, error);
          replica.replayed = undefined;
          replica.lagMs = undefined;
        }
      }),
    );
  };

  let checking: Promise<void> | undefined;
  const timer = setInterval(() => {
    checking ??= check().finally(() => {
      checking = undefined;
    });
  }, checkMs).unref();

  /** The next usable replica in turn, or undefined for the primary. */
  const pick = (): Replica | undefined => {
    for (let tried = 0; tried < replicas.length; tried += 1) {
      turn = (turn + 1) % replicas.length;
      const replica = replicas[turn];
      if (replica && usable(replica)) return replica;
    }
    return undefined;
  };

  // What Drizzle's node-postgres session calls on its client: query(config, params), and connect()
  // for a transaction (the catalogue opens none; one would run on the primary).
  class ReplicaRoutingPool {
    async query(config: QueryConfig | string, params?: unknown[]) {
      const replica = pick();
      if (replica) {
        try {
          const result = await replica.pool.query(config as QueryConfig, params);
          replica.queries += 1;
          return result;
        } catch (error) {
          if (!isReplicaFailure(error)) throw error;
          replica.replayed = undefined;
          onWarning(`replica ${safeUrl(replica.url)} failed a read; the primary answers`, error);
        }
      }
      return primary.query(config as QueryConfig, params);
    }
    connect() {
      return connectForTransaction(primary);
    }
  }

  const db = drizzleNodePostgres({ client: new ReplicaRoutingPool() as unknown as Pool, schema }) as unknown as Database;
  return {
    db,
    primaryPosition,
    requirePosition(position) {
      if (position > required) required = position;
    },
    check,
    replicas: () => replicas.map((replica) => ({ url: safeUrl(replica.url), usable: usable(replica), lagMs: replica.lagMs, queries: replica.queries })),
    async close() {
      clearInterval(timer);
      await checking;
      await Promise.all(replicas.map((replica) => replica.pool.end().catch(() => undefined)));
    },
  };
}

/** A URL for the log, without its password. */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'replica';
  }
}
