/**
 * `npm run bench:memory -- [--duration S] [--no-build]`: the serving process's memory on the embedded
 * default (issue 29: peak ≤ 250 MB), written to docs/performance.md. Builds the shop when stale (as
 * `npm start` does) and starts the compiled server as `npm start` runs it (scripts/server-flags.mjs)
 * on an embedded PGlite data directory in the system's temporary folder, which a first start seeds
 * with the demo shop and later runs reuse (the process measured is never the seeding one, as no
 * start of a running shop is), and drives a minute of mixed traffic from 10 visitors, each with its
 * own session and one request at a time: server-rendered
 * pages (home, results, listings, part pages), the JSON searches and listings behind them, search
 * suggestions, and carts (a part added, the cart read, the line removed). Requests ask for
 * compressed answers as browsers do. URLs repeat as real visitors' do, so the answer cache works
 * as it does in the shop.
 *
 * Reports the process's memory fresh, after the traffic, and after 20 s idle: the kernel's RSS and
 * peak (VmHWM), and what the process says it holds (its /metrics: heap used and reserved, memory
 * outside the heap, the kept answers).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_REGISTRATIONS } from '../server/seed/data/registrations';
import { productPath } from '../src/domain/urls';
import { buildIfStale } from './build-if-stale.mjs';
import { describeMemory, memoryFigures, memoryMb, type MemoryFigures } from './process-memory';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs';
import { freePort } from './free-port';

const ROOT = path.resolve(import.meta.dirname, '..');
const REPORT = path.join(ROOT, 'docs/performance.md');
const CONNECTIONS = 10;
const PEAK_TARGET_MB = 250;
const IDLE_SECONDS = 20;

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    'no-build': { type: 'boolean', default: false },
  },
});

interface Card {
  Tag: string;
  OEM: string;
  ManuName: string;
  ModelName: string;
  PartName: string;
  PartType: number;
}

/** What the traffic rotates over, read through the shop's own API so it exists in the seeded shop. */
interface Rotation {
  categories: number[];
  cards: Card[];
}

async function json<T>(origin: string, url: string): Promise<T> {
  const answer = await fetch(`${origin}${url}`);
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
  return (await answer.json()) as T;
}

async function readRotation(origin: string): Promise<Rotation> {
  const menu = await json<{ categories: { id: number; children: { id: number }[] }[] }>(origin, '/web-api/product-categories/menu.json');
  const categories = menu.categories.flatMap((category) => category.children.map((child) => child.id));
  const cards: Card[] = [];
  for (const id of categories) {
    const list = await json<{ products: Card[] }>(origin, `/web-api/products/get-list/${id}.json?page=1`);
    cards.push(...list.products);
  }
  if (categories.length === 0 || cards.length < CONNECTIONS * 4) throw new Error('the seeded shop has too few parts to rotate over');
  return { categories, cards };
}

/** A visitor's cookies and CSRF token, as a first page load sets them. */
async function visitor(origin: string): Promise<{ cookie: string; csrf: string }> {
  const answer = await fetch(`${origin}/`);
  await answer.arrayBuffer();
  const cookies = answer.headers.getSetCookie().map((line) => line.split(';', 1)[0] ?? '');
  const csrf = cookies.find((cookie) => /csrf/i.test(cookie.split('=', 1)[0] ?? ''));
  if (!csrf) throw new Error('GET / started no session');
  return { cookie: cookies.join('; '), csrf: csrf.slice(csrf.indexOf('=') + 1) };
}

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

interface Step {
  kind: 'page' | 'search' | 'listing' | 'suggestions' | 'cart';
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: string;
}

/**
 * The i-th round of one visitor: a mix in the proportions of a browsing visitor (more pages and
 * searches than cart changes).
 */
function round(rotation: Rotation, visitorNumber: number, i: number): Step[] {
  const n = visitorNumber * 7919 + i;
  const card = pick(rotation.cards, n);
  const registration = pick(DEMO_REGISTRATIONS, n).vrn;
  const category = pick(rotation.categories, n);
  const page = 1 + (i % 3);
  // Each visitor adds parts of its own (cards spread by visitor), so two carts never want one part.
  const own = pick(rotation.cards, visitorNumber + CONNECTIONS * i);
  const product = productPath({ make: card.ManuName, model: card.ModelName, partName: card.PartName.replace(/^\[|\]$/g, ''), tag: card.Tag });
  return [
    { kind: 'page', method: 'GET', path: '/' },
    { kind: 'page', method: 'GET', path: `/categories?vrn=${registration}&partType=${card.PartType}` },
    { kind: 'search', method: 'GET', path: `/web-api/products/part-search.json?vrn=${registration}&partType=${card.PartType}` },
    { kind: 'page', method: 'GET', path: `/category/${category}?page=${page}` },
    { kind: 'listing', method: 'GET', path: `/web-api/products/get-list/${category}.json?page=${page}` },
    { kind: 'page', method: 'GET', path: product },
    { kind: 'search', method: 'GET', path: `/web-api/products/part-search.json?oem=${encodeURIComponent(card.OEM)}` },
    { kind: 'suggestions', method: 'POST', path: '/web-api/search/get-suggested-products.json', body: JSON.stringify({ oem: card.OEM.replace(/[^A-Za-z0-9]/g, '').slice(0, 4) }) },
    { kind: 'page', method: 'GET', path: `/categories?oem=${encodeURIComponent(card.OEM)}` },
    { kind: 'cart', method: 'POST', path: '/web-api/carts/add-item', body: JSON.stringify({ product: { tag: own.Tag } }) },
    { kind: 'cart', method: 'GET', path: '/web-api/carts/get-cart' },
    // The line's id is read from the add's answer (below); without one the cart is read again.
    { kind: 'cart', method: 'DELETE', path: '/web-api/carts/delete-item/:line' },
  ];
}

interface Server {
  child: ChildProcess;
  origin: string;
}

/** The compiled server as `npm start` runs it, on `dataDir`. */
async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(ROOT, 'dist/node/main.js')], {
    cwd: ROOT,
    env: {
      ...SERVER_ENV,
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Ten visitors from one address sending as fast as answers come: not what the limits are for.
      RATE_LIMIT_MAX: '1000000000',
      RATE_LIMIT_CATALOGUE_MAX: '1000000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited (${child.exitCode}) before answering`);
    if (await fetch(`${origin}/readyz`).then((answer) => answer.ok, () => false)) return { child, origin };
    if (performance.now() - started > 300_000) throw new Error('the shop did not answer within 300 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function stopServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

interface Counts {
  answers: number;
  failed: number;
}

/** One visitor browsing until `until`: its rounds one request after another, as a browser tab does. */
async function browse(origin: string, rotation: Rotation, visitorNumber: number, until: number, counts: Map<string, Counts>): Promise<void> {
  const { cookie, csrf } = await visitor(origin);
  let line: number | undefined;
  for (let i = 0; performance.now() < until; i++) {
    for (const step of round(rotation, visitorNumber, i)) {
      if (performance.now() >= until) return;
      // Without a line from the add (the part went to another cart meanwhile) the cart is read again.
      const request = step.method === 'DELETE' && line === undefined ? ({ kind: 'cart', method: 'GET', path: '/web-api/carts/get-cart' } as const) : step;
      const answer = await fetch(`${origin}${request.path.replace(':line', String(line))}`, {
        method: request.method,
        // fetch asks for compressed answers (gzip, deflate, br) as browsers do, and inflates them.
        headers: { cookie, 'x-csrf-token': csrf, ...(step.body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(request.method === 'POST' && step.body !== undefined ? { body: step.body } : {}),
      }).catch(() => undefined);
      const body = answer ? await answer.text().catch(() => '') : '';
      const count = counts.get(request.kind) ?? { answers: 0, failed: 0 };
      count.answers += 1;
      // 409: the part went meanwhile (another visitor's cart): an answer the shop gives, not a failure.
      if (!answer || (answer.status >= 400 && answer.status !== 409)) count.failed += 1;
      counts.set(request.kind, count);
      if (request.path === '/web-api/carts/add-item') line = answer?.status === 200 ? lineOf(body, step) : undefined;
      if (request.method === 'DELETE') line = undefined;
    }
  }
}

async function main(): Promise<void> {
  const seconds = Number(values.duration);
  if (!Number.isInteger(seconds) || seconds < 5 || seconds > 600) throw new Error('--duration must be 5 to 600 seconds');
  if (!values['no-build']) buildIfStale();

  // The demo shop is seeded by a first start (the shop's own first run) and kept for the next runs;
  // the process measured is a later start, as every start of a running shop is.
  const dataDir = path.join(os.tmpdir(), 'shop-bench-memory');
  let seeding: string | undefined;
  if (!existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) {
    const first = await startServer(dataDir);
    const peak = memoryMb(first.child.pid ?? 0, 'VmHWM');
    await stopServer(first);
    seeding = `the demo shop was seeded by a first start just before (that process's peak: ${peak} MB)`;
    console.warn(`Seeded ${dataDir}; the seeding process peaked at ${peak} MB.`);
  }
  const server = await startServer(dataDir);
  const pid = server.child.pid ?? 0;
  try {
    const fresh = await memoryFigures(pid, server.origin);
    console.warn(`fresh: ${describeMemory(fresh)}`);
    const rotation = await readRotation(server.origin);
    const counts = new Map<string, Counts>();
    const loadBefore = os.loadavg()[0] ?? 0;
    const began = performance.now();
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => browse(server.origin, rotation, i, began + seconds * 1000, counts)));
    const elapsed = (performance.now() - began) / 1000;
    const loadAfter = os.loadavg()[0] ?? 0;
    const after = await memoryFigures(pid, server.origin);
    console.warn(`after ${seconds} s: ${describeMemory(after)}`);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const idle = await memoryFigures(pid, server.origin);
    console.warn(`${IDLE_SECONDS} s idle: ${describeMemory(idle)}`);
    const peak = memoryMb(pid, 'VmHWM');
    writeReport({ seconds, elapsed, fresh, after, idle, peak, counts, loadBefore, loadAfter, seeding: seeding ?? `the demo shop seeded by an earlier first start, kept in ${dataDir}` });
  } finally {
    await stopServer(server);
  }
}

/** The id of the added part's line in the cart the add answered with. */
function lineOf(body: string, add: Step): number | undefined {
  try {
    const tag = (JSON.parse(add.body ?? '{}') as { product?: { tag?: string } }).product?.tag;
    const cart = (JSON.parse(body) as { cart?: { cart_products?: { id: number; tag: string }[] } }).cart;
    return cart?.cart_products?.find((entry) => entry.tag === tag)?.id;
  } catch {
    return undefined;
  }
}

function writeReport(run: {
  seconds: number;
  fresh: MemoryFigures;
  after: MemoryFigures;
  idle: MemoryFigures;
  peak: number;
  elapsed: number;
  counts: Map<string, Counts>;
  loadBefore: number;
  loadAfter: number;
  seeding: string;
}): void {
  const cpus = os.cpus();
  const row = (name: string, f: MemoryFigures) => `| ${name} | ${f.rss} | ${f.heapUsed} | ${f.heapTotal} | ${f.external} | ${f.answerCache} |`;
  const kinds = [...run.counts].map(([kind, count]) => `${kind} ${count.answers}${count.failed > 0 ? ` (${count.failed} failed)` : ''}`).join(', ');
  const answers = [...run.counts.values()].reduce((sum, count) => sum + count.answers, 0);
  const failed = [...run.counts.values()].reduce((sum, count) => sum + count.failed, 0);
  const text = [
    '### Embedded PGlite (the default), a minute of mixed traffic',
    '',
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}; ` +
      `**load average ${run.loadBefore.toFixed(1)} before the traffic and ${run.loadAfter.toFixed(1)} after it**; server: \`${Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value} `).join('')}node ${[...SERVER_NODE_FLAGS, 'dist/node/main.js'].join(' ')}\` (as \`npm start\` runs it) ` +
      `on the embedded PGlite database (${run.seeding}); ${CONNECTIONS} visitors, each with its own session and one request at a time, for ${run.seconds} s: ` +
      `${Math.round(answers / run.elapsed)} answers/s; answers by kind: ${kinds}. Requests ask for compressed answers, as browsers do.`,
    '',
    '| when | RSS MB | heap used MB | heap reserved MB | outside the heap MB | of which kept answers MB |',
    '| --- | --- | --- | --- | --- | --- |',
    row('fresh (ready, before any page)', run.fresh),
    row(`after ${run.seconds} s of traffic`, run.after),
    row(`after ${IDLE_SECONDS} s idle`, run.idle),
    '',
    `Peak (VmHWM) of the serving process: **${run.peak} MB** (target ≤ ${PEAK_TARGET_MB} MB: ${run.peak <= PEAK_TARGET_MB ? 'pass' : '**missed**'}); failed answers: ${failed}.`,
  ].join('\n');
  const start = '<!-- bench:memory:start -->';
  const end = '<!-- bench:memory:end -->';
  let report = readFileSync(REPORT, 'utf8');
  if (!report.includes(start)) report = `${report.trimEnd()}\n\n${start}\n${end}\n`;
  report = report.replace(new RegExp(`${start}[\\s\\S]*?${end}`), () => `${start}\n${text}\n${end}`);
  writeFileSync(REPORT, report);
  process.stdout.write(`\n${text}\n\n`);
}

await main();
