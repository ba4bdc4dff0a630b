/// <reference lib="webworker" />
/**
 * The service worker: only wiring. Each concern lives in its own file (precache, navigation, push,
 * runtime caching); vite-plugin-pwa (injectManifest) builds this file to /sw.js.
 */
import { registerPrecache } from './precache';
import { registerNavigation } from './navigation';
import { registerRuntimeCaching, warmSearchLists } from './runtime-caching';
import { registerOutbox } from './outbox-worker';
import { registerPush } from './push';
import { registerCameraAssets } from './camera-assets';

declare let self: ServiceWorkerGlobalScope;

registerPrecache(self.__WB_MANIFEST);
registerNavigation(self);
registerRuntimeCaching();
registerCameraAssets();
warmSearchLists(self);
registerOutbox(self);
registerPush(self);

// The update prompt's Reload button asks the waiting worker to take over (prompt, not auto-update,
// so an update never interrupts a half-filled form).
self.addEventListener('message', (event) => {
  if (event.data && (event.data as { type?: unknown }).type === 'SKIP_WAITING') void self.skipWaiting();
});
