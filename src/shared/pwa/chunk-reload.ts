import { readStored, writeStored } from '../storage';
import { hasSignal } from '../signal';
import { isBusy } from './busy';
import { chunkFailureAction, isCheckoutPath, isChunkLoadError } from './reload-rules';

/** The build this tab last reloaded for (sessionStorage: one tab, until it closes). */
const RELOADED_FOR = 'shop:reloaded-for-build';

/**
 * TanStack Router's lazy route component reloads once per failing module, remembered under this
 * key with '1'; the shop writes its own value to hold that reload back.
 */
const routerReloadKey = (error: unknown) => `tanstack_router_reload:${error instanceof Error ? error.message : String(error)}`;
const ROUTER_RELOADED = '1';
const HELD_BACK = 'held-back';

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
    if (isChunkLoadError(event.payload)) writeStored('session', routerReloadKey(event.payload), HELD_BACK);
  });
}

/**
 * One reload brings the new build, outside checkout and outbox sending and once per build
 * (reload-rules.ts); otherwise the error page stays. True when the page is reloading.
 */
export function reloadForMissingChunk(error: unknown): boolean {
  // The error page may come before the start-up code (loaded beside hydration) has handed the
  // build over: src/main.tsx also leaves it on window from its first line.
  build ??= (window as Window & { shopBuild?: string }).shopBuild;
  if (!build || !isChunkLoadError(error)) return false;
  // TanStack Router may have reloaded for this failure already (its lazy component renders before
  // this error page): that was the one reload, recorded as this build's.
  if (readStored('session', routerReloadKey(error)) === ROUTER_RELOADED) {
    writeStored('session', RELOADED_FOR, build);
    return false;
  }
  const busy = isBusy() || isCheckoutPath(window.location.pathname);
  if (chunkFailureAction({ build, reloadedFor: readStored('session', RELOADED_FOR), busy, online: hasSignal() }) !== 'reload') return false;
  writeStored('session', RELOADED_FOR, build);
  // Only when the guard was written: without storage a reload could not be told from the first
  // one and might loop.
  if (readStored('session', RELOADED_FOR) !== build) return false;
  // TanStack Router's lazy component reloads by itself once per failing module: marked as done,
  // so this reload is the only one.
  writeStored('session', routerReloadKey(error), HELD_BACK);
  window.location.reload();
  return true;
}
