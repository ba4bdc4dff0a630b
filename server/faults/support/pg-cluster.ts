/**
 * A private PostgreSQL cluster for one fault test: initdb into a temporary folder and pg_ctl on a
 * free loopback port, with the system's PostgreSQL binaries (/usr/lib/postgresql/<version>/bin),
 * run as the postgres user (the suite runs as root, which PostgreSQL refuses). The test restarts,
 * stops and starts it at will and removes it in afterAll. The search benchmark (scripts/bench-search.ts)
 * starts one too, in a folder kept between runs (its seeded catalogue takes minutes to make), with
 * settings of its own (pg_stat_statements preloaded).
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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
  /** The server log's path (the benchmark reads auto_explain's plans from it). */
  logFile: string;
}

export interface PgClusterOptions {
  /**
   * A folder of its own, kept: the cluster in it is reused when it holds one (initdb otherwise), and
   * destroy() only stops the server. Without it a temporary folder that destroy() removes.
   */
  keptDir?: string;
  /** Server settings (-c name=value) added to or replacing the defaults below. */
  settings?: Record<string, string>;
  /** The port to listen on (default: a free one, FAULT_PORTS' range when set). */
  port?: number;
}

/**
 * A folder the postgres user owns (a temporary one made with this prefix, or `keptDir`, made if
 * missing), and a runner of the system's PostgreSQL binaries as that user in it.
 */
export async function postgresFolder(prefix: string, keptDir?: string): Promise<{ bin: string; dir: string; as: (command: string, args: string[]) => Promise<{ stdout: string }> }> {
  const bin = postgresBin();
  const dir = keptDir ?? mkdtempSync(path.join(tmpdir(), prefix));
  if (keptDir) mkdirSync(keptDir, { recursive: true });
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

export async function startPgCluster({ keptDir, settings = {}, port: wanted }: PgClusterOptions = {}): Promise<PgCluster> {
  const { bin, dir, as } = await postgresFolder('shop-faults-pg-', keptDir);
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');

  // A kept folder's cluster is reused: initdb only where none was made (PG_VERSION is initdb's).
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await as('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  // A kept cluster that a run left running (killed before it stopped it) is stopped first.
  if (keptDir && existsSync(path.join(dataDir, 'postmaster.pid'))) await as('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60']).catch(() => undefined);
  const port = wanted ?? (await freePort());
  // Unix sockets in the cluster's own folder; fsync off: the data is thrown away after the test (or,
  // kept, is a benchmark's catalogue that the seed makes again).
  const all = { listen_addresses: '127.0.0.1', fsync: 'off', max_connections: '50', shared_buffers: '32MB', ...settings };
  const options = [`-p ${port} -k ${dir}`, ...Object.entries(all).map(([name, value]) => `-c ${name}=${value}`)].join(' ');
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
      // A kept cluster is shut down cleanly, so that its next start needs no recovery.
      if (running) await as('pg_ctl', ['stop', '-D', dataDir, '-m', keptDir ? 'fast' : 'immediate', '-w', '-t', '60']).catch(() => undefined);
      running = false;
      if (!keptDir) rmSync(dir, { recursive: true, force: true });
    },
    async log() {
      const { readFile } = await import('node:fs/promises');
      return readFile(logFile, 'utf8').catch(() => '');
    },
    logFile,
  };
}
