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

/**
 * The first of `names` the cookie string holds. document.cookie is read once: in Chromium each read
 * asks the browser process for the string, and the query persister reads the token at every
 * snapshot (on a 4x slowed phone two reads per call showed up in the checkout's load, issue 29).
 */
function readCookie(names: readonly string[]): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const found = new Map<string, string>();
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key && names.includes(key) && !found.has(key)) found.set(key, rest.join('='));
  }
  for (const name of names) {
    const value = found.get(name);
    if (value) return decodeURIComponent(value);
  }
  return undefined;
}

export function readCsrfToken(): string | undefined {
  const value = readCookie(COOKIE_NAMES);
  if (value) return value;
  const meta = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>(`meta[name="${CSRF_META_NAME}"]`);
  return meta?.content || refreshedToken;
}
