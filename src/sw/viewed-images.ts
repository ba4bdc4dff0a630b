import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import type { RouteHandlerCallbackOptions, WorkboxPlugin } from 'workbox-core/types';
import { CARD_IMAGES_CACHE, VIEWED_IMAGES_CACHE } from '../contract/offline';
import { THUMBS_PATH } from '../domain/thumbs';

/** Card pictures of the results and listings seen lately, so those open offline with their pictures. */
const CARDS_KEPT = 300;

const onlySuccess: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
};

const cardImages = new StaleWhileRevalidate({
  cacheName: CARD_IMAGES_CACHE,
  plugins: [onlySuccess, new ExpirationPlugin({ maxEntries: CARDS_KEPT, maxAgeSeconds: 14 * 24 * 60 * 60, purgeOnQuotaError: true })],
});

/**
 * Product pictures (/thumbs/…). A picture of a part the visitor viewed is answered from the cache
 * the page filled with it (src/shared/offline/viewed-store.ts, evicted with its part), at once and
 * with or without signal: its URL carries the picture's version, so it never changes. Card
 * pictures are kept as the results and listings show them; any other picture goes to the network.
 */
async function answerPicture(options: RouteHandlerCallbackOptions): Promise<Response> {
  const request = options.request instanceof Request ? options.request : new Request(options.request);
  // The page stored them with its own fetch; an <img> asks with other Accept headers.
  const viewed = await caches.match(request, { cacheName: VIEWED_IMAGES_CACHE, ignoreVary: true });
  if (viewed) return viewed;
  const size = options.url.searchParams.get('size') ?? 'card';
  if (size === 'card') return cardImages.handle(options);
  return fetch(request);
}

export function registerViewedImages(): void {
  registerRoute(({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && url.pathname.startsWith(THUMBS_PATH), answerPicture);
}
