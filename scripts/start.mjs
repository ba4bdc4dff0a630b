// `npm start`: builds the shop when dist is missing or older than the sources, then runs the
// compiled server as plain node (`node dist/node/main.js`, what `ps` shows, with the heap settings of
// scripts/server-flags.mjs) in production mode.
// Keeps `npm install && npm start` a complete first run on a fresh clone.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
buildIfStale();

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'dist/node/main.js')], { cwd: root, stdio: 'inherit', env: { NODE_ENV: 'production', ...SERVER_ENV, ...process.env } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
