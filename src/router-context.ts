import type { QueryClient } from '@tanstack/react-query';
import type { Api } from './shared/api/client';

/** What every route's loader, head() and component can read from the router context. */
export interface RouterContext {
  queryClient: QueryClient;
  /** The API, on this router's transport (fetch in the browser, in-process on the server). */
  api: Api;
  /** The session's CSRF token, for <meta name="csrf-token"> (undefined on the offline shell). */
  csrfToken: string | undefined;
  /** The shop's public address without a trailing slash: canonical URLs and structured data. */
  publicUrl: string;
  /**
   * true when the root route draws the whole document (<html> down to the scripts): a server
   * render and its hydration. false on the offline shell, whose document is index.html.
   */
  wholeDocument: boolean;
}
