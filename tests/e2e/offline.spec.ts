import { expect, test, type Page } from './fixtures';
import type { getPartPage } from '../../src/contract/catalogue';
import type { CallResponse } from '../../src/contract/define';
import { formatMoney, grossFromNet } from '../../src/domain/money';
import { WITH_SERVICE_WORKER } from './browsers';

// About the service worker (offline use, its caches, installing, push): it runs here (the config blocks it elsewhere).
test.use(WITH_SERVICE_WORKER);

// The installed shop's page navigations (src/sw/navigation.ts): network first, so a visitor with
// signal gets the page the server rendered; without signal, the last copy of a page seen before;
// for a page never seen, the offline shell, which the browser renders itself.

const ALTERNATOR = '/product/ford/focus/alternator/P0012001';
/** A demo part this spec never opens before the signal goes. */
const SOLD_ALTERNATOR = '/product/ford/focus/alternator/P0012008';
/** No such part: the server answers its not-found page with 404. */
const UNKNOWN_PART = '/product/ford/focus/alternator/P0099999';

/** The text of a page's h1 as the HTML carries it (React may split it with comment markers). */
function headingOf(html: string): string | undefined {
  return /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]*>/g, '');
}

async function workerActive(page: Page) {
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
}

/** Whether the worker keeps a copy of this page (its runtime cache of pages). */
async function keptCopy(page: Page, path: string): Promise<boolean> {
  return page.evaluate(async (url) => Boolean(await (await caches.open('pages')).match(url)), new URL(path, page.url()).href);
}

test('a part page seen once opens again without signal; a page never seen opens the offline shell', async ({ page, context }) => {
  const part = ((await (await page.request.get('/web-api/products/part/P0012001.json')).json()) as CallResponse<typeof getPartPage>).product;

  // One visit: the page is drawn by the server before any worker exists; the worker, once
  // active, fetches a copy of the page that installed it.
  await page.goto(ALTERNATOR);
  await workerActive(page);
  await expect.poll(() => keptCopy(page, ALTERNATOR)).toBe(true);

  // A page the server answers with 404 is never kept as "the last copy".
  const missing = await page.goto(UNKNOWN_PART);
  expect(missing?.status()).toBe(404);
  expect(missing?.fromServiceWorker()).toBe(true);
  expect(await keptCopy(page, UNKNOWN_PART)).toBe(false);

  await context.setOffline(true);
  try {
    const again = await page.goto(ALTERNATOR);
    expect(again?.fromServiceWorker()).toBe(true);
    expect(await again?.text()).toContain('Ford Focus Alternator');
    await expect(page.getByRole('heading', { level: 1, name: 'Ford Focus Alternator' })).toBeVisible();
    await expect(page.getByTestId('price-gross')).toContainText(formatMoney(grossFromNet(part.Price)));

    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Ford Focus Alternator' })).toBeVisible();

    // Never seen: the shell, with no server render in it (an empty #root the app draws into).
    const unseen = await page.goto(SOLD_ALTERNATOR);
    expect(unseen?.fromServiceWorker()).toBe(true);
    const shell = (await unseen?.text()) ?? '';
    expect(shell).toMatch(/<div id="root"><\/div>/);
    expect(shell).not.toContain('Ford Focus Alternator');

    // The 404 seen online was not kept either: the shell again.
    expect(await (await page.goto(UNKNOWN_PART))?.text()).toMatch(/<div id="root"><\/div>/);

    // The home page was never opened in this visit: the shell draws a working search screen,
    // its part types from the worker's cache.
    const home = await page.goto('/');
    expect(await home?.text()).toMatch(/<div id="root"><\/div>/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('combobox', { name: /part type/i }).first().locator('option').nth(150)).toBeAttached();
  } finally {
    await context.setOffline(false);
  }
});

test('with signal, a page navigation answered through the service worker is the server render', async ({ page }) => {
  await page.goto('/');
  await workerActive(page);
  // The worker now controls every page load of this origin: a part page's answer passes through
  // it and is still the server's HTML, the part drawn in it.
  const answer = await page.goto(ALTERNATOR);
  expect(answer?.status()).toBe(200);
  expect(answer?.fromServiceWorker()).toBe(true);
  const html = (await answer?.text()) ?? '';
  expect(headingOf(html)).toBe('Ford Focus Alternator');
  expect(html).not.toMatch(/<div id="root"><\/div>/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ford Focus Alternator' })).toBeVisible();
  expect(await keptCopy(page, ALTERNATOR)).toBe(true);
});
