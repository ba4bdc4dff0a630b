/**
 * A streaming replica of a private cluster (pg-cluster.ts): pg_basebackup from the primary into a
 * folder of its own (-R writes the standby's connection settings), started on a second free port.
 * Both log every statement when asked, so a test can tell which server ran what.
 */
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { postgresFolder, psqlAt } from './pg-cluster';
import { freePort } from './ports';

export interface PgReplica {
  port: number;
  url(database?: string): string;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** One SQL statement through psql; its rows as tab-separated lines. */
  query(sqlText: string, database?: string): Promise<string[]>;
  log(): Promise<string>;
  destroy(): Promise<void>;
}

export async function startReplicaOf(primaryPort: number, { logStatements = false } = {}): Promise<PgReplica> {
  const { bin, dir, as } = await postgresFolder('shop-faults-replica-');
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');

  await as('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', dataDir, '-R', '-X', 'stream', '--no-sync', '--checkpoint=fast']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50 -c shared_buffers=32MB -c hot_standby=on${logStatements ? ' -c log_statement=all' : ''}`;
  const pgCtl = (action: string, extra: string[] = []) => as('pg_ctl', [action, '-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', ...extra]);
  await pgCtl('start');
  let running = true;
  const psql = (sqlText: string, database = 'postgres') => psqlAt(bin, port, sqlText, database);
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async stop(mode = 'fast') {
      await as('pg_ctl', ['stop', '-D', dataDir, '-m', mode, '-w', '-t', '60']);
      running = false;
    },
    async start() {
      await pgCtl('start');
      running = true;
    },
    query: psql,
    log: () => readFile(logFile, 'utf8').catch(() => ''),
    async destroy() {
      if (running) await as('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w', '-t', '60']).catch(() => undefined);
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
