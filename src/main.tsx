/**
 * The browser's entry. A page the server rendered carries TanStack Router's dehydrated state: the
 * router and its query cache take it over and React hydrates the whole document (RouterClient),
 * so what the server drew becomes interactive without being drawn again. The offline shell
 * (index.html, served by the service worker) carries none: the app renders into its #root.
 *
 * The query cache kept from the last visit (src/shared/query-persist.ts: the last cart, queued
 * cart changes, catalogue lists) is loaded after hydration, so it neither weighs on the first
 * download nor changes what React hydrates; the offline shell, which hydrates nothing, waits for
 * it so its first screen already shows the last cart.
 */
import './shared/styles/tokens.css';
import './shared/styles/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createAppRouter, type AppRouter } from './router';
import { fetchTransport } from './shared/api/client';

// Recovery from a deploy and the install events (shared/pwa/start.ts), fetched beside hydration
// rather than before it; this module's own URL names the build. It is also left on window at
// once, for an error page that comes before the start-up code has arrived (shared/pwa/chunk-reload.ts).
(window as Window & { shopBuild?: string }).shopBuild = import.meta.url;
void import('./shared/pwa/start').then((pwa) => pwa.startInstalledApp(import.meta.url));

/** TanStack Router's bootstrap script of a server render defines this global; the shell has none. */
const serverRendered = '$_TSR' in window;

/** Made in start(). */
let router: AppRouter;

function startPersistence(): Promise<void> {
  return import('./shared/query-persist').then(
    ({ startQueryPersistence }) => startQueryPersistence(router.options.context.queryClient),
    // Without the kept cache the app still works: it just starts from what the server sent.
    () => undefined,
  );
}

/** Starts the kept cache once React has hydrated the server's page (effects run after that). */
function AfterHydration({ children }: { children: ReactNode }) {
  useEffect(() => {
    const timer = window.setTimeout(() => void startPersistence(), 0);
    return () => window.clearTimeout(timer);
  }, []);
  return children;
}

function start() {
  router = createAppRouter({ transport: fetchTransport, wholeDocument: serverRendered, publicUrl: window.location.origin });
  if (serverRendered) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page: a slow phone stays responsive while it hydrates.
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <AfterHydration>
            <RouterClient router={router} />
          </AfterHydration>
        </StrictMode>,
      );
    });
    return;
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // The routes' head() name each page from here on; the shell's own title would stand first.
  document.querySelector('head > title')?.remove();
  void startPersistence().then(() =>
    createRoot(container).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
}

// In a task of its own after the modules' (issue 29): evaluating the framework and the app, then
// making the router and starting the hydration, was one task of 100-150 ms on a 4x slowed phone.
// A task later, nothing typed early is lost: fields keep what was typed into the server's markup,
// and the card fields format it once hydrated (tests/e2e/payments.spec.ts holds the scripts back
// while a card is typed).
window.setTimeout(start, 0);
