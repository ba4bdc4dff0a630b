import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';

export const CAMERA_CACHE = 'camera';

/**
 * Issue 31: the camera's reading engines (the tesseract.js worker, its WebAssembly core, the
 * English model, ZXing's reader; scripts/camera-assets.ts) are no part of the install: some
 * 15 MB a visitor who never uses the camera should not download. The first use fetches them
 * from the shop, and from then on they come from here, with or without signal. Their folder is
 * named by the hash of their contents, so a kept file is never stale: cache first, and a new
 * build's folder simply replaces the old one's files as they age out of the few kept.
 */
export function registerCameraAssets(): void {
  const onlySuccess: WorkboxPlugin = {
    cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
  };
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/camera/'),
    new CacheFirst({
      cacheName: CAMERA_CACHE,
      // The worker's files of two builds at most (six files each).
      plugins: [onlySuccess, new ExpirationPlugin({ maxEntries: 12, purgeOnQuotaError: true })],
    }),
  );
}
