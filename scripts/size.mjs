// `npm run size`: the initial JavaScript of the home route, gzip-compressed — the entry script of
// dist/client/index.html plus every chunk it preloads. Fails above the hard limit (the budget is
// lower; docs/performance.md keeps the figures).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const BUDGET_KB = 110;
const LIMIT_KB = 130;
const dir = path.resolve(import.meta.dirname, '../dist/client');
const html = readFileSync(path.join(dir, 'index.html'), 'utf8');

const files = new Set();
for (const [, src] of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) files.add(src);
for (const [, href] of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) files.add(href);
if (files.size === 0) throw new Error('No entry script found in dist/client/index.html: run npm run build first.');

let total = 0;
for (const file of files) {
  const bytes = gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
  total += bytes;
  console.warn(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const kb = total / 1024;
console.warn(`${kb.toFixed(1).padStart(7)} KB  initial JavaScript of the home route (gzip; budget ${BUDGET_KB} KB, limit ${LIMIT_KB} KB)`);
if (kb > LIMIT_KB) {
  console.error(`Over the ${LIMIT_KB} KB limit.`);
  process.exit(1);
}
