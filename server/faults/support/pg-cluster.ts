/**
 * A private PostgreSQL cluster for one fault test: initdb into a temporary folder and pg_ctl on a
 * free loopback port, with the system's PostgreSQL binaries (/usr/lib/postgresql/<version>/bin),
 * run as the postgres user (the suite runs as root, which PostgreSQL refuses). The test restarts,
 * stops and starts it at will and removes it in afterAll.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports';

const run = promisify(execFile);

/** The newest installed PostgreSQL's bin folder. */
export function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => existsSync(path.join(root, name, 'bin', 'pg_ctl'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error(`no PostgreSQL binaries under ${root} (apt-get install postgresql)`);
  return path.join(root, newest, 'bin');
}

export interface PgCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** pg_ctl restart -m fast: every connection is cut, the server is back when this resolves. */
  restart(): Promise<void>;
  /** pg_ctl stop -m fast (immediate: as after a crash). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** CREATE DATABASE name. */
  createDatabase(name: string): Promise<void>;
  /** One SQL statement through psql; its rows as tab-separated lines. */
  query(sqlText: string, database?: string): Promise<string[]>;
  /** Stops the server (if running) and removes its folder. */
  destroy(): Promise<void>;
  /** The server's log, for a failing test's message. */
  log(): Promise<string>;
}

/** A temporary folder the postgres user owns, and a runner of the system's PostgreSQL binaries as that user in it. */
export async function postgresFolder(prefix: string): Promise<{ bin: string; dir: string; as: (command: string, args: string[]) => Promise<{ stdout: string }> }> {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  // PostgreSQL must not run as root: the cluster's files belong to the postgres user.
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const as = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], { cwd: dir }) : run(path.join(bin, command), args, { cwd: dir });
  return { bin, dir, as };
}

/** One SQL statement through psql on a server at this port; its rows as tab-separated lines. */
export async function psqlAt(bin: string, port: number, sqlText: string, database = 'postgres'): Promise<string[]> {
  const { stdout } = await run(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-v', 'ON_ERROR_STOP=1', '-AtF', '\t', '-c', sqlText]);
  return stdout.split('\n').filter((line) => line.length > 0);
}

export async function startPgCluster(): Promise<PgCluster> {
  const { bin, dir, as } = await postgresFolder('shop-faults-pg-');
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');

  await as('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  // Unix sockets in the cluster's own folder; fsync off: the data is thrown away after the test.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50 -c shared_buffers=32MB`;
  const pgCtl = (action: string, extra: string[] = []) => as('pg_ctl', [action, '-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', ...extra]);
  await pgCtl('start');
  let running = true;

  const psql = (sqlText: string, database = 'postgres') => psqlAt(bin, port, sqlText, database);

  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async restart() {
      await pgCtl('restart', ['-m', 'fast']);
      running = true;
    },
    async stop(mode = 'fast') {
      await as('pg_ctl', ['stop', '-D', dataDir, '-m', mode, '-w', '-t', '60']);
      running = false;
    },
    async start() {
      await pgCtl('start');
      running = true;
    },
    async createDatabase(name) {
      await psql(`CREATE DATABASE ${name}`);
    },
    query: psql,
    async destroy() {
      if (running) await as('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w', '-t', '60']).catch(() => undefined);
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
    async log() {
      const { readFile } = await import('node:fs/promises');
      return readFile(logFile, 'utf8').catch(() => '');
    },
  };
}
