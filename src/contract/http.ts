/**
 * The plain facts of the API that the browser needs before any answer is parsed: where the calls
 * live, how a path is filled in, and the CSRF token's names. No schemas here, so the home page's
 * first download can use them without carrying zod (the schemas load with the first request).
 */

export const API_BASE = '/web-api';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The base a call's path is under: /web-api, or '' for a call outside it. */
export const callBase = (call: { base?: '' | undefined }): string => call.base ?? API_BASE;

/** Fills ':name' segments of a call's path with URL-encoded values. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The name of the meta tag and the readable cookie holding the CSRF token. */
export const CSRF_META_NAME = 'csrf-token';
export const CSRF_HEADER = 'x-csrf-token';
