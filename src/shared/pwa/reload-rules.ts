/**
 * When the page may reload by itself (pure rules; the browser's side is chunk-reload.ts and the
 * update prompt). A reload throws away what the person is doing, so it never happens during
 * checkout and payment, and a missing script after a deploy reloads the page once per build only.
 */

/** The order's own steps: the checkout, the order just created and its payment. */
const CHECKOUT_PATHS = ['/checkout', '/order-created', '/payments'];

export function isCheckoutPath(pathname: string): boolean {
  return CHECKOUT_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/**
 * A script file of the build that could not be fetched: what Chromium ('Failed to fetch
 * dynamically imported module'), Firefox ('error loading dynamically imported module') and Safari
 * ('Importing a module script failed') say when a dynamic import fails, as TanStack Router's
 * isModuleNotFoundError knows them, and Vite's words for a stylesheet that failed to preload.
 */
const CHUNK_ERROR = /dynamically imported module|^Importing a module script failed|^Unable to preload CSS/;

export function isChunkLoadError(error: unknown): error is Error {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

export interface ChunkFailure {
  /** The build this page runs (its entry script's URL, which changes with every build). */
  build: string;
  /** The build the tab last reloaded for (sessionStorage), if any. */
  reloadedFor: string | null;
  /** Checkout, or an outbox request being sent: no reload now. */
  busy: boolean;
  /** Whether the phone has signal: without it a file fails to load whatever build is live. */
  online: boolean;
}

/**
 * A missing chunk means the server has a newer build than this page: one reload fetches it. If the
 * tab already reloaded for this same build, the file is missing from the build that is live (or the
 * reload brought the same page back): another reload would loop, so the page shows its error.
 */
export function chunkFailureAction({ build, reloadedFor, busy, online }: ChunkFailure): 'reload' | 'stay' {
  // Without signal a reload would bring the browser's offline page, not a newer build.
  if (busy || !online) return 'stay';
  return reloadedFor === build ? 'stay' : 'reload';
}
