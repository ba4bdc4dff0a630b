/**
 * Where the session's CSRF token is read from, in order: the readable cookie the server sets, the
 * <meta name="csrf-token"> of the HTML it served, and last the token returned by getAppProps (for
 * a page started from the service worker's cached shell, which carries no meta tag).
 */
import { CSRF_META_NAME } from '../../contract/http';

const COOKIE_NAMES = [CSRF_META_NAME, `__Host-${CSRF_META_NAME}`];

let refreshedToken: string | undefined;

/** Remembers the token from a getAppProps answer. */
export function rememberCsrfToken(token: string): void {
  refreshedToken = token;
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function readCsrfToken(): string | undefined {
  for (const name of COOKIE_NAMES) {
    const value = readCookie(name);
    if (value) return value;
  }
  const meta = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>(`meta[name="${CSRF_META_NAME}"]`);
  return meta?.content || refreshedToken;
}
