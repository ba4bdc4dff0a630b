/**
 * The server render: what the render entry (src/entry-server.tsx, built by `vite build --ssr` into
 * dist/server/entry-server.js) and the storefront module of the server agree on. The server hands
 * the entry a web Request and what only it knows (the visitor's app props and CSRF token, the CSP
 * nonce, the page's scripts and styles, and a transport that answers API calls in-process); the
 * entry answers with a web Response (status, headers and the streamed HTML).
 */
import type { AppProps } from './app-props';
import type { HttpMethod } from './define';

/** File name of the render entry inside its build folder (dist/server). */
export const RENDER_ENTRY_FILE = 'entry-server.js';

/** One API call as the client sends it. */
export interface ApiRequest {
  method: HttpMethod;
  /** The call's path template as the contract writes it, e.g. '/products/part/:tag.json'. */
  path: string;
  /** Where the path lives: '/web-api', or '' for the calls outside it. */
  base: string;
  /** The path's parameters, by name. */
  params: Record<string, string | number> | undefined;
  /** The query string as the browser would send it ('' or '?a=1&b=2'). */
  search: string;
  body: unknown;
  headers: Record<string, string>;
  signal: AbortSignal | undefined;
}

/** What came back: the HTTP status and the JSON answer (undefined when there was none). */
export interface ApiAnswer {
  status: number;
  json: unknown;
}

/**
 * How the API client reaches the server: fetch in the browser; on the server, the call's own
 * route handler run in the same process (server/http/call-runner.ts).
 */
export type ApiTransport = (request: ApiRequest) => Promise<ApiAnswer>;

/** The built client's files a page needs, as URLs. */
export interface PageAssets {
  /** Module scripts to run, in order (the client entry). */
  scripts: string[];
  /** Modules the entry imports, fetched in parallel (modulepreload). */
  preloads: string[];
  stylesheets: string[];
  /** Inline module scripts before the entry (Vite's React refresh preamble while developing). */
  inlineModules: string[];
}

export interface RenderInput {
  request: Request;
  api: ApiTransport;
  appProps: AppProps;
  csrfToken: string;
  /** The CSP nonce of this response: every inline script the render writes carries it. */
  nonce: string;
  assets: PageAssets;
  /** The shop's public address without a trailing slash (canonical URLs, structured data). */
  publicUrl: string;
}

export interface RenderEntry {
  /** The page for the request: 200, 404 (not-found page) or 500 (error page), streamed. */
  render(input: RenderInput): Promise<Response>;
}
