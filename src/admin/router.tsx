/**
 * The back office's router: its own route tree (file routes in src/admin/routes, generated into
 * route-tree.gen.ts), under the basepath /admin, drawn in the browser only. Loaders fill the
 * QueryClient in its context; components read the same queryOptions.
 */
import { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { isApiError } from './api';
import { routeTree } from './route-tree.gen';
import { RouteError, RoutePending } from './ui/route-states';

/** Retry a dropped connection or a server failure; never what the server refused on purpose. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.kind !== 'network' && error.status < 500) return false;
  return failureCount < 2;
}

export function createAdminRouter() {
  const queryClient = new QueryClient({
    // Staff act on what they see: data is fetched again when a screen opens or the window is back.
    defaultOptions: { queries: { staleTime: 10_000, retry: shouldRetry }, mutations: { retry: false } },
  });
  return createRouter({
    routeTree,
    basepath: '/admin',
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  });
}

export type AdminRouter = ReturnType<typeof createAdminRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AdminRouter;
  }
}
