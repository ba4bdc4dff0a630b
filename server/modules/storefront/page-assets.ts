/**
 * The built client's files a page loads, from Vite's build manifest (dist/client/.vite/manifest.json):
 * the entry module as an ordinary module script, the modules it imports as modulepreloads (fetched
 * in parallel, not one after another), and the stylesheet. Read when first needed and again only
 * when a new build replaced the manifest (one stat per page).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { PageAssets } from '../../../src/contract/render';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

type ViteManifest = Record<string, ManifestChunk>;

/** The client's HTML entry: index.html is both the offline shell and the module graph's root. */
const ENTRY = 'index.html';

export function assetsOf(manifest: ViteManifest, base = '/'): PageAssets {
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`the client build manifest has no ${ENTRY} entry`);
  const url = (file: string) => base + file;
  const preloads: string[] = [];
  const stylesheets = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    for (const css of chunk.css ?? []) stylesheets.add(url(css));
    for (const imported of chunk.imports ?? []) {
      const file = manifest[imported]?.file;
      if (file) preloads.push(url(file));
      visit(imported);
    }
  };
  visit(ENTRY);
  // Built with one stylesheet for the whole app (cssCodeSplit: false): an asset of its own.
  for (const chunk of Object.values(manifest)) if (chunk.file.endsWith('.css') && chunk.src?.endsWith('.css')) stylesheets.add(url(chunk.file));
  return { scripts: [url(entry.file)], preloads: [...new Set(preloads)], stylesheets: [...stylesheets], inlineModules: [] };
}

/** The assets of the build in `clientDir`; rejects while there is none. */
export function builtClientAssets(clientDir: string): () => Promise<PageAssets> {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; assets: PageAssets } | undefined;
  return async () => {
    const { mtimeMs } = await stat(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, assets: assetsOf(JSON.parse(await readFile(file, 'utf8')) as ViteManifest) };
    return cached.assets;
  };
}
