// Builds the shop (`npm run build`: the client, the server's page renderer and the server in
// dist/) when a part of dist is missing or older than the newest source, so `npm start` and
// `npm run seed` run what the sources say, and `npm install && npm start` works on a fresh clone.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Everything a build reads: the client and render entry (src, index.html, public) and the server. */
const SOURCES = ['index.html', 'admin.html', 'vite.config.ts', 'package.json', 'package-lock.json', 'src', 'public', 'server', 'scripts/build-server.mjs', 'scripts/precompress.mjs'];

/** One file of each build step: the browser's app, the back office, the page renderer, the server, the seed and admin:create commands. */
export const BUILT = ['dist/client/index.html', 'dist/client/admin.html', 'dist/server/entry-server.js', 'dist/node/main.js', 'dist/node/seed.js', 'dist/node/admin-create.js'];

function newestMtime(full) {
  const stat = statSync(full, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(full, child)));
  return newest;
}

/** Why dist needs building, or null when every part of it is newer than every source. */
export function staleReason() {
  const missing = BUILT.find((file) => !existsSync(path.join(root, file)));
  if (missing) return `${missing} is missing`;
  const builtAt = Math.min(...BUILT.map((file) => statSync(path.join(root, file)).mtimeMs));
  const changed = SOURCES.find((entry) => newestMtime(path.join(root, entry)) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}

export function buildIfStale() {
  const reason = staleReason();
  if (!reason) return;
  console.warn(`Building the shop (${reason})…`);
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
