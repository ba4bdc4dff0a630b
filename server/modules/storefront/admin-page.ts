/**
 * The back office's page: every GET of /admin or /admin/… that is not a file answers admin.html,
 * the back office's own client-rendered app (src/admin/main.tsx), never the storefront's server
 * render. It carries staff's screens, so it is never stored (no-store) nor indexed; its data comes
 * from /web-api/admin once it runs. Built: dist/client/admin.html (`vite build --mode admin`),
 * read when first needed and again when a new build replaced it. `npm run dev` hands in Vite's
 * transformed admin.html instead.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export const ADMIN_PAGE_FILE = 'admin.html';

/** Whether a page path belongs to the back office. */
export const isAdminPagePath = (pathname: string): boolean => pathname === '/admin' || pathname.startsWith('/admin/');

/** admin.html of the client build in `clientDir`; rejects while there is none. */
export function builtAdminPage(clientDir: string): (url: string) => Promise<string> {
  const file = path.join(clientDir, ADMIN_PAGE_FILE);
  let cached: { mtimeMs: number; html: string } | undefined;
  return async () => {
    const { mtimeMs } = await stat(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: await readFile(file, 'utf8') };
    return cached.html;
  };
}

/**
 * Gives the page's inline scripts this response's CSP nonce. The built page has none (Vite writes
 * module scripts with src); under `npm run dev` Vite adds React's refresh preamble inline.
 */
export function withScriptNonce(html: string, nonce: string): string {
  return html.replace(/<script(?![^>]*\bnonce=)(?![^>]*\bsrc=)/g, `<script nonce="${nonce}"`);
}
