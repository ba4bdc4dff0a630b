import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './route-tree.gen';
import { PagePending } from './shared/ui/page-pending';
import { RouteError } from './shared/ui/route-error';

/**
 * `history`: the browser's by default; the server's first paint passes a memory history, and
 * renders without scroll restoration, whose inline script the page's CSP would refuse (the
 * browser restores scroll itself once hydrated).
 */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history, scrollRestoration: false } : { scrollRestoration: true }),
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders only fill the React Query cache, which decides freshness itself.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PagePending,
    defaultErrorComponent: RouteError,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
