/**
 * `npx tsx scripts/main-thread.ts --origin http://127.0.0.1:4400 --path /product/…` (issue 29):
 * where the main thread's time goes while a page first loads on a slow phone. Chromium at a 4×
 * CPU slow-down (as Lighthouse's mobile run) opens the page of a shop already running (the
 * compiled one: `npm run build`, then `node dist/node/main.js`), records a performance trace until
 * the page has been idle a few seconds, and prints every task over 50 ms with what ran in it: the
 * trace's own events (script evaluation, parsing, style and layout, garbage collection) and, from
 * the trace's CPU samples, the time per script, or per source module and package when the build
 * has source maps (`npx vite build --sourcemap`; the shop serves the maps beside the chunks).
 * Each run ends with the same time per script or module over the whole load, long tasks or not:
 * the steadier figure to compare two builds by, as a task's length moves with what shares it.
 *
 *   --runs 3       the page opened this many times, each in a new browser context
 *   --rate 4       the CPU slow-down
 *   --width 412    the viewport (a phone as Lighthouse's, 412 × 823)
 *   --json file    every run's tasks and samples as JSON
 *   --functions    with source maps, the time per function (its module and name) rather than per module
 *   --nested       also every trace event nested in each long task, by name
 *   --cookie 'a=1; b=2'  the page opened as the person these cookies name (a Cookie header: the
 *                  shop's session and CSRF cookies), for the cart, the checkout and the account
 *
 * A measuring tool, not a test: its figures depend on the machine and its load.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright';
import { cookiesOfHeader } from './cookie-header';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    origin: { type: 'string', default: 'http://127.0.0.1:4400' },
    path: { type: 'string', default: '/' },
    runs: { type: 'string', default: '3' },
    rate: { type: 'string', default: '4' },
    width: { type: 'string', default: '412' },
    'idle-ms': { type: 'string', default: '4000' },
    json: { type: 'string' },
    functions: { type: 'boolean', default: false },
    nested: { type: 'boolean', default: false },
    cookie: { type: 'string' },
  },
});

const print = (line: string) => process.stdout.write(`${line}\n`);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> & { url?: string; functionName?: string } };
}

interface CpuNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

interface Task {
  startMs: number;
  durationMs: number;
  /** Time per trace event kind directly inside the task (ms, the longest first). */
  events: [string, number][];
  /** CPU samples' time per script or source module (ms, the largest first). */
  code: [string, number][];
}

function chromePath(): string | undefined {
  if (existsSync(chromium.executablePath())) return undefined;
  for (const candidate of [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) if (candidate && existsSync(candidate)) return candidate;
  throw new Error('No Chromium found: `apt-get install -y chromium`, or set CHROME_PATH.');
}

/** Source maps of the build's chunks, read from dist/client when the build wrote them. */
const maps = new Map<string, TraceMap | null>();
function sourceOf(url: string, line: number, column: number, functionName?: string): string {
  const file = url.startsWith(args.origin) ? path.join(ROOT, 'dist/client', new URL(url).pathname) : '';
  if (!maps.has(file)) maps.set(file, file && existsSync(`${file}.map`) ? new TraceMap(readFileSync(`${file}.map`, 'utf8')) : null);
  const map = maps.get(file);
  const short = url.replace(args.origin, '') || '(no script: the browser, or idle)';
  if (!map) return short;
  // A position past the map's last line (a sample in code the page wrote at run time, such as
  // an inline script's) has no source.
  let found: ReturnType<typeof originalPositionFor>;
  try {
    found = originalPositionFor(map, { line: line + 1, column });
  } catch {
    return short;
  }
  const { source, name } = found;
  if (!source) return short;
  const packageName = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  const module = packageName ?? source.replace(/^(\.\.\/)+/, '');
  return args.functions ? `${module}:${name ?? functionName ?? line}` : module;
}

/** The renderer's main thread: the one that parsed the page and ran its scripts. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const counts = new Map<string, number>();
  for (const event of events) {
    const url = event.name === 'ParseHTML' ? (event.args as { beginData?: { url?: string } } | undefined)?.beginData?.url : event.args?.data?.url;
    if ((event.name === 'EvaluateScript' || event.name === 'ParseHTML') && String(url ?? '').startsWith(args.origin)) {
      const key = `${event.pid}:${event.tid}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const best = [...counts].sort((a, b) => b[1] - a[1])[0];
  if (!best) throw new Error('No script of the page ran in the trace');
  const [pid, tid] = best[0].split(':').map(Number) as [number, number];
  return { pid, tid };
}

/** A sample's script, or for the browser's own code (a DOM call) that and the script that called it. */
function frameOf(nodes: Map<number, CpuNode>, node: CpuNode): string {
  const { url, lineNumber, columnNumber, functionName } = node.callFrame;
  if (url) return sourceOf(url, lineNumber, columnNumber, functionName);
  const own = `(${functionName || 'program'})`;
  const caller = node.parent === undefined ? undefined : nodes.get(node.parent);
  if (!caller?.callFrame.url) return own;
  return `${own} from ${sourceOf(caller.callFrame.url, caller.callFrame.lineNumber, caller.callFrame.columnNumber, caller.callFrame.functionName)}`;
}

/** The CPU samples of the main thread's isolate: [time µs, node] pairs. */
function samples(events: TraceEvent[], pid: number, tid: number): { at: number; frame: string }[] {
  const profiles = new Map<string, { start: number; nodes: Map<number, CpuNode>; samples: number[]; deltas: number[]; tid: number }>();
  for (const event of events) {
    if (event.pid !== pid) continue;
    if (event.name === 'Profile' && event.id) {
      profiles.set(event.id, { start: Number(event.args?.data?.startTime ?? event.ts), nodes: new Map(), samples: [], deltas: [], tid: event.tid });
    } else if (event.name === 'ProfileChunk' && event.id) {
      const profile = profiles.get(event.id);
      const data = event.args?.data as { cpuProfile?: { nodes?: CpuNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
      if (!profile || !data) continue;
      for (const node of data.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
      profile.samples.push(...(data.cpuProfile?.samples ?? []));
      profile.deltas.push(...(data.timeDeltas ?? []));
    }
  }
  const chosen = [...profiles.values()].filter((profile) => profile.tid === tid).sort((a, b) => b.samples.length - a.samples.length)[0]
    ?? [...profiles.values()].sort((a, b) => b.samples.length - a.samples.length)[0];
  if (!chosen) return [];
  const out: { at: number; frame: string }[] = [];
  let at = chosen.start;
  chosen.samples.forEach((id, index) => {
    at += chosen.deltas[index] ?? 0;
    const node = chosen.nodes.get(id);
    if (!node) return;
    out.push({ at, frame: frameOf(chosen.nodes, node) });
  });
  return out;
}

function add(into: Map<string, number>, key: string, ms: number) {
  into.set(key, (into.get(key) ?? 0) + ms);
}

/** The CPU samples' time per script or module over the whole load, long tasks or not (ms, largest first). */
function wholeLoad(cpu: { at: number; frame: string }[], navigationStart: number): [string, number][] {
  const byCode = new Map<string, number>();
  const after = cpu.filter((sample) => sample.at >= navigationStart);
  for (let index = 0; index + 1 < after.length; index += 1) {
    const sample = after[index] as { at: number; frame: string };
    // A gap of over 10 ms between samples is the thread asleep, not this frame at work.
    add(byCode, sample.frame, Math.min(10_000, (after[index + 1] as { at: number }).at - sample.at) / 1000);
  }
  return [...byCode].sort((a, b) => b[1] - a[1]).map(([key, ms]): [string, number] => [key, Math.round(ms)]);
}

function summarise(events: TraceEvent[], navigationStart: number): { tasks: Task[]; whole: [string, number][] } {
  const { pid, tid } = mainThread(events);
  const onMain = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X' && event.dur !== undefined);
  const tasks = onMain.filter((event) => event.name === 'RunTask' && event.ts >= navigationStart);
  const cpu = samples(events, pid, tid);
  const long = tasks.filter((task) => (task.dur ?? 0) > 50_000).sort((a, b) => a.ts - b.ts);
  const summaries = long.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end);
    // Only the outermost events inside the task, so nothing is counted twice.
    const top = inside.filter((event) => !inside.some((outer) => outer !== event && outer.ts <= event.ts && outer.ts + (outer.dur ?? 0) >= event.ts + (event.dur ?? 0) && (outer.dur ?? 0) > (event.dur ?? 0)));
    const byEvent = new Map<string, number>();
    for (const event of top) {
      const url = event.args?.data?.url;
      const label = url ? `${event.name} ${String(url).replace(args.origin, '')}` : event.name;
      add(byEvent, label, (event.dur ?? 0) / 1000);
    }
    const byCode = new Map<string, number>();
    const taskSamples = cpu.filter((sample) => sample.at >= task.ts && sample.at <= end);
    for (let index = 0; index < taskSamples.length; index += 1) {
      const sample = taskSamples[index] as { at: number; frame: string };
      const next = taskSamples[index + 1]?.at ?? end;
      add(byCode, sample.frame, (next - sample.at) / 1000);
    }
    if (args.nested) {
      const nested = new Map<string, number>();
      for (const event of inside) add(nested, event.name, (event.dur ?? 0) / 1000);
      print(`  task at ${Math.round((task.ts - navigationStart) / 1000)}: nested ${[...nested].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${k} ${Math.round(v)}`).join('; ')}`);
    }
    const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms >= 2).map(([key, ms]): [string, number] => [key, Math.round(ms)]);
    return { startMs: Math.round((task.ts - navigationStart) / 1000), durationMs: Math.round((task.dur ?? 0) / 1000), events: sorted(byEvent), code: sorted(byCode) };
  });
  return { tasks: summaries, whole: wholeLoad(cpu, navigationStart) };
}

const browser = await chromium.launch({ executablePath: chromePath(), args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run'] });
const all: { tasks: Task[]; whole: [string, number][] }[] = [];
try {
  for (let run = 1; run <= Number(args.runs); run += 1) {
    const context = await browser.newContext({ viewport: { width: Number(args.width), height: 823 }, deviceScaleFactor: 1.75, isMobile: Number(args.width) < 600, hasTouch: Number(args.width) < 600, serviceWorkers: 'block' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (args.cookie) {
      // Through the protocol: Playwright's addCookies gives a URL's cookie a domain, which a
      // __Host- cookie may not have.
      await cdp.send('Network.setCookies', { cookies: cookiesOfHeader(args.cookie, args.origin) });
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(args.rate) });
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'loading'] });
    await page.goto(`${args.origin}${args.path}`, { waitUntil: 'load' });
    // Hydrated, then quiet for a while, so whatever hydrates when the browser is idle is in too.
    await page.waitForFunction(() => document.getElementById('root')?.getAttribute('aria-disabled') !== 'true', undefined, { timeout: 60_000 });
    await page.waitForTimeout(Number(args['idle-ms']));
    const buffer = await browser.stopTracing();
    await context.close();
    const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    const navigation = events.find((event) => event.name === 'navigationStart' && String(event.args?.data?.documentLoaderURL ?? '').startsWith(args.origin));
    const { tasks, whole } = summarise(events, navigation?.ts ?? 0);
    all.push({ tasks, whole });
    print(`\nrun ${run}: ${tasks.length} tasks over 50 ms, longest ${Math.max(0, ...tasks.map((task) => task.durationMs))} ms, blocking (each task's time over 50 ms) ${tasks.reduce((sum, task) => sum + task.durationMs - 50, 0)} ms`);
    for (const task of tasks) {
      print(`  at ${task.startMs} ms, ${task.durationMs} ms`);
      print(`    events: ${task.events.slice(0, 6).map(([name, ms]) => `${name} ${ms}`).join('; ')}`);
      print(`    code:   ${task.code.slice(0, 10).map(([name, ms]) => `${name} ${ms}`).join('; ')}`);
    }
    print(`  the whole load, by code: ${whole.filter(([name]) => !name.startsWith('((idle))')).slice(0, 14).map(([name, ms]) => `${name} ${ms}`).join('; ')}`);
  }
} finally {
  await browser.close();
}
if (args.json) writeFileSync(args.json, JSON.stringify(all, null, 2));
