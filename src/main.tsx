import './shared/styles/tokens.css';
import './shared/styles/global.css';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition } from 'react';
import { App } from './app';
import { QUERY_STATE_ELEMENT_ID, VIEWPORT_ATTRIBUTE } from './contract/first-paint';
import { createAppRouter } from './router';
import { createQueryClient } from './shared/query-client';
import { setViewportGuess } from './shared/viewport-guess';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** The query cache the server rendered the first paint from, when it sent one. */
function serverQueryState(root: HTMLElement): DehydratedState | undefined {
  const element = document.getElementById(QUERY_STATE_ELEMENT_ID);
  if (!element?.textContent || !root.firstElementChild) return undefined;
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
 * Lets the browser handle input and paint between two pieces of start-up work: each piece is
 * then a task of its own, none long enough to make a tap on the drawn page wait.
 */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Starts the app: hydrates the server's first paint, or draws the page on the plain shell. Each
 * step (evaluating the app's modules, building the router, React DOM's own start-up, matching
 * the route and loading its code, hydrating) is a separate task: together they take a phone a few
 * hundred milliseconds, and in one piece they would hold back the first tap on the drawn page for
 * all of it. Not awaited at the top level on purpose: route chunks may import from this entry
 * chunk, and a top-level await on loading them would wait for itself.
 */
async function start(root: HTMLElement): Promise<void> {
  await yieldToBrowser();
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  const app = <App queryClient={queryClient} router={router} />;
  const state = serverQueryState(root);
  await yieldToBrowser();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  if (!state) {
    createRoot(root).render(app);
    return;
  }
  await yieldToBrowser();
  // Same data and the same route chunks as the server had, then adopt its markup in place: the
  // page the person already sees becomes interactive without being drawn again.
  hydrate(queryClient, state);
  await router.load();
  await yieldToBrowser();
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

void start(container);
