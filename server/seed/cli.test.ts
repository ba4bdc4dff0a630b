// api-suite: both engines (the seed command on the embedded default and on a server)
/**
 * `npm run seed -- --parts N [--seed S]`, as it runs: the compiled seed command (built here by
 * scripts/build-server.mjs into a folder of its own in .tmp, as `npm run build` builds dist/node/seed.js)
 * run by plain node on an embedded database in a temporary DATA_DIR.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { parts } from '../db/schema';

const root = path.resolve(import.meta.dirname, '../..');
// Inside the project (.tmp is ignored): the compiled command finds its packages in node_modules.
mkdirSync(path.join(root, '.tmp'), { recursive: true });
const work = mkdtempSync(path.join(root, '.tmp', 'seed-cli-'));
const outDir = path.join(work, 'node');
const dataDir = path.join(work, 'data');

function seedCommand(...args: string[]) {
  // Embedded PGlite in DATA_DIR whatever the machine's own configuration says.
  const { DATABASE_URL: _server, ...env } = process.env;
  const run = spawnSync(process.execPath, [path.join(outDir, 'seed.js'), ...args], { cwd: root, encoding: 'utf8', env: { ...env, DATA_DIR: dataDir } });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

async function partsHeld(): Promise<number> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const [row] = await database.db.select({ total: count() }).from(parts);
    return row?.total ?? 0;
  } finally {
    await database.close();
  }
}

beforeAll(() => {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--out-dir', outDir], { cwd: root, encoding: 'utf8' });
  expect(build.stderr).toBe('');
  expect(build.status).toBe(0);
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the seed command', () => {
  it('fills an empty database with N parts, keeps the catalogue when run without options, and rebuilds it with --parts', { timeout: 120_000 }, async () => {
    const first = seedCommand('--parts', '60', '--seed', '3');
    expect(first.output).toContain('catalogue of 60 parts (seed 3)');
    expect(first.status).toBe(0);
    expect(await partsHeld()).toBe(60);

    const again = seedCommand();
    expect(again.status).toBe(0);
    expect(again.output).toContain('catalogue kept');
    expect(await partsHeld()).toBe(60);

    const rebuilt = seedCommand('--parts', '50');
    expect(rebuilt.status).toBe(0);
    expect(rebuilt.output).toContain('catalogue of 50 parts (seed 1)');
    expect(await partsHeld()).toBe(50);
  });

  it('refuses a number of parts that is not a whole number, before touching the database', () => {
    const refused = seedCommand('--parts', 'many');
    expect(refused.status).toBe(2);
    expect(refused.output).toContain("--parts must be a whole number, not 'many'");
  });
});
