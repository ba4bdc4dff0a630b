import { readStored, writeStored } from '../storage';
import { isBusy } from './busy';
import { chunkFailureAction, isCheckoutPath, isChunkLoadError } from './reload-rules';

/** The build this tab last reloaded for (sessionStorage: one tab, until it closes). */
const RELOADED_FOR = 'shop:reloaded-for-build';

/**
 * After a deploy the server no longer has the previous build's files, and a page still running it
 * fails to load a screen or a dialog it had not opened yet. Vite reports each such failure
 * ('vite:preloadError', for every lazily loaded module of the shop); one reload brings the new
 * build. Outside checkout and outbox sending only, and once per build (reload-rules.ts): otherwise
 * the error goes on to the route's error page, never a blank page.
 *
 * `build` is the URL of the entry script (main.tsx's import.meta.url): its name changes whenever
 * any file of the build does.
 */
export function watchForMissingChunks(build: string): void {
  window.addEventListener('vite:preloadError', (event) => {
    const error = event.payload;
    if (!isChunkLoadError(error)) return;
    const busy = isBusy() || isCheckoutPath(window.location.pathname);
    if (chunkFailureAction({ build, reloadedFor: readStored('session', RELOADED_FOR), busy }) === 'reload') {
      writeStored('session', RELOADED_FOR, build);
      // Only when the guard was written: without storage, a reload could never be told apart
      // from the first one and might loop.
      if (readStored('session', RELOADED_FOR) === build) {
        window.location.reload();
        return;
      }
    }
    // TanStack Router's lazy route components reload by themselves on a missing module, once per
    // message and even during checkout; marked as done, the route's error page shows instead.
    writeStored('session', `tanstack_router_reload:${error.message}`, '1');
  });
}
