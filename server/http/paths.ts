import { API_BASE } from '../../src/contract/define';

/** The path of a request URL without its query string. */
export const pathnameOf = (url: string): string => url.split('?', 1)[0] ?? url;

export const isApiPath = (pathname: string): boolean => pathname === API_BASE || pathname.startsWith(`${API_BASE}/`);

/**
 * Whether the last segment names a file ('/assets/app-1a2b.js', '/foo.js'). Storefront paths
 * never do: slugs and tags carry no extension, so such a path gets the SPA, a file path does not.
 */
export const looksLikeFile = (pathname: string): boolean => /\.[A-Za-z0-9]+$/.test(pathname.slice(pathname.lastIndexOf('/') + 1));
