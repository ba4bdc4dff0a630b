import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';

/** Precaches the built shell (index.html, hashed assets, icons, manifest) and drops caches of old builds. */
export function registerPrecache(manifest: (string | PrecacheEntry)[]): void {
  precacheAndRoute(manifest);
  cleanupOutdatedCaches();
}
