// Runs the API test suite on one database engine: `pglite` (embedded, always) or `postgres`
// (when TEST_DATABASE_URL is set, as in CI; otherwise it says so and passes, since the same suite
// already ran on PGlite).
import { spawnSync } from 'node:child_process';

const engine = process.argv[2];
const env = { ...process.env };
if (engine === 'pglite') delete env.TEST_DATABASE_URL;
else if (!env.TEST_DATABASE_URL) {
  console.warn('TEST_DATABASE_URL is not set: the API tests ran on embedded PGlite only.');
  process.exit(0);
}
console.warn(`API tests on ${engine === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}`);
const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'api'], { stdio: 'inherit', env });
process.exit(run.status ?? 1);
