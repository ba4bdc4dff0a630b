/**
 * The first paint rendered on the server: what the built client's render bundle
 * (src/entry-server.tsx, built to dist/server) and the storefront pages of the server agree on.
 * The server puts the rendered markup in place of APP_HTML_MARKER inside #root, and the query
 * cache it was rendered from in the QUERY_STATE element, so the browser hydrates the same markup
 * from the same data without asking the API again.
 */
import type { AppProps } from './app-props';

export const APP_HTML_MARKER = '<!--app-html-->';
export const QUERY_STATE_ELEMENT_ID = 'query-state';
/** File name of the render bundle inside its build folder. */
export const FIRST_PAINT_ENTRY = 'entry-server.js';

/** Answers an API request (a path under /web-api with its init) without leaving the process. */
export type InProcessFetch = (url: string, init: RequestInit) => Promise<Response>;

/** The attribute of the QUERY_STATE element that carries the viewport the page was drawn for. */
export const VIEWPORT_ATTRIBUTE = 'data-viewport';

export interface FirstPaintInput {
  /** Path and query of the page, e.g. '/categories?oem=AV6N-10300-GC'. */
  url: string;
  appProps: AppProps;
  /** The server's guess of the screen, from the request's User-Agent. */
  viewport: 'phone' | 'desktop';
}

export interface FirstPaint {
  html: string;
  /** TanStack Query's dehydrated cache (JSON-safe). */
  queryState: unknown;
  /** 404 when the router found no route or a loader said not found; else 200. */
  statusCode: number;
}

export interface FirstPaintModule {
  /** Called once at load: every API call the render makes goes through `fetch`. */
  installTransport(fetch: InProcessFetch): void;
  renderFirstPaint(input: FirstPaintInput): Promise<FirstPaint>;
}
