import type { QueryClient } from '@tanstack/react-query';

/** What every back-office route's loader and beforeLoad receive. */
export interface AdminRouterContext {
  queryClient: QueryClient;
}
