import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * Every page navigation is answered with the precached index.html, so the shop opens instantly
 * on a poor signal and at all offline. The API and thumbnails are real server paths, never pages.
 * The shell carries no session props; the app fetches them (src/shared/app-props.ts).
 */
export function registerNavigation(): void {
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('index.html'), {
      // The sitemaps and robots.txt are files a person may open too: the server's, not the app.
      denylist: [/^\/web-api\//, /^\/thumbs\//, /^\/dev\//, /^\/sitemap\.xml$/, /^\/sitemaps\//, /^\/robots\.txt$/],
    }),
  );
}
