import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';

/** Lists the search forms need, so they work without signal (docs: offline design). */
const SEARCH_LISTS = new Set(['/web-api/products/types.json', '/web-api/products/makes.json', '/web-api/products/models.json']);

export const SEARCH_LISTS_CACHE = 'search-lists';

/** Fetched into the cache when the worker installs (models depend on a make: cached as used). */
const WARM_SEARCH_LISTS = ['/web-api/products/types.json', '/web-api/products/makes.json'];

/**
 * Part types and models: answered from the cache at once and refreshed in the background.
 * models.json varies by its make query, so each make is its own entry.
 */
export function registerRuntimeCaching(): void {
  registerRoute(
    ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && SEARCH_LISTS.has(url.pathname),
    new StaleWhileRevalidate({
      cacheName: SEARCH_LISTS_CACHE,
      plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 })],
    }),
  );
}

/**
 * The server draws the first paint with the part types already in the page, so an online visit
 * may never ask for them itself; the worker fetches them when it installs, so the search forms
 * still have them the first time the signal is gone. A failure here must not stop the install:
 * the lists then arrive the first time the page asks.
 */
export function warmSearchLists(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('install', (event) => {
    event.waitUntil(
      caches
        .open(SEARCH_LISTS_CACHE)
        .then((cache) => cache.addAll(WARM_SEARCH_LISTS))
        .catch(() => undefined),
    );
  });
}
