// `npm run admin:create -- --email owner@example.com [--name …] [--password …]`: builds the shop when
// it is stale, then runs the compiled command (server/modules/back-office/staff/cli.ts → dist/node/admin-create.js)
// on the configured database.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
buildIfStale();
const run = spawnSync(process.execPath, [path.join(root, 'dist/node/admin-create.js'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
