import { expect, pageSettled, test, type Page, axeOf, keepScreenshot } from './fixtures';
import type { getPartPage } from '../../src/contract/catalogue';
import type { CallResponse } from '../../src/contract/define';
import { formatDateTime } from '../../src/domain/dates';
import { productPath } from '../../src/domain/urls';
import { WITH_SERVICE_WORKER } from './browsers';

// About the service worker (offline use, its caches, installing, push): it runs here (the config blocks it elsewhere).
test.use(WITH_SERVICE_WORKER);

// Issue 16, "What works offline": the parts, searches and listings a mechanic viewed open again
// without signal, as of when they were fetched; what was never viewed says it needs signal. The
// journeys do not differ by width, so they run once, at 390 px (@phone); the screens are also
// looked at and checked with axe at 1280 px.

const REGISTRATION = 'AB12 CDE';
/** Four Ford Focus right headlights fit AB12 CDE in the demo stock: three are viewed, one is not. */
const PART_TYPE = 'Headlight (Right)';
const OFFLINE_NOTICE = /You are offline — price and availability as of (\d{2}:\d{2} \d{2}\/\d{2}\/\d{2})/;

async function workerActive(page: Page) {
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await axeOf(page).analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(bad.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

interface KeptEntry {
  tag: string;
  fetchedAt: number;
  images: { url: string; bytes: number }[];
}

/** The viewed parts' list as the page keeps it in IndexedDB (src/shared/offline/viewed-store.ts). */
async function keptParts(page: Page): Promise<KeptEntry[]> {
  return page.evaluate(
    () =>
      new Promise<KeptEntry[]>((resolve, reject) => {
        const open = indexedDB.open('shop-viewed-parts');
        // Not there yet: reading must not create it (empty, the page's store could not open it).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve([]) : reject(open.error));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('parts')) return resolve([]);
          const read = db.transaction('parts').objectStore('parts').get('index');
          read.onsuccess = () => resolve((read.result as KeptEntry[] | undefined) ?? []);
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

/** The gallery's main picture has really loaded (from the kept pictures, offline), not the placeholder. */
async function expectGalleryPicture(page: Page) {
  const picture = page.getByRole('button', { name: /^Enlarge photo 1/ }).locator('img');
  await expect(picture).toHaveAttribute('src', /^\/thumbs\/.+size=gallery/);
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
}

test('@phone offline: viewed parts, a search and a listing open as of when fetched; the search screen becomes usable (its time is reported, not asserted); what was never seen needs signal', async ({ page, context }) => {
  // About 45 s alone; slack for a machine shared with other runs.
  test.setTimeout(90_000);
  // --- With signal: visit, search, open three part pages, see a listing.
  await page.goto('/');
  const registration = page.getByLabel('Enter registration');
  await expect(registration).toBeEditable();
  await registration.fill(REGISTRATION);
  await page.getByLabel('Part type', { exact: true }).selectOption({ label: PART_TYPE });
  await page.getByRole('button', { name: 'Find parts' }).click();
  await page.getByRole('dialog', { name: 'Is this your vehicle?' }).getByRole('button', { name: 'Show parts' }).click();
  await expect(page).toHaveURL(/\/categories\?/);
  const resultsUrl = page.url();
  const cards = page.getByRole('list', { name: 'Parts found' }).getByRole('listitem');
  await expect(cards).toHaveCount(4);
  const hrefs = await cards.locator('a[href^="/product/"]').evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href') ?? ''))]);
  expect(hrefs).toHaveLength(4);
  const [first, second, third, unviewed] = hrefs as [string, string, string, string];
  const tagOf = (href: string) => href.split('/').at(-1) ?? '';
  // The worker installed itself meanwhile: from here on it keeps each page opened.
  await workerActive(page);

  for (const href of [first, second, third]) {
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1, name: /Headlight/ })).toBeVisible();
    // Kept with its pictures once the page has shown it. Each picture is fetched in two sizes,
    // which the server draws on first request: on a busy two-core machine that took over 7 s.
    await expect.poll(async () => (await keptParts(page)).find((entry) => entry.tag === tagOf(href))?.images.length ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);
  }
  const kept = await keptParts(page);
  expect(kept.map((entry) => entry.tag).slice(0, 3)).toEqual([third, second, first].map(tagOf));

  // Back to the results (the page the worker keeps), the home page with its strip, and a listing.
  await page.goto(resultsUrl);
  await expect(cards).toHaveCount(4);
  await page.goto('/category/1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const listingCards = await page.locator('main a[href^="/product/"]').count();
  expect(listingCards).toBeGreaterThan(0);
  await page.goto('/');
  await expect(page.getByTestId('recently-viewed').getByRole('listitem')).toHaveCount(3);

  // --- Without signal.
  await context.setOffline(true);
  try {
    // The search screen, reloaded: usable (hydrated, its fields editable). How soon is a budget
    // (1 s), reported here as a figure and measured by the benchmarks, not asserted: on a busy
    // machine a timed assertion fails for reasons that are not the shop's. The page itself marks
    // the first moment nothing is aria-disabled and the registration field takes input.
    await page.addInitScript(() => {
      const usable = () => {
        const field = document.querySelector<HTMLInputElement>('input[name="vrn"]');
        return Boolean(document.getElementById('root') && field && !field.disabled && !field.readOnly && !document.querySelector(':not(button)[aria-disabled="true"]'));
      };
      const observer = new MutationObserver(() => {
        if (!usable()) return;
        (window as unknown as { usableAt?: number }).usableAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { subtree: true, childList: true, attributes: true });
    });
    const reloadStarted = Date.now();
    await page.reload({ waitUntil: 'commit' });
    await expect(page.getByLabel('Enter registration')).toBeEditable();
    await pageSettled(page);
    const usableMs = Math.round(await page.evaluate(() => (window as unknown as { usableAt?: number }).usableAt ?? Number.POSITIVE_INFINITY));
    console.warn(`offline reload of the search screen: the test saw it usable after ${Date.now() - reloadStarted} ms`);
    test.info().annotations.push({ type: 'figure', description: `offline reload of the search screen: usable after ${usableMs} ms` });
    console.warn(`offline reload of the search screen: usable after ${usableMs} ms`);
    expect(Number.isFinite(usableMs), 'the page marked the moment it became usable').toBe(true);
    const strip = page.getByTestId('recently-viewed');
    await expect(strip.getByRole('listitem')).toHaveCount(3);
    await expect.poll(() => strip.locator('img').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth))).toEqual([expect.any(Number), expect.any(Number), expect.any(Number)]);
    expect(await strip.locator('img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0))).toBe(true);
    await expectNoSeriousAxeViolations(page);
    await keepScreenshot(strip, { path: test.info().outputPath('strip-390.png') });

    // The results seen before, reloaded: their parts and the notice.
    await page.goto(resultsUrl);
    await expect(cards).toHaveCount(4);
    await expect(page.getByTestId('offline-notice')).toHaveText(OFFLINE_NOTICE);

    const expectOfflinePart = async (href: string) => {
      await expect(page.getByRole('heading', { level: 1, name: /Headlight/ })).toBeVisible();
      await expectGalleryPicture(page);
      const fetchedAt = (await keptParts(page)).find((entry) => entry.tag === tagOf(href))?.fetchedAt ?? 0;
      await expect(page.getByTestId('offline-notice')).toHaveText(`You are offline — price and availability as of ${formatDateTime(new Date(fetchedAt))}`);
    };

    // 1: a card of the results, opened as a page load (the worker's copy of the page).
    await cards.locator(`a[href="${first}"]`).first().click();
    await expect(page).toHaveURL(first);
    await expectOfflinePart(first);
    await expectNoSeriousAxeViolations(page);
    await keepScreenshot(page, { path: test.info().outputPath('part-offline-390.png'), fullPage: false });

    // 2: from the home page's strip, in the app (its data from IndexedDB, no page load).
    await page.goto('/');
    await page.getByTestId('recently-viewed').locator(`a[href="${second}"]`).click();
    await expect(page).toHaveURL(second);
    await expectOfflinePart(second);

    // 3: a page load the worker has no copy of: the offline shell draws it from IndexedDB.
    await page.evaluate(async (url) => (await caches.open('pages')).delete(url), new URL(third, page.url()).href);
    const shell = await page.goto(third);
    expect(await shell?.text()).toMatch(/<div id="root"><\/div>/);
    await expectOfflinePart(third);

    // Never viewed: it needs signal, and offers the parts that do open.
    await page.goto(unviewed);
    await expect(page.getByRole('heading', { level: 1, name: 'This part needs signal' })).toBeVisible();
    await expect(page.getByTestId('recently-viewed').getByRole('listitem')).toHaveCount(3);
    await expectNoSeriousAxeViolations(page);
    await keepScreenshot(page, { path: test.info().outputPath('part-needs-signal-390.png') });

    // A listing seen before opens with the notice.
    await page.goto('/category/1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.locator('main a[href^="/product/"]').count()).toBe(listingCards);
    await expect(page.getByTestId('offline-notice')).toHaveText(OFFLINE_NOTICE);

    // A new search needs signal, keeps what was typed and offers the part request form.
    await page.goto('/');
    await pageSettled(page);
    await page.getByRole('button', { name: 'Part number', exact: true }).click();
    const partNumber = page.getByRole('combobox', { name: 'Part number' });
    await partNumber.fill('1K0 615 301');
    await page.getByRole('button', { name: 'Find parts' }).click();
    await expect(page).toHaveURL(/oem=/);
    await expect(page.getByRole('heading', { name: 'This search needs signal' })).toBeVisible();
    await expect(page.getByTestId('search-needs-signal')).toContainText('1K0 615 301');
    await expect(page.getByRole('combobox', { name: 'Part number' })).toHaveValue('1K0 615 301');
    const partRequest = page.getByRole('region', { name: 'Ask us to find this part' });
    await expect(partRequest).toBeVisible();
    // The form itself draws offline (its code is precached).
    await expect(partRequest.getByLabel('Part you need', { exact: true })).toBeVisible();
    await keepScreenshot(page, { path: test.info().outputPath('search-needs-signal-390.png') });

    // A registration never looked up: the lookup says so and leads to the same screen. (The
    // registration remembered from the first search is forgotten first: with one remembered, the
    // home form ignores what is typed, online as well — reported, not part of this issue.)
    await page.evaluate(() => localStorage.removeItem('vrn'));
    await page.goto('/');
    await pageSettled(page);
    await page.getByLabel('Enter registration').fill('LM70 HZY');
    await page.getByLabel('Part type', { exact: true }).selectOption({ label: PART_TYPE });
    await page.getByRole('button', { name: 'Find parts' }).click();
    const lookup = page.getByRole('dialog');
    await expect(lookup.getByRole('alert')).toContainText('This search needs signal');
    await lookup.getByRole('button', { name: 'Ask us to find it' }).click();
    await expect(page.getByRole('heading', { name: 'This search needs signal' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Ask us to find this part' }).getByLabel('Vehicle registration')).toHaveValue('LM70HZY');

    // The same screens at 1280 px, looked at and checked.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(first);
    await expectOfflinePart(first);
    await pageSettled(page);
    await expectNoSeriousAxeViolations(page);
    await keepScreenshot(page, { path: test.info().outputPath('part-offline-1280.png') });
    await page.goto('/');
    await expect(page.getByTestId('recently-viewed').getByRole('listitem')).toHaveCount(3);
    await expectNoSeriousAxeViolations(page);
    await keepScreenshot(page.getByTestId('recently-viewed'), { path: test.info().outputPath('strip-1280.png') });
  } finally {
    await context.setOffline(false);
  }
});

/** Registers a private member at /register (signed in at once), as cart-loyalty.spec.ts does. */
async function register(page: Page, email: string) {
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Spark-plug-2024');
  await page.getByLabel('Repeat password').fill('Spark-plug-2024');
  await page.getByLabel('First name', { exact: true }).fill('Sam');
  await page.getByLabel('Last name', { exact: true }).fill('Wright');
  await page.getByLabel('Mobile').fill('07700 900789');
  await page.getByLabel('Billing first name').fill('Sam');
  await page.getByLabel('Billing last name').fill('Wright');
  await page.getByLabel('Postcode', { exact: true }).fill('LS1 4AP');
  const suggestions = page.getByRole('list', { name: 'Addresses at LS1 4AP' });
  await expect(suggestions).toBeVisible();
  await suggestions.getByRole('button').first().click();
  await page.getByLabel('County', { exact: true }).fill('West Yorkshire');
  await page.getByLabel('How did you hear about us?').selectOption('Search engine');
  await page.getByRole('checkbox', { name: /terms/i }).first().check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for registering, Sam.' })).toBeVisible();
  // The form sends the new member on after a moment.
  await page.waitForURL((url) => !url.pathname.startsWith('/register'));
}

test('@phone the account area lists the parts viewed on this phone under My orders, offline too', async ({ page, context }) => {
  const part = '/product/ford/focus/alternator/P0012001';
  await register(page, `offline-views.${Date.now()}@example.com`);
  await workerActive(page);
  await page.goto(part);
  await expect(page.getByRole('heading', { level: 1, name: 'Ford Focus Alternator' })).toBeVisible();
  await expect.poll(async () => (await keptParts(page)).find((entry) => entry.tag === 'P0012001')?.images.length ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);

  await page.goto('/panel/client/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
  const strip = page.getByTestId('recently-viewed');
  await expect(strip.getByRole('link', { name: /Ford Focus Alternator/ })).toBeVisible();

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    await expect(strip.getByRole('link', { name: /Ford Focus Alternator/ })).toBeVisible();
    await expect.poll(() => strip.locator('img').first().evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await pageSettled(page);
    await expectNoSeriousAxeViolations(page);
    await keepScreenshot(page, { path: test.info().outputPath('account-strip-390.png'), fullPage: true });
    // Its link opens the kept part in the app.
    await strip.getByRole('link', { name: /Ford Focus Alternator/ }).click();
    await expect(page).toHaveURL(part);
    await expect(page.getByTestId('offline-notice')).toHaveText(OFFLINE_NOTICE);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goBack();
    await expect(strip.getByRole('link', { name: /Ford Focus Alternator/ })).toBeVisible();
    await keepScreenshot(page, { path: test.info().outputPath('account-strip-1280.png'), fullPage: true });
  } finally {
    await context.setOffline(false);
  }
});

test.describe('when the browser refuses space', () => {
  // No service worker: the page keeps viewed parts itself (src/shared/offline/viewed-store.ts).
  test.use({ serviceWorkers: 'block' });

  test('@phone the part viewed longest ago goes with its pictures, and the newest is kept', async ({ page }) => {
    const tags = ['P0070003', 'P0070005', 'P0070001'];
    const paths = await Promise.all(
      tags.map(async (tag) => {
        const { product } = (await (await page.request.get(`/web-api/products/part/${tag}.json`)).json()) as CallResponse<typeof getPartPage>;
        return productPath({ make: product.ManuName, model: product.ModelName, partName: product.formattedName, tag });
      }),
    );
    // The browser refuses the third part's data once, as a full disk or a small quota would.
    await page.addInitScript((refused) => {
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
        if (key === refused && !sessionStorage.getItem('quota-refused')) {
          sessionStorage.setItem('quota-refused', 'yes');
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        return put.call(this, value, key);
      };
    }, `part:${tags[2]}`);

    const keptTags = async () => (await keptParts(page)).map((entry) => entry.tag).sort();
    const keptImages = async (tag: string | undefined) => (await keptParts(page)).find((entry) => entry.tag === tag)?.images.length ?? 0;
    for (const [index, path] of paths.slice(0, 2).entries()) {
      await page.goto(path);
      // Kept after hydration, the store's code loaded after the page is drawn: seconds on a busy machine.
      await expect.poll(keptTags, { timeout: 20_000 }).toContain(tags[index]);
      // Its pictures are kept after the part: waited for before leaving the page (a busy machine once
      // left first, and the part viewed longest ago had none to take with it).
      await expect.poll(() => keptImages(tags[index]), { timeout: 20_000 }).toBeGreaterThan(0);
    }
    const oldest = (await keptParts(page)).find((entry) => entry.tag === tags[0]);

    await page.goto(paths[2] ?? '/');
    await expect.poll(keptTags, { timeout: 20_000 }).toEqual([tags[1], tags[2]].sort());
    expect(await page.evaluate(() => sessionStorage.getItem('quota-refused'))).toBe('yes');
    const cachedImages = await page.evaluate(async () => (await (await caches.open('viewed-part-images')).keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search));
    for (const image of oldest?.images ?? []) expect(cachedImages).not.toContain(image.url);
  });
});
