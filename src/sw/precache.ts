import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';

/**
 * Precaches the built shell (index.html, hashed assets, icons, manifest) and drops caches of old
 * builds. No page address is answered from here: '/' is not index.html's directory index, nor
 * '/x' a clean URL of 'x.html', since every page comes from the server first (navigation.ts),
 * and the shell only when there is neither network nor a copy of the page.
 */
export function registerPrecache(manifest: (string | PrecacheEntry)[]): void {
  precacheAndRoute(manifest, { directoryIndex: '', cleanURLs: false });
  cleanupOutdatedCaches();
}
