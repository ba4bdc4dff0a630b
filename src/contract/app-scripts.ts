/**
 * When the browser fetches the app's code. A page the server has drawn is complete to look at:
 * its scripts only make it interactive. Fetched at once they compete with the page's main image
 * for a slow signal, and if they arrive first they run before the browser paints at all (a
 * phone's first paint waited ~300 ms for React here). So the built index.html lists the app's
 * scripts as data (APP_SCRIPTS_ELEMENT_ID, written by the build, vite.config.ts) and this small
 * inline script starts them: at once on the plain shell (nothing drawn yet: offline, or the
 * server could not draw); otherwise once the page is on screen, which the browser's paint timing
 * tells (the first contentful paint, and a largest-contentful-paint entry for the page's main
 * image, the one it marks fetchpriority=high; an image that is not the largest thing on screen
 * gets no entry and counts as shown IMAGE_SETTLE_MS after it decoded). A browser without paint
 * timing waits for the image to decode and one frame. START_AFTER_MS caps the wait, so a
 * stalled image cannot keep the page inert.
 *
 * Inline, because a file would be one more request ahead of the paint; the server's CSP allows
 * exactly this text by its hash (server/plugins/security-headers.ts).
 */
export const APP_SCRIPTS_ELEMENT_ID = 'app-scripts';

/** The longest a drawn page waits before its code is fetched anyway. */
export const START_AFTER_MS = 2500;

/** How long after decoding a main image without a paint entry of its own counts as shown. */
export const IMAGE_SETTLE_MS = 250;

// Plain ES2017 (it runs as written, untouched by the build). The first URL is the entry module,
// the rest are its static imports, preloaded in parallel as Vite's own tags would have.
export const START_SCRIPT = `(() => {
  const list = document.getElementById('${APP_SCRIPTS_ELEMENT_ID}');
  if (!list) return;
  const [entry, ...imports] = JSON.parse(list.textContent);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of imports) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  const root = document.getElementById('root');
  if (!root || !root.firstElementChild) return start();
  setTimeout(start, ${START_AFTER_MS});
  const images = Array.from(root.querySelectorAll('img[fetchpriority="high"]'));
  const decoded = (image) => image.decode().catch(() => undefined);
  const types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (!types.includes('paint') || !types.includes('largest-contentful-paint')) {
    Promise.all(images.map(decoded)).then(() => requestAnimationFrame(() => setTimeout(start, 0)));
    return;
  }
  let painted = false;
  const waiting = new Set(images);
  const check = () => {
    if (painted && waiting.size === 0) start();
  };
  new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length > 0) painted = true;
    check();
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) waiting.delete(entry.element);
    check();
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  for (const image of images) {
    decoded(image).then(() => setTimeout(() => {
      waiting.delete(image);
      check();
    }, ${IMAGE_SETTLE_MS}));
  }
})();`;
