/**
 * The built render entry (`vite build --ssr src/entry-server.tsx` → dist/server/entry-server.js,
 * beside the client build), imported when the first page is asked for.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { RENDER_ENTRY_FILE, type RenderEntry } from '../../../src/contract/render';
import type { Config } from '../../config';

export function builtRenderEntry(config: Pick<Config, 'renderDir'>): () => Promise<RenderEntry> {
  return async () => (await import(pathToFileURL(path.join(config.renderDir, RENDER_ENTRY_FILE)).href)) as RenderEntry;
}
