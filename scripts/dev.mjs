// `npm run dev`: the shop on PORT (3000) with Vite inside it (scripts/dev-server.ts): pages rendered
// on the server from the sources, hot reload in the browser. tsx watches the files the server
// imports (its own, the contract, the domain) and restarts it when one changes; the screens and
// the render entry reload through Vite without a restart.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const server = spawn(
  process.execPath,
  [
    path.join(root, 'node_modules/tsx/dist/cli.mjs'),
    'watch',
    '--clear-screen=false',
    'scripts/dev-server.ts',
  ],
  { cwd: root, stdio: 'inherit', env: { NODE_ENV: 'development', ...process.env } },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
