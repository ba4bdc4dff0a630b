import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { CartSidebarHost } from '../features/cart/components/cart-sidebar-host';
import { NotFoundPage } from '../features/layout/components/not-found-page';
import { SiteFooter } from '../features/layout/components/site-footer';
import { SiteHeader } from '../features/layout/components/site-header';
import { SkipLink } from '../features/layout/components/skip-link';
import { OfflineIndicator } from '../shared/pwa/offline-indicator';
import { BrowserOnly } from '../shared/ui/browser-only';
import styles from '../shared/ui/layout.module.css';

// Neither toasts nor the service worker are needed for the first paint: their code loads after it,
// so registering the worker does not compete with the page for a weak signal.
const Toaster = lazy(() => import('../shared/ui/toaster').then((module) => ({ default: module.Toaster })));
const UpdatePrompt = lazy(() => import('../shared/pwa/update-prompt').then((module) => ({ default: module.UpdatePrompt })));

interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

/** The frame every page slots into: header, the page in <main>, footer, and app-wide notices. */
function RootLayout() {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <OfflineIndicator />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <SiteFooter />
      <CartSidebarHost />
      {/* Browser-only extras: never in the server's first paint, so hydration finds what it drew. */}
      <BrowserOnly>
        <Suspense fallback={null}>
          <Toaster />
          <UpdatePrompt />
        </Suspense>
      </BrowserOnly>
    </>
  );
}
