/**
 * The app's router, made by one factory for the server render (one per request) and the browser
 * (one per page): each call makes its own QueryClient, so one visitor's data can never end up in
 * another's page. TanStack's router–query integration dehydrates what the loaders fetched into
 * the page and hydrates it in the browser, so what the server rendered is what hydrates.
 */
import { createRouter } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import type { AppProps } from './contract/app-props';
import type { ApiTransport } from './contract/render';
import type { RouterContext } from './router-context';
import { routeTree } from './route-tree.gen';
import { apiOf, bindTransport } from './shared/api/client';
import { appPropsQueryOptions } from './shared/app-props';
import { createQueryClient } from './shared/query-client';
import { PagePending } from './shared/ui/page-pending';
import { RouteError } from './shared/ui/route-error';

/** What a server render knows and hands over to the page it renders. */
interface PageFacts {
  csrfToken: string | undefined;
  publicUrl: string;
}

export interface AppRouterOptions {
  transport: ApiTransport;
  wholeDocument: boolean;
  /** The visitor's app props, known to the server; the browser has them from the dehydrated cache. */
  appProps?: AppProps | undefined;
  csrfToken?: string | undefined;
  publicUrl: string;
  /** The CSP nonce every inline script of a server render carries. */
  nonce?: string | undefined;
}

export function createAppRouter({ transport, wholeDocument, appProps, csrfToken, publicUrl, nonce }: AppRouterOptions) {
  const queryClient = createQueryClient();
  // On the server a failed call is the page's answer (an error page, a 404): retrying would only
  // hold the page back.
  if (typeof document === 'undefined') queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  bindTransport(queryClient, transport);
  if (appProps) queryClient.setQueryData(appPropsQueryOptions().queryKey, appProps);
  const context: RouterContext = { queryClient, api: apiOf(queryClient), csrfToken, publicUrl, wholeDocument };
  const router = createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Loaders only fill the React Query cache, which decides freshness itself.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PagePending,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
    ...(nonce ? { ssr: { nonce } } : {}),
    // The page facts travel with the dehydrated router, so head() draws the same tags while the
    // browser hydrates as it did on the server.
    dehydrate: (): { page: PageFacts } => ({ page: { csrfToken, publicUrl } }),
    hydrate: (dehydrated: { page: PageFacts }) => {
      router.update({ ...router.options, context: { ...router.options.context, ...dehydrated.page } });
    },
  });
  setupRouterSsrQueryIntegration({ router, queryClient });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
