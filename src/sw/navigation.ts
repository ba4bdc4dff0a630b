import { ExpirationPlugin } from 'workbox-expiration';
import { matchPrecache } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';

/** The last copy of each page the visitor opened, for when the signal is gone. */
export const PAGES_CACHE = 'pages';

/** Past this, a page already seen answers from its last copy (the network keeps filling the cache). */
const NETWORK_TIMEOUT_SECONDS = 3;

/** The app shell: precached, carries no server payload, and the client renders it from scratch. */
const OFFLINE_SHELL = 'index.html';

/**
 * The server's own paths, never pages: the API, thumbnails, developer pages, sitemaps, robots.txt,
 * and the back office (/admin), whose staff screens go to the network every time and are never kept.
 */
const NOT_PAGES = [/^\/web-api\//, /^\/admin(\/|$)/, /^\/thumbs\//, /^\/dev\//, /^\/sitemap\.xml$/, /^\/sitemaps\//, /^\/robots\.txt$/];

/**
 * Only a whole page is worth keeping as "the last copy": a 200 HTML answer. A not-found or error
 * page, or a redirect's end (which a navigation may not be answered with), is never kept.
 */
const onlyWholePages: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 && !response.redirected && (response.headers.get('content-type') ?? '').startsWith('text/html') ? response : null,
};

/** No network and no copy of this page: the offline shell, which still opens every screen. */
const offlineShell: WorkboxPlugin = {
  handlerDidError: async () => (await matchPrecache(OFFLINE_SHELL)) ?? Response.error(),
};

/**
 * Network first, so a visitor with signal gets the page the server rendered; after 3 s without an
 * answer, or with no network, the last copy of that page; with neither, the offline shell. A slow
 * network and no copy keep waiting for the network: the shell would fetch its data over the same
 * slow network.
 */
const keptPages = new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 30 * 24 * 60 * 60 });
const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [onlyWholePages, keptPages, offlineShell],
});

function isPage(url: URL): boolean {
  return !NOT_PAGES.some((pattern) => pattern.test(url.pathname));
}

export function registerNavigation(scope: ServiceWorkerGlobalScope): void {
  registerRoute(new NavigationRoute(pages, { denylist: NOT_PAGES }));
  scope.addEventListener('activate', (event) => {
    event.waitUntil(
      Promise.all([
        // The page's request starts while the worker itself starts up, so going to the network
        // first costs no wait on the worker (NetworkFirst answers with the preloaded response).
        scope.registration.navigationPreload.enable().catch(() => undefined),
        // Copies kept by an earlier worker name that build's scripts and styles, which the new
        // precache and the server no longer have: they go, and the open pages are kept anew.
        keptPages.deleteCacheAndMetadata().then(() => keepOpenPages(scope, event)),
      ]),
    );
  });
}

/**
 * The page that installed the worker was loaded before the worker existed, so nothing kept it:
 * each open page is fetched once more through the strategy, and a reload without signal finds it.
 */
async function keepOpenPages(scope: ServiceWorkerGlobalScope, event: ExtendableEvent): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const urls = new Set(windows.map((client) => new URL(client.url)).filter((url) => url.origin === scope.location.origin && isPage(url)).map((url) => url.href));
  await Promise.all(
    [...urls].map(async (url) => {
      // handleAll's second promise settles once the copy is written.
      const [, written] = pages.handleAll({ event, request: new Request(url, { headers: { Accept: 'text/html' }, credentials: 'same-origin' }) });
      await written.catch(() => undefined);
    }),
  );
}
