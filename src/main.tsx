import './shared/styles/tokens.css';
import './shared/styles/global.css';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QUERY_STATE_ELEMENT_ID, VIEWPORT_ATTRIBUTE } from './contract/first-paint';
import { createAppRouter } from './router';
import { createQueryClient } from './shared/query-client';
import { setViewportGuess } from './shared/viewport-guess';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * Marks the page interactive once React has taken over (hydrated the server's markup or drawn
 * its own): until then a tap on server-drawn markup does nothing, so end-to-end tests wait for
 * `html[data-hydrated]` before they act.
 */
function HydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <HydratedMarker />
    </QueryClientProvider>
  </StrictMode>
);

/** The query cache the server rendered the first paint from, when it sent one. */
function serverQueryState(): unknown {
  const element = document.getElementById(QUERY_STATE_ELEMENT_ID);
  if (!element?.textContent || !container?.firstElementChild) return undefined;
  try {
    const state: unknown = JSON.parse(element.textContent);
    // Hydrate for the screen the server drew for; media queries catch up right after.
    setViewportGuess(element.getAttribute(VIEWPORT_ATTRIBUTE) === 'desktop' ? 'desktop' : 'phone');
    return state;
  } catch {
    return undefined;
  }
}

const state = serverQueryState();
if (state) {
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
    hydrateRoot(container, app, {
      // A difference (the clock moved on, a phone-or-desktop layout) is redrawn by React; it is
      // worth a note while developing, not an error for the person using the shop.
      onRecoverableError: (error) => {
        if (import.meta.env.DEV) console.warn('First paint redrawn:', error);
      },
    });
  });
} else {
  createRoot(container).render(app);
}
