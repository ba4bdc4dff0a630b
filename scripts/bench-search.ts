/**
 * `npm run bench:search -- [--parts N] [--pglite] [--duration S]`: the search API benchmark of
 * docs/performance.md. Seeds a catalogue of N parts (PostgreSQL: 1,000,000 by default, in
 * BENCH_DATABASE_URL or shop_bench on the local server; --pglite: 20,000 in embedded PGlite),
 * reusing it when it already holds that many parts; starts the API and an empty Fastify route,
 * each in its own process; drives each call with autocannon (10 connections) and writes p50, p95,
 * p99, requests per second, the ratio to the empty route and the API's peak memory to
 * docs/performance.md.
 *
 * The same file is the two servers: `--serve api` and `--serve empty` run one and print its port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';

const SCRIPT = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SCRIPT), '..');
const REPORT = path.join(ROOT, 'docs/performance.md');
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/shop_bench';
const CONNECTIONS = 10;
const WARM_UP_SECONDS = 2;
const SEED = 1;
/** The demo data of docs/demo-data.md. */
const DEMO = { vrn: 'AB12CDE', partType: 'Alternator', oem: 'AV6N-10300-GC', make: 'Ford', model: 'Focus Mk3', year: 2012, oemStart: 'AV6N' };

const { values } = parseArgs({
  options: {
    parts: { type: 'string' },
    pglite: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    serve: { type: 'string' },
  },
});

interface Target {
  /** The database the API serves: a PostgreSQL URL or a PGlite directory. */
  url?: string;
  pgliteDir?: string;
}

function targetFromEnv(): Target {
  return process.env.BENCH_PGLITE_DIR ? { pgliteDir: process.env.BENCH_PGLITE_DIR } : { url: process.env.BENCH_SERVE_URL };
}

/** Prints the port on stdout once listening: the parent reads it. */
async function serve(kind: string): Promise<void> {
  if (kind === 'empty') {
    const app = Fastify();
    app.get('/empty', async () => ({ success: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.stdout.write(`listening ${(app.server.address() as { port: number }).port}\n`);
    return;
  }
  const [{ buildApp }, { loadConfig }, { openDatabase }] = await Promise.all([import('../server/app'), import('../server/config'), import('../server/db/client')]);
  const database = await openDatabase(targetFromEnv());
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    // The benchmark is one client sending thousands of requests a second: not what the limit is for.
    RATE_LIMIT_MAX: '1000000000',
    ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
  });
  const app = await buildApp({ config, db: database.db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`listening ${(app.server.address() as { port: number }).port}\n`);
}

/** Creates the benchmark database on the local server when it is the default one and missing. */
async function ensurePostgresDatabase(url: string): Promise<void> {
  if (url !== DEFAULT_DATABASE_URL) return;
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', ['shop_bench']);
    if (found.rowCount === 0) await admin.query('CREATE DATABASE shop_bench');
  } finally {
    await admin.end();
  }
}

/** Migrates and seeds the database unless it already holds a catalogue of `parts` parts. */
async function prepare(target: Target, parts: number): Promise<string> {
  if (target.url) await ensurePostgresDatabase(target.url);
  const [{ openDatabase }, { migrateDatabase }, { seedCatalogue }] = await Promise.all([
    import('../server/db/client'),
    import('../server/db/migrate'),
    import('../server/seed/catalogue/index'),
  ]);
  const database = await openDatabase(target);
  try {
    await migrateDatabase(database);
    const result = await database.db.execute(sql`SELECT count(*)::int AS count FROM parts`);
    const held = (result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0;
    if (held === parts) return `reused (${parts.toLocaleString('en-GB')} parts)`;
    const started = performance.now();
    await seedCatalogue(database.db, { parts, seed: SEED });
    return `seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`;
  } finally {
    await database.close();
  }
}

interface Server {
  process: ChildProcess;
  origin: string;
}

function start(kind: 'api' | 'empty', env: NodeJS.ProcessEnv): Promise<Server> {
  const child = spawn(process.execPath, [...process.execArgv, SCRIPT, '--serve', kind], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ${kind} server exited (${code}) before listening`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const port = /^listening (\d+)$/.exec(line)?.[1];
      if (port) resolve({ process: child, origin: `http://127.0.0.1:${port}` });
    });
  });
}

function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.process.removeAllListeners('exit');
    server.process.once('exit', () => resolve());
    server.process.kill('SIGTERM');
  });
}

/** Resident memory of a process in MB: now (VmRSS) or its peak so far (VmHWM). */
function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
}

interface Call {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: string;
}

interface Measured {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  failed: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function drive(origin: string, call: Call, headers: Record<string, string>, seconds: number): Promise<Measured> {
  const options = {
    url: `${origin}${call.path}`,
    method: call.method ?? 'GET',
    headers: call.body ? { ...headers, 'content-type': 'application/json' } : headers,
    connections: CONNECTIONS,
    ...(call.body ? { body: call.body } : {}),
  } as const;
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...options, duration: seconds }, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  return {
    name: call.name,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: result.requests.average,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** A visitor's session, as a browser gets it: the cookies and the CSRF token for writes. */
async function session(origin: string): Promise<Record<string, string>> {
  const response = await fetch(`${origin}/web-api/app-props.json`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0])
    .join('; ');
  const { csrfToken } = await json<{ csrfToken: string }>(response);
  return { cookie, 'x-csrf-token': csrfToken };
}

/** The sub-category with the most parts: the deepest listing, and the page-500 call goes there. */
async function deepestCategory(origin: string): Promise<{ id: number; name: string; pageCount: number }> {
  const menu = await json<{ categories: { children: { id: number; name: string }[] }[] }>(await fetch(`${origin}/web-api/product-categories/menu.json`));
  let deepest = { id: 0, name: '', pageCount: 0 };
  for (const child of menu.categories.flatMap((category) => category.children)) {
    const { paginator } = await json<{ paginator: { pageCount: number } }>(await fetch(`${origin}/web-api/products/get-list/${child.id}.json`));
    if (paginator.pageCount > deepest.pageCount) deepest = { id: child.id, name: child.name, pageCount: paginator.pageCount };
  }
  return deepest;
}

const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));

function table(rows: readonly Measured[], empty: Measured): string {
  const lines = ['| call | p50 ms | p95 ms | p99 ms | req/s | × empty route | failed |', '| --- | --- | --- | --- | --- | --- | --- |'];
  for (const row of [...rows, empty]) {
    lines.push(`| ${row.name} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${Math.round(row.rps)} | ${(row.rps / empty.rps).toFixed(3)} | ${row.failed} |`);
  }
  return lines.join('\n');
}

interface Verdict {
  target: string;
  measured: string;
  met: boolean;
}

function verdicts(engine: 'postgres' | 'pglite', rows: readonly Measured[], empty: Measured, peakMb: number): Verdict[] {
  const row = (name: string) => rows.find((r) => r.name.startsWith(name)) as Measured;
  if (engine === 'pglite') {
    return rows.map((r) => ({ target: `${r.name}: p99 < 50 ms`, measured: `${ms(r.p99)} ms`, met: r.p99 < 50 && r.failed === 0 }));
  }
  const first = row('listing, page 1');
  const deepRow = rows.find((r) => r.name.startsWith('listing, page ') && r !== first) ?? first;
  return [
    ...['registration search', 'part-number search'].map((name) => ({ target: `${name}: p99 ≤ 20 ms`, measured: `${ms(row(name).p99)} ms`, met: row(name).p99 <= 20 })),
    {
      target: 'deep listing page: median ≤ 1.2 × page 1',
      measured: `${(deepRow.p50 / first.p50).toFixed(2)} ×`,
      met: deepRow.p50 <= 1.2 * first.p50,
    },
    ...rows.map((r) => ({ target: `${r.name}: ≥ 0.3 × the empty route’s req/s`, measured: `${(r.rps / empty.rps).toFixed(3)} ×`, met: r.rps >= 0.3 * empty.rps })),
    { target: 'API peak memory ≤ 200 MB', measured: `${peakMb} MB`, met: peakMb <= 200 },
    { target: 'no failed request', measured: `${rows.reduce((sum, r) => sum + r.failed, 0)}`, met: rows.every((r) => r.failed === 0) },
  ];
}

/** Replaces this engine's part of the report's benchmark section, keeping everything else. */
function writeReport(engine: 'postgres' | 'pglite', text: string): void {
  const start = `<!-- bench:search:${engine}:start -->`;
  const end = `<!-- bench:search:${engine}:end -->`;
  const block = `${start}\n${text}\n${end}`;
  let report = readFileSync(REPORT, 'utf8');
  if (!report.includes('## Search API benchmark')) {
    report = `${report.trimEnd()}\n\n## Search API benchmark (\`npm run bench:search\`)\n\n${start}\n${end}\n\n<!-- bench:search:pglite:start -->\n<!-- bench:search:pglite:end -->\n`;
  }
  if (!report.includes(start)) report = `${report.trimEnd()}\n\n${start}\n${end}\n`;
  report = report.replace(new RegExp(`${start}[\\s\\S]*?${end}`), () => block);
  writeFileSync(REPORT, report);
}

async function main(): Promise<void> {
  const engine = values.pglite ? 'pglite' : 'postgres';
  const parts = values.parts === undefined ? (engine === 'pglite' ? 20_000 : 1_000_000) : Number(values.parts);
  const seconds = Number(values.duration);
  if (!Number.isInteger(parts) || parts < 100) throw new Error('--parts must be a whole number of at least 100');
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 120) throw new Error('--duration must be 1 to 120 seconds');

  const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const target: Target = engine === 'pglite' ? { pgliteDir: path.join(os.tmpdir(), `shop-bench-pglite-${parts}`) } : { url };
  console.warn(`Preparing ${engine === 'pglite' ? `PGlite in ${target.pgliteDir}` : url} with ${parts.toLocaleString('en-GB')} parts…`);
  const prepared = await prepare(target, parts);
  console.warn(`Catalogue ${prepared}.`);

  // Other work on the machine competes for the same cores: the report says how busy it was.
  const loadBefore = os.loadavg()[0] ?? 0;
  const api = await start('api', engine === 'pglite' ? { BENCH_PGLITE_DIR: target.pgliteDir } : { BENCH_SERVE_URL: url });
  const empty = await start('empty', {});
  try {
    const headers = await session(api.origin);
    const types = await json<{ data: { ID: number; Name: string }[] }>(await fetch(`${api.origin}/web-api/products/types.json`));
    const partType = types.data.find((type) => type.Name === DEMO.partType)?.ID;
    const category = await deepestCategory(api.origin);
    const deepPage = Math.min(500, category.pageCount);
    const search = (query: Record<string, string | number>) => `/web-api/products/part-search.json?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
    const calls: Call[] = [
      { name: 'registration search', path: search({ vrn: DEMO.vrn, partType: partType ?? 0 }) },
      { name: 'part-number search', path: search({ oem: DEMO.oem }) },
      { name: 'make/model search', path: search({ make: DEMO.make, model: DEMO.model, year: DEMO.year, partType: partType ?? 0 }) },
      { name: 'listing, page 1', path: `/web-api/products/get-list/${category.id}.json?page=1` },
      { name: `listing, page ${deepPage}`, path: `/web-api/products/get-list/${category.id}.json?page=${deepPage}` },
      { name: 'suggestions', method: 'POST', path: '/web-api/search/get-suggested-products.json', body: JSON.stringify({ oem: DEMO.oemStart }) },
    ];
    // Not a target: the cost of any API call that reads its session (one primary-key query), for scale.
    const sessionCheck: Call = { name: 'session check (GET /check, for scale)', path: '/web-api/check' };

    const rows: Measured[] = [];
    const emptyBefore = await drive(empty.origin, { name: 'empty Fastify route', path: '/empty' }, {}, seconds);
    for (const call of calls) {
      const measured = await drive(api.origin, call, headers, seconds);
      rows.push(measured);
      const pid = api.process.pid ?? 0;
      console.warn(
        `${call.name}: p50 ${ms(measured.p50)} ms, p95 ${ms(measured.p95)} ms, p99 ${ms(measured.p99)} ms, ${Math.round(measured.rps)} req/s, ` +
          `${measured.failed} failed; API memory ${memoryMb(pid, 'VmRSS')} MB, peak ${memoryMb(pid, 'VmHWM')} MB`,
      );
    }
    const checkRow = await drive(api.origin, sessionCheck, headers, seconds);
    // Measured before and after the calls, so a machine that got busier meanwhile shows.
    const emptyAfter = await drive(empty.origin, { name: 'empty Fastify route', path: '/empty' }, {}, seconds);
    const emptyRow: Measured = {
      ...emptyAfter,
      p50: Math.min(emptyBefore.p50, emptyAfter.p50),
      p95: Math.min(emptyBefore.p95, emptyAfter.p95),
      p99: Math.min(emptyBefore.p99, emptyAfter.p99),
      rps: Math.max(emptyBefore.rps, emptyAfter.rps),
      failed: emptyBefore.failed + emptyAfter.failed,
    };
    const peakMb = memoryMb(api.process.pid ?? 0, 'VmHWM');
    console.warn(`empty Fastify route: ${Math.round(emptyBefore.rps)} and ${Math.round(emptyAfter.rps)} req/s; API peak memory ${peakMb} MB`);

    const results = verdicts(engine, rows, emptyRow, peakMb);
    const cpus = os.cpus();
    const text = [
      `### ${engine === 'pglite' ? 'Embedded PGlite' : 'PostgreSQL'}, ${parts.toLocaleString('en-GB')} parts`,
      '',
      `${new Date().toISOString().slice(0, 10)}; ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ` +
        `${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}${engine === 'postgres' ? `, PostgreSQL on the same machine` : ''}; ` +
        `load average ${loadBefore.toFixed(1)} before the run and ${(os.loadavg()[0] ?? 0).toFixed(1)} after it; ` +
        `${CONNECTIONS} connections, ${seconds} s per call after ${WARM_UP_SECONDS} s of warm-up; one session (cookie and CSRF token) for every request. ` +
        `Listing: '${category.name}' (category ${category.id}, ${category.pageCount} pages of 12). The empty route's figures are the better of a run before and one after the calls.`,
      '',
      table([...rows, checkRow], emptyRow),
      '',
      `API peak memory (VmHWM of its process): ${peakMb} MB.`,
      '',
      '| target | measured | result |',
      '| --- | --- | --- |',
      ...results.map((v) => `| ${v.target} | ${v.measured} | ${v.met ? 'pass' : '**miss**'} |`),
    ].join('\n');
    writeReport(engine, text);
    process.stdout.write(`\n${text}\n\n`);
  } finally {
    await Promise.all([stop(api), stop(empty)]);
  }
}

if (values.serve) await serve(values.serve);
else await main();
