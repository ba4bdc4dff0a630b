// `npm run seed -- --parts N [--seed S]`: builds the shop when it is stale, then runs the compiled
// seed command (server/seed/cli.ts → dist/node/seed.js) on the configured database.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
buildIfStale();
const seed = spawnSync(process.execPath, [path.join(root, 'dist/node/seed.js'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(seed.status ?? 1);
