import { productPath } from '../../src/domain/urls';
import { expect, test, type Page, axeOf, keepScreenshot } from './fixtures';
import { startOwnShop, type OwnShop } from './own-shop';

// Analytics with consent (issue 32) at 390 and 1280 px, on a shop of its own with a GA4
// measurement id (the shared e2e server has none, so no other journey sees the banner). Every
// request to Google's analytics hosts is recorded and answered with an empty script: nothing may
// go there before the visitor accepts; after 'Accept' gtag.js loads with Consent Mode v2's denied
// defaults first and the §7 events go to it; after 'Reject' nothing does, and the events stay in
// the dataLayer. The choice survives a reload and is changed on the Cookies page.

const MEASUREMENT_ID = 'G-E2ETEST01';
const ANALYTICS_HOST = /(^|\.)googletagmanager\.com$|(^|\.)google-analytics\.com$|(^|\.)analytics\.google\.com$/;
const PART = productPath({ make: 'Ford', model: 'Focus', partName: 'Alternator', tag: 'P0012001' });

let shop: OwnShop;

test.beforeAll(async () => {
  test.setTimeout(260_000);
  // No cart holds, as on the shared server: both widths put the same part in their carts.
  shop = await startOwnShop('consent', { GA4_MEASUREMENT_ID: MEASUREMENT_ID, CART_HOLD_MINUTES: '0' }, process.env.CONSENT_SHOP_URL);
});

test.afterAll(async () => {
  await shop?.stop();
});

/** Records every request to an analytics host and answers it with an empty script. */
async function recordAnalytics(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.context().route(
    (url) => ANALYTICS_HOST.test(url.hostname),
    async (route) => {
      requests.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    },
  );
  return requests;
}

/** The page's data layer (window.dataLayer), read inside the page. */
type DataLayerWindow = { dataLayer?: unknown[] };

/** gtag's commands in the data layer (arguments objects), as arrays. */
const gtagCommands = (page: Page): Promise<unknown[][]> =>
  page.evaluate(() =>
    ((window as unknown as DataLayerWindow).dataLayer ?? [])
      .filter((entry): entry is IArguments => typeof entry === 'object' && entry !== null && !Array.isArray(entry) && 'length' in entry && !('event' in entry))
      .map((entry) => JSON.parse(JSON.stringify(Array.from(entry))) as unknown[]),
  );

/** The names of the plain ecommerce events pushed to the data layer. */
const dataLayerEvents = (page: Page): Promise<string[]> =>
  page.evaluate(() => ((window as unknown as DataLayerWindow).dataLayer ?? []).flatMap((entry) => (typeof entry === 'object' && entry !== null && 'event' in entry ? [String((entry as { event: unknown }).event)] : [])));

const sentEvents = async (page: Page) => (await gtagCommands(page)).filter(([command]) => command === 'event').map(([, name]) => name);

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on PartsFinder UK' });

async function expectNoSeriousAxeViolationsIn(page: Page, selector: string) {
  const results = await axeOf(page).include(selector).analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(bad.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function addToCart(page: Page) {
  await page.getByRole('link', { name: 'Add to cart' }).first().click();
  await expect(page.getByRole('dialog', { name: /Your cart/ })).toBeVisible({ timeout: 30_000 });
}

test('the banner asks first; after Accept gtag.js loads and the events go to it; the Cookies page takes it back', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const width = testInfo.project.name;
  const requests = await recordAnalytics(page);

  // A first visit: the banner is in the server's page, the search below it, uncovered.
  const home = await page.goto(`${shop.url}/`);
  expect(await home?.text()).toContain('cookie-banner-title');
  await expect(banner(page)).toBeVisible();
  const search = page.getByRole('combobox', { name: /part type/i }).first();
  await expect(search).toBeVisible();
  const [bannerBox, searchBox] = [await banner(page).boundingBox(), await search.boundingBox()];
  expect(bannerBox && searchBox && bannerBox.y + bannerBox.height <= searchBox.y).toBe(true);
  await keepScreenshot(page, { path: testInfo.outputPath(`consent-banner-home-${width}.png`) });
  await expectNoSeriousAxeViolationsIn(page, 'section[aria-labelledby="cookie-banner-title"]');

  // Keyboard: the skip link, then the banner's link and its three choices, in reading order.
  await expect(banner(page).getByRole('button', { name: 'Accept analytics cookies' })).toBeEnabled();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('link', { name: 'How we use cookies' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('button', { name: 'Accept analytics cookies' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('button', { name: 'Reject analytics cookies' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('button', { name: 'Choose cookies' })).toBeFocused();
  // Not a trap: the next stop is the page's header.
  await page.keyboard.press('Tab');
  await expect(banner(page).locator(':focus')).toHaveCount(0);

  // A product page before any choice: view_item is in the data layer, nothing went to Google.
  await page.goto(`${shop.url}${PART}`);
  await expect.poll(() => dataLayerEvents(page)).toContain('view_item');
  expect(requests).toEqual([]);
  expect(await gtagCommands(page)).toEqual([]);

  await banner(page).getByRole('button', { name: 'Accept analytics cookies' }).click();
  await expect(page.locator(':focus')).toContainText('You have accepted analytics cookies.');
  await expect.poll(() => requests.length).toBeGreaterThan(0);
  expect(requests[0]).toBe(`https://www.googletagmanager.com/gtag/js?id=${MEASUREMENT_ID}`);
  // Consent Mode v2: everything denied by default, before the update that grants it.
  const commands = await gtagCommands(page);
  expect(commands[0]).toEqual(['consent', 'default', { ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' }]);
  expect(commands[1]).toEqual(['consent', 'update', { ad_storage: 'granted', analytics_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' }]);
  expect(commands).toContainEqual(['config', MEASUREMENT_ID]);
  // The page's view_item, in GA4's ecommerce shape.
  const viewItem = commands.find(([command, name]) => command === 'event' && name === 'view_item');
  expect(viewItem?.[2]).toMatchObject({ currency: 'GBP', items: [{ item_id: 'P0012001', quantity: 1 }] });
  await keepScreenshot(page, { path: testInfo.outputPath(`consent-accepted-${width}.png`) });

  // The choice holds after a reload: no banner in the server's page, gtag at once, the event sent.
  requests.length = 0;
  const again = await page.reload();
  expect(await again?.text()).not.toContain('cookie-banner-title');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await expect.poll(() => requests).toContain(`https://www.googletagmanager.com/gtag/js?id=${MEASUREMENT_ID}`);
  await expect.poll(() => sentEvents(page)).toContain('view_item');
  await addToCart(page);
  await expect.poll(() => sentEvents(page)).toContain('add_to_cart');

  // Changed on the footer's Cookies page: analytics off, and then nothing goes to Google.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: /Your cart/ })).toHaveCount(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookies' }).click();
  const settings = page.getByRole('region', { name: 'Your cookie settings' });
  await expect(settings.getByText('You have accepted analytics cookies.')).toBeVisible();
  await settings.getByRole('group', { name: /Analytics cookies/ }).getByRole('radio', { name: 'Do not use them' }).check();
  await settings.getByRole('group', { name: /Advertising measurement/ }).getByRole('radio', { name: 'Do not use them' }).check();
  await settings.getByRole('button', { name: 'Save cookie settings' }).click();
  await expect(settings.getByRole('status')).toHaveText(/Your cookie settings were saved\. You have rejected analytics cookies\./);
  await expect.poll(() => gtagCommands(page)).toContainEqual(['consent', 'update', { ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' }]);
  await keepScreenshot(page, { path: testInfo.outputPath(`consent-settings-${width}.png`), fullPage: true });
  await expectNoSeriousAxeViolationsIn(page, 'main');

  requests.length = 0;
  await page.goto(`${shop.url}${PART}`);
  await expect.poll(() => dataLayerEvents(page)).toContain('view_item');
  await expect(banner(page)).toHaveCount(0);
  expect(requests).toEqual([]);
  expect(await gtagCommands(page)).toEqual([]);
});

test('after Reject nothing goes to Google, the events stay in the dataLayer, and the choice holds', async ({ page }) => {
  test.setTimeout(120_000);
  const requests = await recordAnalytics(page);

  await page.goto(`${shop.url}${PART}`);
  await banner(page).getByRole('button', { name: 'Reject analytics cookies' }).click();
  await expect(page.locator(':focus')).toContainText('You have rejected analytics cookies.');
  await banner(page).getByRole('button', { name: 'Hide this message' }).click();
  await expect(banner(page)).toHaveCount(0);
  await addToCart(page);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await expect.poll(() => dataLayerEvents(page)).toContain('view_item');
  expect(requests).toEqual([]);
  expect(await gtagCommands(page)).toEqual([]);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'cookie_consent')).toMatchObject({ value: 'v1.a0.m0' });
  // Kept for a year (give or take the test's own minutes).
  const expires = cookies.find((cookie) => cookie.name === 'cookie_consent')?.expires ?? 0;
  expect(expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
});

test('Choose: analytics without advertising measurement', async ({ page }) => {
  const requests = await recordAnalytics(page);

  await page.goto(`${shop.url}/`);
  await banner(page).getByRole('button', { name: 'Choose cookies' }).click();
  const analytics = banner(page).getByRole('checkbox', { name: /Analytics/ });
  await expect(analytics).toBeFocused();
  await expect(analytics).not.toBeChecked();
  await analytics.check();
  await banner(page).getByRole('button', { name: 'Save my choices' }).click();
  await expect(page.locator(':focus')).toContainText('You have accepted analytics cookies, without advertising measurement.');
  await expect.poll(() => requests.length).toBeGreaterThan(0);
  expect(await gtagCommands(page)).toContainEqual(['consent', 'update', { ad_storage: 'denied', analytics_storage: 'granted', ad_user_data: 'denied', ad_personalization: 'denied' }]);
});
