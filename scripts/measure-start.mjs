// `npm run measure:start`: what a new user waits for. Runs `npm start` as a fresh clone would (no
// client build, an empty embedded database) and times until the home page and the part types
// answer; then stops it and times a second start on the same data. Prints both figures.
import { spawn } from 'node:child_process';
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
    return (await home.text()).includes('id="app-props"') && body.success === true && body.data.length > 0;
  } catch {
    return false;
  }
}

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
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return seconds;
}

rmSync(path.join(root, 'dist/client'), { recursive: true, force: true });
try {
  const first = await timedStart('first start');
  const later = await timedStart('later start');
  console.warn(`first start (client build + migrations + seeding): ${first.toFixed(1)} s (target 120 s)`);
  console.warn(`later start (existing build and data): ${later.toFixed(2)} s (target 3 s)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
