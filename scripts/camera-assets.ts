/**
 * Issue 31: the camera's reading engines, served by the shop itself and never from a CDN: the
 * tesseract.js worker, its LSTM-only WebAssembly cores (plain, SIMD and relaxed SIMD: the worker
 * picks the one the phone runs), the English LSTM model, and ZXing's WebAssembly reader behind
 * barcode-detector. They are copied from node_modules into dist/client/camera/<hash>/ (the hash
 * of their contents, so a new version is a new address and each can be kept for a year), and the
 * app learns that folder from the module `virtual:camera-assets`. They stay out of the service
 * worker's precache (vite.config.ts): the worker keeps them after their first use (src/sw).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
/** A package's folder (found from its entry: some export no package.json). */
export function packageDir(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (!existsSync(path.join(dir, 'package.json')) || JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).name !== name) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`No folder of ${name}`);
    dir = up;
  }
  return dir;
}

/** Where each served file comes from. */
export function cameraAssetSources(): Record<string, string> {
  const tesseract = packageDir('tesseract.js');
  const core = packageDir('tesseract.js-core');
  return {
    'worker.min.js': path.join(tesseract, 'dist/worker.min.js'),
    'tesseract-core-lstm.wasm.js': path.join(core, 'tesseract-core-lstm.wasm.js'),
    'tesseract-core-simd-lstm.wasm.js': path.join(core, 'tesseract-core-simd-lstm.wasm.js'),
    'tesseract-core-relaxedsimd-lstm.wasm.js': path.join(core, 'tesseract-core-relaxedsimd-lstm.wasm.js'),
    // The integer LSTM model: a third of the size of the default one, and faster.
    'eng.traineddata.gz': path.join(packageDir('@tesseract.js-data/eng'), '4.0.0_best_int/eng.traineddata.gz'),
    'zxing_reader.wasm': path.join(packageDir('zxing-wasm'), 'dist/reader/zxing_reader.wasm'),
  };
}

/** The folder every page's camera reads from. */
export const CAMERA_PREFIX = 'camera';

const VIRTUAL = 'virtual:camera-assets';
const RESOLVED = `\0${VIRTUAL}`;

export function cameraAssets(): Plugin {
  const sources = cameraAssetSources();
  const contents = new Map(Object.entries(sources).map(([name, file]) => [name, readFileSync(file)]));
  const hash = createHash('sha256');
  for (const [name, bytes] of contents) hash.update(name).update(bytes);
  const folder = `${CAMERA_PREFIX}/${hash.digest('hex').slice(0, 10)}`;
  let ssr = false;
  return {
    name: 'camera-assets',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    resolveId: (id) => (id === VIRTUAL ? RESOLVED : null),
    load: (id) => (id === RESOLVED ? `export const CAMERA_ASSETS = ${JSON.stringify(`/${folder}/`)};\n` : null),
    generateBundle() {
      if (ssr) return;
      for (const [name, source] of contents) this.emitFile({ type: 'asset', fileName: `${folder}/${name}`, source });
    },
    // `npm run dev`: the same addresses, from node_modules.
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const url = request.url?.split('?')[0] ?? '';
        const name = url.startsWith(`/${folder}/`) ? url.slice(folder.length + 2) : '';
        const bytes = contents.get(name);
        if (!bytes) return next();
        response.setHeader('content-type', name.endsWith('.wasm') ? 'application/wasm' : name.endsWith('.js') ? 'text/javascript' : 'application/octet-stream');
        response.end(bytes);
      });
    },
  };
}
