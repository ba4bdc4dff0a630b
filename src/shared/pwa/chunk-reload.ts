import { readStored, writeStored } from '../storage';
import { isBusy } from './busy';
import { chunkFailureAction, isCheckoutPath, isChunkLoadError } from './reload-rules';

/** The build this tab last reloaded for (sessionStorage: one tab, until it closes). */
const RELOADED_FOR = 'shop:reloaded-for-build';

/** The build this page runs: the URL of the app's own first script, whose name changes with every build. */
let build: string | undefined;

/**
 * After a deploy the server no longer has the previous build's files, and a page still running it
 * fails to load a screen it had not opened yet. The failure reaches the route's error page, which
 * asks reloadForMissingChunk whether to reload. TanStack Router's lazy route components would
 * reload by themselves first (once per message, even during checkout): each failure Vite reports
 * is marked as done for them. A failed preload (a link hovered) reloads nothing: only a screen
 * that was opened shows its error page.
 */
export function watchForMissingChunks(entry: string): void {
  build = entry;
  window.addEventListener('vite:preloadError', (event) => {
    if (isChunkLoadError(event.payload)) writeStored('session', `tanstack_router_reload:${event.payload.message}`, '1');
  });
}

/**
 * One reload brings the new build, outside checkout and outbox sending and once per build
 * (reload-rules.ts); otherwise the error page stays. True when the page is reloading.
 */
export function reloadForMissingChunk(error: unknown): boolean {
  if (!build || !isChunkLoadError(error)) return false;
  const busy = isBusy() || isCheckoutPath(window.location.pathname);
  if (chunkFailureAction({ build, reloadedFor: readStored('session', RELOADED_FOR), busy }) !== 'reload') return false;
  writeStored('session', RELOADED_FOR, build);
  // Only when the guard was written: without storage a reload could not be told from the first
  // one and might loop.
  if (readStored('session', RELOADED_FOR) !== build) return false;
  window.location.reload();
  return true;
}
