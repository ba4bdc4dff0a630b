// The last step of `npm run build`: each text file of the built client (dist/client) gets a brotli
// (.br) and a gzip (.gz) copy beside it, compressed once at the strongest settings, which
// @fastify/static sends to a browser that accepts them (server/plugins/static-files.ts).
//
// Why: compressed on the fly, every file was sent at @fastify/compress's brotli quality 4, which
// made the framework chunk 108.7 KB (larger than gzip -9's 107.1 KB), against 93.1 KB at quality 11;
// over the first download of the home page (HTML aside) that is about 23 KB less on a slow phone
// network, and no CPU spent compressing the same files again for every visitor.
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What compresses: scripts, styles, markup, data and WebAssembly (pictures and fonts already are). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm)$/;
/** @fastify/compress's own threshold: a smaller file gains less than its headers cost. */
const MIN_BYTES = 1024;
/** Brotli's quality 11 takes about 2 s a megabyte; the camera's engines (4 MB each) take quality 9. */
const LARGE_BYTES = 1024 * 1024;

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => COMPRESSIBLE.test(file) && statSync(file).isFile());
}

async function compressOne(file) {
  const bytes = await readFile(file);
  if (bytes.length < MIN_BYTES) return { raw: 0, br: 0 };
  const quality = bytes.length > LARGE_BYTES ? 9 : zlib.constants.BROTLI_MAX_QUALITY;
  const mode = file.endsWith('.wasm') ? zlib.constants.BROTLI_MODE_GENERIC : zlib.constants.BROTLI_MODE_TEXT;
  const [br, gz] = await Promise.all([
    brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_MODE]: mode, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy no smaller than the file is not written: the file itself is sent instead.
  if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
  return { raw: bytes.length, br: Math.min(br.length, bytes.length) };
}

/** Writes the .br and .gz copies of every compressible file under dir; returns the totals. */
export async function precompress(dir) {
  const queue = filesUnder(dir);
  const totals = { files: 0, raw: 0, br: 0 };
  // zlib's asynchronous calls run on libuv's threads: a few at once use both cores.
  const workers = Array.from({ length: Math.max(2, os.availableParallelism()) }, async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const { raw, br } = await compressOne(file);
      if (raw === 0) continue;
      totals.files += 1;
      totals.raw += raw;
      totals.br += br;
    }
  });
  await Promise.all(workers);
  return totals;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const dir = path.resolve(import.meta.dirname, '..', 'dist/client');
  const { files, raw, br } = await precompress(dir);
  console.warn(`Compressed ${files} files of dist/client: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
