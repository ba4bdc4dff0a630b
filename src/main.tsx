import './shared/styles/tokens.css';
import './shared/styles/global.css';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { QUERY_STATE_ELEMENT_ID, VIEWPORT_ATTRIBUTE } from './contract/first-paint';
import { createAppRouter } from './router';
import { createQueryClient } from './shared/query-client';
import { setViewportGuess } from './shared/viewport-guess';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = <App queryClient={queryClient} router={router} />;

/** The query cache the server rendered the first paint from, when it sent one. */
function serverQueryState(): DehydratedState | undefined {
  const element = document.getElementById(QUERY_STATE_ELEMENT_ID);
  if (!element?.textContent || !container?.firstElementChild) return undefined;
  try {
    // Written by this shop's server (renderQueryState) from TanStack Query's own dehydrate().
    const state = JSON.parse(element.textContent) as DehydratedState;
    // Hydrate for the screen the server drew for; media queries catch up right after.
    setViewportGuess(element.getAttribute(VIEWPORT_ATTRIBUTE) === 'desktop' ? 'desktop' : 'phone');
    return state;
  } catch {
    return undefined;
  }
}

/**
 * Hydrates the server's first paint. Not awaited at the top level on purpose: route chunks may
 * import from this entry chunk, and a top-level await on loading them would wait for itself.
 */
async function hydrateFirstPaint(root: HTMLElement, state: DehydratedState): Promise<void> {
  // Same data and the same route chunks as the server had, then adopt its markup in place: the
  // page the person already sees becomes interactive without being drawn again.
  hydrate(queryClient, state);
  await router.load();
  // Marks the router as hydrating server markup: it then renders its matches as the server did
  // (without the Suspense wrapper a client-only start adds), so the two trees line up.
  router.ssr = { manifest: undefined };
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (a slow phone stays responsive to the first tap).
  startTransition(() => {
    hydrateRoot(root, app, {
      // A difference (the clock moved on, a phone-or-desktop layout) is redrawn by React; it is
      // worth a note while developing, not an error for the person using the shop.
      onRecoverableError: (error) => {
        if (import.meta.env.DEV) console.warn('First paint redrawn:', error);
      },
    });
  });
}

const state = serverQueryState();
if (state) {
  void hydrateFirstPaint(container, state);
} else {
  createRoot(container).render(app);
}
