// `npm run size`: the initial JavaScript of the home route, gzip-compressed. It follows Vite's
// manifest from index.html's entry through every static import, adds the home route's split
// component chunk and its static imports (what the browser must run before the search forms
// show), and leaves out dynamic imports loaded after first paint (toaster, update prompt).
// Fails above the hard limit; the budget is lower and docs/performance.md keeps the figures.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const BUDGET_KB = 110;
// The line is 115 KB; measured 120.9 KB with React DOM, TanStack Router and Query alone at
// about 105 KB (docs/performance.md). The limit holds what was reached, so nothing grows unnoticed;
// it moved from 122 to 123 KB when the payment and account routes came (every route's definition,
// chunk names and preload list are in the first download: about 0.15 KB each), and to 125 KB
// with the offline layer's first-download pieces (1.0 KB) and the six jobs, blog and static-page
// routes (1.3 KB); the header's outbox count moved after hydration (−0.2 KB); to 125.5 KB with
// the one notion of "offline" a cold start needs before hydration (src/shared/signal.ts) and the
// camera buttons' slots (0.5 KB together; 125.3 KB measured); to 125.8 KB with the later-loaded
// parts that wait for signal instead of failing the page (src/shared/lazy-when-online.ts, 0.2 KB);
// to 126.2 KB with the cookie consent every page needs (issue 32, PECR: reading the choice and
// deciding whether to ask, 0.55 KB; the banner, Consent Mode and Google's loader come after it);
// to 126.4 KB with the warranty certificate's public page (its route's definition, 0.1 KB).
// Issue 29 brings it down to 110 KB.
const LIMIT_KB = 126.4;
const dir = path.resolve(import.meta.dirname, '../dist/client');
let manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8'));
} catch {
  console.error('No dist/client/.vite/manifest.json: run npm run build first.');
  process.exit(1);
}

const files = new Map();
function visit(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.set(chunk.file, key);
  for (const css of chunk.css ?? []) files.set(css, `${key} (css)`);
  for (const imported of chunk.imports ?? []) visit(imported);
}
visit('index.html');
// The home route's own chunks when it is split from the entry; vite.config.ts bundles it with the
// entry (visited above) instead.
Object.keys(manifest)
  .filter((key) => key.startsWith('src/routes/index.tsx'))
  .forEach(visit);

let totalJs = 0;
for (const [file] of files) {
  if (!file.endsWith('.js')) continue;
  const bytes = gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
  totalJs += bytes;
  console.warn(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const kb = totalJs / 1024;
console.warn(`${kb.toFixed(1).padStart(7)} KB  initial JavaScript of the home route (gzip; budget ${BUDGET_KB} KB, limit ${LIMIT_KB} KB)`);

// Not in the figure, but worth seeing beside it: what the first API call of a page fetches (the
// answers' reader and zod, src/shared/api/parse-answer.ts). A server-rendered page brings its own
// data parsed, so this comes with the first request the page makes after it has hydrated (on the
// home page, the header's cart count).
const gzipKb = (file) => gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length / 1024;
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file) || files.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}
const reader = [...closure('src/shared/api/parse-answer.ts')].filter((file) => file.endsWith('.js'));
if (reader.length > 0) {
  const readerKb = reader.reduce((sum, file) => sum + gzipKb(file), 0);
  console.warn(`${readerKb.toFixed(1).padStart(7)} KB  with the first API call: the answers' reader and zod (${reader.join(', ')})`);
}
// The back office is built apart (vite build --mode admin) and loaded only by staff: none of its
// modules may reach the storefront's build, and the service worker must not precache its files
// (it would download them for every visitor it installs for).
const adminInStorefront = Object.entries(manifest).filter(([key, chunk]) => key.startsWith('src/admin/') || chunk.src?.startsWith('src/admin/'));
const precache = readFileSync(path.join(dir, 'sw.js'), 'utf8').match(/"url":"[^"]+"/g) ?? [];
const adminPrecached = precache.filter((entry) => /"url":"\/?admin[./]/.test(entry));
if (adminInStorefront.length > 0 || adminPrecached.length > 0) {
  console.error(`The back office reaches the storefront: ${[...adminInStorefront.map(([key]) => key), ...adminPrecached].join(', ')}`);
  process.exit(1);
}
console.warn(`   none     back-office modules in the storefront's build or in the worker's precache (${precache.length} precached files)`);
if (kb > LIMIT_KB) {
  console.error(`Over the ${LIMIT_KB} KB limit.`);
  process.exit(1);
}
if (kb > BUDGET_KB) console.warn(`Over the ${BUDGET_KB} KB budget (under the limit).`);
