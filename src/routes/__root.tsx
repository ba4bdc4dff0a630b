import { createRootRouteWithContext, HeadContent, Outlet, Scripts } from '@tanstack/react-router';
import { memo, Suspense, type ReactNode } from 'react';
import { CSRF_META_NAME } from '../contract/http';
import { CartSidebarHost } from '../features/cart/components/cart-sidebar-host';
import { NotFoundPage } from '../features/layout/components/not-found-page';
import { SiteFooter } from '../features/layout/components/site-footer';
import { SiteHeader } from '../features/layout/components/site-header';
import { SkipLink } from '../features/layout/components/skip-link';
import type { RouterContext } from '../router-context';
import { ConsentHost } from '../shared/consent/consent-host';
import { shopHead } from '../shared/head';
import { useHydrated } from '../shared/hooks/use-hydrated';
import { OfflineIndicator } from '../shared/pwa/offline-indicator';
import { BrowserOnly } from '../shared/ui/browser-only';
import { HydrateLater } from '../shared/ui/hydrate-later';
import styles from '../shared/ui/layout.module.css';
import { lazyWhenOnline } from '../shared/lazy-when-online';

// Neither toasts nor the service worker are needed for the first paint: their code loads after it,
// so registering the worker does not compete with the page for a weak signal.
const Toaster = lazyWhenOnline(() => import('../shared/ui/toaster').then((module) => ({ default: module.Toaster })));
const PwaExtras = lazyWhenOnline(() => import('../shared/pwa/pwa-extras').then((module) => ({ default: module.PwaExtras })));
const OutboxHost = lazyWhenOnline(() => import('../shared/outbox/outbox-host'));

/** Below every page: it hydrates after the page, when it nears the screen or the browser is idle (issue 29). */
const findFooter = () => document.querySelector('#root > footer');
const LaterFooter = memo(function LaterFooter() {
  return (
    <HydrateLater find={findFooter}>
      <SiteFooter />
    </HydrateLater>
  );
});

export const Route = createRootRouteWithContext<RouterContext>()({
  // The shop's own tags and the defaults every page starts from; a page's head() replaces the
  // title, description and canonical with its own. The CSRF token goes out in a meta tag too.
  head: ({ match, matches }) => {
    const { csrfToken } = match.context;
    const notFound = matches.some((each) => each.status === 'notFound' || each._notFound === true);
    const head = shopHead({ notFound });
    return { ...head, meta: [...head.meta, ...(csrfToken ? [{ name: CSRF_META_NAME, content: csrfToken }] : [])] };
  },
  component: RootDocument,
  notFoundComponent: NotFoundPage,
});

/**
 * The whole document on a server render and its hydration (head tags from the routes' head(), the
 * page, the scripts); on the offline shell, whose document is index.html, only the page.
 */
function RootDocument() {
  const { wholeDocument } = Route.useRouteContext();
  if (!wholeDocument) {
    return (
      <>
        <HeadContent />
        <RootLayout />
      </>
    );
  }
  return (
    <html lang="en-GB">
      <head>
        <HeadContent />
      </head>
      <body>
        <PageRoot>
          <RootLayout />
        </PageRoot>
        <noscript>PartsFinder UK needs JavaScript to search for parts. Please turn it on and reload the page.</noscript>
        <Scripts />
      </body>
    </html>
  );
}

/**
 * #root. Until React has taken over the server's markup its controls do nothing: they say so
 * (aria-disabled, which assistive technology announces and Playwright's actions wait for). The
 * page comes in as children, so the change after hydration updates this one element only.
 */
function PageRoot({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <div id="root" aria-disabled={hydrated ? undefined : true}>
      {children}
    </div>
  );
}

/** The frame every page slots into: header, the page in <main>, footer, and app-wide notices. */
function RootLayout() {
  return (
    <>
      <SkipLink />
      {/* Before the header: the first stop after the skip link, and in the flow, covering nothing. */}
      <ConsentHost />
      <SiteHeader />
      <OfflineIndicator />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <LaterFooter />
      <CartSidebarHost />
      {/* Browser-only extras: never in the server render, so hydration finds what it drew. */}
      <BrowserOnly>
        <Suspense fallback={null}>
          <Toaster />
          <PwaExtras />
          <OutboxHost />
        </Suspense>
      </BrowserOnly>
    </>
  );
}
