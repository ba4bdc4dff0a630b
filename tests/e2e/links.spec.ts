import { expect, test } from './fixtures';

// Every link in the shop leads somewhere real: starting at the home page, follow the same-origin
// <a href> links of each server-rendered page breadth-first (header, footer, menus, content pages,
// jobs, blog, listings, parts, vehicles) and ask for each page with the browser's own request
// context (its session cookie; no full navigation per page, to keep it fast). None may answer 404
// or 5xx. Links that change state or are not pages are not followed. Pages that differ only by ids
// or query values are sampled a few at a time, so the crawl reaches every kind of page within its
// bound. One project only: the HTML is the same at every width.

/** How many pages the crawl asks for at most. */
const MAX_PAGES = 150;
/** How many pages of one shape (same first segment, depth and query keys; a static page is its own) are followed. */
const PER_SHAPE = 4;

/** A part and a vehicle product of the default catalogue (docs/demo-data.md), in case no listing links one. */
const PART = '/product/ford/focus/alternator/P0012001';
const VEHICLE = '/product/2019-audi-a4-b9-1-4-tfsi-saloon-4';

/** Not pages, or pages whose request changes something (signing out, adding to the cart, unsubscribing). */
const NOT_FOLLOWED = [/^\/web-api(\/|$)/, /^\/logout\b/, /^\/cart\/add\//, /^\/alerts\/unsubscribe\//, /^\/thumbs\//, /^\/blog-images\//, /^\/dev(\/|$)/, /\.(pdf|png|jpe?g|webp|svg|xml|txt|json|webmanifest)$/];

function shapeOf(url: URL): string {
  const segments = url.pathname.split('/').filter(Boolean);
  // The static pages are few and each different: every one is checked.
  if (segments[0] === 'page') return url.pathname;
  return `${segments[0] ?? ''}/${segments.length}?${[...url.searchParams.keys()].sort().join('&')}`;
}

function linksOf(html: string, base: URL): URL[] {
  const found: URL[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/gi)) {
    const href = (match[1] ?? '').replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"');
    if (!href || href.startsWith('#') || /^(mailto|tel|javascript|sms):/i.test(href)) continue;
    const url = new URL(href, base);
    if (url.origin !== base.origin) continue;
    url.hash = '';
    found.push(url);
  }
  return found;
}

test('every page reachable from the home page answers, with no 404 and no server error @phone', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  // A real visit first, so the crawl carries the visitor's session as the browser would.
  await page.goto('/');
  const origin = new URL(baseURL!);
  const queue: URL[] = [new URL('/', origin)];
  const seen = new Set<string>(['/']);
  const shapes = new Map<string, number>();
  const failures: string[] = [];
  const visited: string[] = [];
  const linkedFrom = new Map<string, string>();

  const enqueue = (url: URL, from: string) => {
    const key = url.pathname + url.search;
    if (seen.has(key) || NOT_FOLLOWED.some((pattern) => pattern.test(url.pathname))) return;
    const shape = shapeOf(url);
    const count = shapes.get(shape) ?? 0;
    if (count >= PER_SHAPE) return;
    shapes.set(shape, count + 1);
    seen.add(key);
    linkedFrom.set(key, from);
    queue.push(url);
  };

  let extrasAdded = false;
  while (visited.length < MAX_PAGES) {
    const url = queue.shift();
    if (!url) {
      if (extrasAdded) break;
      // A part and a vehicle page are always checked, found by a link or not.
      extrasAdded = true;
      for (const path of [PART, VEHICLE]) enqueue(new URL(path, origin), '(always checked)');
      continue;
    }
    const key = url.pathname + url.search;
    const response = await page.request.get(url.toString(), { headers: { Accept: 'text/html' }, maxRedirects: 5 });
    visited.push(key);
    if (response.status() === 404 || response.status() >= 500) failures.push(`${response.status()} ${key} (linked from ${linkedFrom.get(key) ?? 'start'})`);
    if (!(response.headers()['content-type'] ?? '').includes('text/html')) continue;
    for (const link of linksOf(await response.text(), url)) enqueue(link, key);
  }

  test.info().annotations.push({ type: 'pages checked', description: visited.join(' ') });
  expect(failures).toEqual([]);
  // The crawl reached every kind of page this check is for.
  const reached = (pattern: RegExp) => visited.some((path) => pattern.test(path));
  for (const pattern of [
    /^\/jobs$/,
    /^\/job\/\d+$/,
    /^\/blog$/,
    /^\/blog\/(?!tag\/)[a-z0-9-]+$/,
    /^\/blog\/tag\/[a-z0-9-]+$/,
    /^\/page\/product-returns$/,
    /^\/page\/about$/,
    /^\/page\/terms$/,
    /^\/page\/privacy$/,
    /^\/page\/cookies$/,
    /^\/page\/contact$/,
    /^\/category\/\d+/,
    /^\/product\/[^/]+\/[^/]+\/[^/]+\/[A-Za-z0-9-]+$/,
    /^\/product\/[a-z0-9-]+$/,
    /^\/loyalty-program$/,
  ]) {
    expect(reached(pattern), `a page matching ${pattern} was checked`).toBe(true);
  }
  expect(visited.length).toBeGreaterThan(30);
});
