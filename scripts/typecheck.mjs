// `npm run typecheck`: the five TypeScript programs (storefront, back office, service worker,
// server, scripts and tests), two at a time on a 2-core machine; each one's errors are printed
// whole when it ends, and any failure fails the run.
import { spawn } from 'node:child_process';
import os from 'node:os';

const PROGRAMS = ['tsconfig.app.json', 'tsconfig.admin.json', 'tsconfig.sw.json', 'tsconfig.server.json', 'tsconfig.node.json'];
const lanes = Math.max(1, Math.min(2, os.availableParallelism()));

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      console.warn(`${project}: ${code === 0 ? 'no errors' : 'FAILED'} (${Math.round((Date.now() - started) / 1000)} s)`);
      resolve(code ?? 1);
    });
  });
}

const queue = [...PROGRAMS];
const codes = [];
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) codes.push(await check(project));
  }),
);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
