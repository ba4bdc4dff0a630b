// `npm run measure:start`: what a new user waits for. Runs `npm start` as a fresh clone would (no
// build in dist, an empty embedded database, so it builds and seeds the 20,000-part catalogue) and
// times until the home page (server-rendered) and the part types answer; then stops it and times
// five more starts on the same data and build, the compiled server on existing data. Prints the
// figures, and what `ps` shows for the server (it fails unless that is plain node on dist/node).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.MEASURE_PORT ?? 3400);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-start-'));

async function ready() {
  try {
    const [home, types] = await Promise.all([fetch(`http://127.0.0.1:${port}/`), fetch(`http://127.0.0.1:${port}/web-api/products/types.json`)]);
    if (!home.ok || !types.ok) return false;
    const body = await types.json();
    // The server's own render of the home page: its heading, not an empty shell.
    return /<h1[\s>]/.test(await home.text()) && body.success === true && body.data.length > 0;
  } catch {
    return false;
  }
}

/**
 * What `ps` shows for the server `npm start` started: it must be plain node on the compiled
 * dist/node/main.js (no tsx, no TypeScript compiled at run time).
 */
function serverCommand(startPid) {
  const args = execFileSync('ps', ['-o', 'args=', '--ppid', String(startPid)], { encoding: 'utf8' }).trim();
  if (!/^\S*node\S* \S*dist\/node\/main\.js$/.test(args) || /tsx/.test(args)) {
    throw new Error(`npm start runs '${args}', not plain node on dist/node/main.js`);
  }
  return args;
}

let shownCommand = false;

async function timedStart(label) {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = started + 180_000;
  while (!(await ready())) {
    if (performance.now() > deadline || child.exitCode !== null) {
      child.kill('SIGTERM');
      throw new Error(`${label}: the shop did not answer within 180 s`);
    }
    // Asked every 25 ms: the figure is off by at most that much.
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const seconds = (performance.now() - started) / 1000;
  if (!shownCommand) {
    console.warn(`ps: ${serverCommand(child.pid)}`);
    shownCommand = true;
  }
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return seconds;
}

rmSync(path.join(root, 'dist'), { recursive: true, force: true });
try {
  const first = await timedStart('first start');
  const later = [];
  for (let run = 1; run <= 5; run++) later.push(await timedStart(`later start ${run}`));
  const median = [...later].sort((a, b) => a - b)[2];
  // Two cores shared with anything else running: the load says how quiet the machine was.
  console.warn(`load average (1 min) at the end: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
  console.warn(`first start (build + migrations + seeding 20,000 parts): ${first.toFixed(1)} s (target 120 s)`);
  console.warn(`later start (existing build and data): ${later.map((s) => s.toFixed(2)).join(' / ')} s, median ${median.toFixed(2)} s (target 2 s)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
