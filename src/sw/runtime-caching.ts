import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { API_BASE } from '../contract/http';
import { CATALOGUE_ANSWERS_CACHE, FETCHED_AT_HEADER } from '../contract/offline';
import { registerViewedImages } from './viewed-images';

/** Lists the search forms need, so they work without signal (docs: offline design). */
const SEARCH_LISTS = new Set([`${API_BASE}/products/types.json`, `${API_BASE}/products/makes.json`, `${API_BASE}/products/models.json`]);

export const SEARCH_LISTS_CACHE = 'search-lists';

/** Fetched into the cache when the worker installs (models depend on a make: cached as used). */
const WARM_SEARCH_LISTS = [`${API_BASE}/products/types.json`, `${API_BASE}/products/makes.json`];

/** How old the kept lists may grow before a page opened with signal refreshes them all. */
const LISTS_REFRESH_MS = 12 * 60 * 60 * 1000;

/**
 * The catalogue reads a search or a listing page makes (issue 16: "search results and listings
 * viewed recently open offline"): the search and what its no-results flow shows, the listings and
 * their filters, the category menu and texts, reviews and the product pages' content texts.
 * Public answers (catalogue reads never touch the session), so one copy serves every visitor of
 * this phone. The part page's own data is kept by the page in IndexedDB (src/shared/offline).
 */
const CATALOGUE_ANSWERS = [
  /^\/products\/part-search\.json$/,
  /^\/products\/follow-search\.json$/,
  /^\/products\/recent-stock\.json$/,
  /^\/products\/get-list\/\d+\.json$/,
  /^\/products\/get-badge-list\/\d+\.json$/,
  /^\/products\/listing-filters\.json$/,
  /^\/product-categories\/(menu|info)\.json$/,
  /^\/product-reviews\/getList\.json$/,
  /^\/content-pages\/[^/]+\.json$/,
];

/** A search answer normally comes well inside a second; past this the kept copy answers. */
const ANSWER_TIMEOUT_SECONDS = 2;

/** Kept answers: recent enough to be worth showing, few enough to stay small. */
const ANSWERS_KEPT = 150;
const ANSWERS_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;

/** Only a successful answer is worth keeping ('the last search answered' must not be an error). */
const onlySuccess: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
};

/**
 * The kept copy remembers when it was fetched, for the offline notice's 'as of'. The server's
 * Date header would do while it is there, but a copy revalidated from the browser's HTTP cache
 * can carry an older one; the worker's own clock says when the phone last had this answer.
 */
const stampFetchedAt: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    const headers = new Headers(response.headers);
    headers.set(FETCHED_AT_HEADER, new Date().toISOString());
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  },
};

function isCatalogueAnswer(url: URL): boolean {
  if (!url.pathname.startsWith(`${API_BASE}/`)) return false;
  const path = url.pathname.slice(API_BASE.length);
  return CATALOGUE_ANSWERS.some((pattern) => pattern.test(path));
}

/**
 * Part types and models: answered from the cache at once and refreshed in the background.
 * models.json varies by its make query, so each make opened is its own entry. No age limit: with
 * no signal an old list still works the search forms, and with signal it is refreshed on use and
 * every 12 hours (refreshSearchLists).
 *
 * Search and listing answers: network first, so with signal the person sees what is in stock
 * now; without signal (or past 2 s) the copy kept, stamped with when it was fetched.
 *
 * Product pictures: those of viewed parts and of cards seen lately (viewed-images.ts).
 */
export function registerRuntimeCaching(): void {
  registerViewedImages();
  registerRoute(
    ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && SEARCH_LISTS.has(url.pathname),
    new StaleWhileRevalidate({
      cacheName: SEARCH_LISTS_CACHE,
      plugins: [new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
    }),
  );
  registerRoute(
    ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isCatalogueAnswer(url),
    new NetworkFirst({
      cacheName: CATALOGUE_ANSWERS_CACHE,
      networkTimeoutSeconds: ANSWER_TIMEOUT_SECONDS,
      plugins: [onlySuccess, stampFetchedAt, new ExpirationPlugin({ maxEntries: ANSWERS_KEPT, maxAgeSeconds: ANSWERS_MAX_AGE_SECONDS, purgeOnQuotaError: true })],
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
  refreshSearchLists(scope);
}

/** When this worker last refreshed the lists (a worker restarted refreshes once more at most). */
let listsRefreshedAt = 0;

/**
 * Pages are drawn by the server with the part types in them, so with signal the page may not ask
 * for the kept lists for weeks. Each page opened with signal lets the worker refresh every list it
 * keeps (part types, makes and the models of each make opened) when they are older than 12 hours,
 * in the background: the page's own answer never waits for it.
 */
function refreshSearchLists(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('fetch', (event) => {
    if (event.request.mode !== 'navigate' || !navigator.onLine) return;
    const now = Date.now();
    if (now - listsRefreshedAt < LISTS_REFRESH_MS) return;
    listsRefreshedAt = now;
    event.waitUntil(refreshKeptLists(now).catch(() => undefined));
  });
}

async function refreshKeptLists(now: number): Promise<void> {
  const cache = await caches.open(SEARCH_LISTS_CACHE);
  const kept = await cache.keys();
  const types = await cache.match(WARM_SEARCH_LISTS[0] ?? '');
  const keptAt = Date.parse(types?.headers.get('date') ?? '');
  if (!Number.isNaN(keptAt) && now - keptAt < LISTS_REFRESH_MS) return;
  const urls = new Set([...WARM_SEARCH_LISTS.map((path) => new URL(path, self.location.origin).href), ...kept.map((request) => request.url)]);
  await Promise.all(
    [...urls].map(async (url) => {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (response.ok) await cache.put(url, response);
    }),
  );
}
