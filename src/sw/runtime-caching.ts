import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';

/** Lists the search forms need, so they work without signal (docs: offline design). */
const SEARCH_LISTS = new Set(['/web-api/products/types.json', '/web-api/products/makes.json', '/web-api/products/models.json']);

export const SEARCH_LISTS_CACHE = 'search-lists';

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
