/**
 * Opens the database: a PostgreSQL server through a node-postgres pool when a URL is given,
 * otherwise embedded PGlite (with pg_trgm) on disk or in memory. Both give the same Drizzle API,
 * so repositories never know which one they run on.
 */
import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import { TransactionSafePool } from './pooled-transactions';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = { db: Database; close(): Promise<void> } & (
  | { driver: 'pglite'; client: PGlite }
  | { driver: 'postgres'; pool: Pool }
);

export interface DatabaseOptions {
  /** postgres:// URL of a PostgreSQL server. */
  url?: string | undefined;
  /** Where PGlite keeps its files when no URL is given; undefined keeps it in memory (tests). */
  pgliteDir?: string | undefined;
  /** Let the process exit while idle connections are open (test workers). */
  allowExitOnIdle?: boolean;
  /** A PGlite data directory dumped earlier, to start from instead of an empty cluster (tests). */
  pgliteDump?: Blob;
  /** How long a PostgreSQL call waits for a connection; 0 or unset: as long as it takes (tests, tools). */
  connectTimeoutMs?: number | undefined;
  /** Told of each pooled PostgreSQL connection that broke (the server restarted): for the log. */
  onConnectionError?: (error: Error) => void;
}


/** Each driver is imported only when used: loading the other one would only slow the start. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const [{ default: pg }, { drizzle: drizzleNodePostgres }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
    const pool = new pg.Pool({
      connectionString: options.url,
      allowExitOnIdle: options.allowExitOnIdle ?? false,
      // While the server is away a call waits at most this long for a connection, then answers 503
      // (db/unavailable.ts) instead of hanging.
      connectionTimeoutMillis: options.connectTimeoutMs ?? 0,
      keepAlive: true,
    });
    // A connection the server closed (a restart, an administrator's pg_terminate_backend) is
    // reported as an 'error' event: on an idle pooled client, and on a client a transaction holds
    // between two statements. Without a listener Node ends the process ("Unhandled 'error'
    // event"); with one the pool drops that client and the next call opens a new connection.
    const onError = options.onConnectionError ?? (() => undefined);
    pool.on('error', (error) => onError(error));
    pool.on('connect', (client) => client.on('error', (error) => onError(error)));
    // Transactions' clients come back to the pool even when their BEGIN fails (pooled-transactions.ts).
    const db = drizzleNodePostgres({ client: new TransactionSafePool(pool) as unknown as Pool, schema });
    return { driver: 'postgres', pool, db, close: () => pool.end() };
  }
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  if (options.pgliteDir) await mkdir(options.pgliteDir, { recursive: true });
  // PGlite reserves PostgreSQL's default 128 MB of shared buffers in the process's own memory; the
  // shop's tables are read through the operating system's file cache as well, so 16 MB keeps the
  // API process about 100 MB smaller.
  const client = await PGlite.create({
    dataDir: options.pgliteDir,
    extensions: { pg_trgm },
    loadDataDir: options.pgliteDump,
    postgresqlconf: ['shared_buffers = 16MB'],
  });
  return { driver: 'pglite', client, db: drizzlePglite({ client, schema }), close: () => client.close() };
}
