// `npm start`: builds the client when its sources are newer than the last build, then runs the
// server. Keeps `npm install && npm start` a complete first-run on a fresh clone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'dist/client/.build-stamp');
const sources = ['index.html', 'vite.config.ts', 'package-lock.json', 'src', 'public'];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const sourceTime = Math.max(...sources.map(newestMtime));
const builtTime = existsSync(stampFile) ? Number(readFileSync(stampFile, 'utf8')) : -1;
const built = existsSync(path.join(root, 'dist/client/index.html')) && existsSync(path.join(root, 'dist/server/entry-server.js'));
if (!built || builtTime < sourceTime) {
  console.warn('Building the client (first start or changed sources)…');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  // The browser's app, then the server's first-paint renderer from the same sources.
  for (const args of [['build'], ['build', '--ssr', 'src/entry-server.tsx']]) {
    const build = spawnSync(process.execPath, [vite, ...args, '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  writeFileSync(stampFile, String(sourceTime));
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], { cwd: root, stdio: 'inherit', env: { NODE_ENV: 'production', ...process.env } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
