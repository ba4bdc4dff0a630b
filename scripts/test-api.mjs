// Runs the API test suite on one database engine: `pglite` (embedded) or `postgres` (when
// TEST_DATABASE_URL is set, as in CI; otherwise it says so and passes).
//
// Without TEST_DATABASE_URL (a developer's `npm test`) the whole suite runs on PGlite. With it (CI)
// the whole suite runs on PostgreSQL, the engine several processes share, on two workers; and on
// PGlite, beside it, only the files about what differs between the engines, each marked on its
// first line `// api-suite: both engines (why)`: SQL that each engine ships differently, locks,
// seeding and the commands on the embedded default, the golden answers. Running every file on both
// took 805 s of CI's 20 minutes (2026-11-28); the rest of the suite is the HTTP layer and the
// services, the same over either driver.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const engine = process.argv[2];
const env = { ...process.env };
const args = ['node_modules/vitest/vitest.mjs', 'run', '--project', 'api'];

/** The API test files marked to run on both engines in CI. */
function bothEnginesFiles() {
  return readdirSync('server', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.join('server', file))
    .filter((file) => readFileSync(file, 'utf8').startsWith('// api-suite: both engines ('))
    .sort();
}

if (engine === 'pglite') {
  if (env.TEST_DATABASE_URL) {
    const files = bothEnginesFiles();
    console.warn(`API tests on embedded PGlite: the ${files.length} files marked for both engines (the whole suite runs on PostgreSQL)`);
    args.push(...files);
  } else {
    console.warn('API tests on embedded PGlite');
  }
  delete env.TEST_DATABASE_URL;
} else if (!env.TEST_DATABASE_URL) {
  console.warn('TEST_DATABASE_URL is not set: the API tests ran on embedded PGlite only.');
  process.exit(0);
} else {
  console.warn('API tests on PostgreSQL');
  // The database's own work runs in its server's processes, so two workers keep both cores busy
  // beside the small PGlite run (each worker has a database of its own: server/test/database.ts).
  args.push('--maxWorkers', process.env.API_PG_WORKERS ?? '2');
}
const run = spawnSync(process.execPath, args, { stdio: 'inherit', env });
process.exit(run.status ?? 1);
