/**
 * No warranty claim is offered once the warranty has ended (issue 32), at 390 and 1280 px. On a shop
 * of its own (own-shop.ts): a member buys and pays a part there, the shop is stopped and started
 * again on the same database 31 days later (CLOCK_OFFSET_DAYS=31: the part's free 30 days have
 * ended), the member signs in again: the line offers no claim and says the day the warranty ended.
 */
import { orderAsNewMember, payWithTestCard } from './cart-steps';
import { expect, pageSettled, test, type Browser, type BrowserContext, type TestInfo, keepScreenshot } from './fixtures';
import { startOwnShop, type OwnShop } from './own-shop';

const TAG = 'P0012001';
const PASSWORD = 'Too-late-for-a-claim-32';

let shop: (OwnShop & { dataDir: string }) | undefined;

test.afterAll(async () => {
  await shop?.stop();
});

function shopper(browser: Browser, testInfo: TestInfo, url: string): Promise<BrowserContext> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  return browser.newContext({ baseURL: url, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, serviceWorkers: 'block' });
}

test('a line whose warranty has ended offers no claim and names the day it ended', async ({ browser }, testInfo) => {
  test.setTimeout(600_000);
  const email = `ended.${testInfo.project.name}.${Date.now()}@example.com`;
  shop = await startOwnShop(`claims-${testInfo.project.name}`, {}, undefined, { keep: true });
  const first = await shopper(browser, testInfo, shop.url);
  const buyer = await first.newPage();
  const hash = await orderAsNewMember(buyer, TAG, { email, password: PASSWORD, firstName: 'Lee', lastName: 'Late', mobile: '07700 900654' });
  await payWithTestCard(buyer, hash, 'Lee Late');
  await first.close();
  const dataDir = shop.dataDir;
  await shop.stop();

  // The same shop, 31 days on.
  shop = await startOwnShop(`claims-${testInfo.project.name}`, { CLOCK_OFFSET_DAYS: '31' }, undefined, { dir: dataDir });
  const later = await shopper(browser, testInfo, shop.url);
  const page = await later.newPage();
  await page.goto('/panel/client/orders');
  await pageSettled(page);
  const login = page.getByRole('dialog', { name: 'Sign in' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();

  // The line's warranty has ended: no claim is offered, and the line says the day it ended (the
  // server refuses a claim sent anyway: server/modules/warranty/claims.test.ts).
  const line = page.getByRole('list', { name: /^Parts in order / }).getByRole('listitem').first();
  await expect(line.getByText(/^Warranty ended on \d{1,2} \w+ \d{4}$/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Make a warranty claim: / })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /Warranty claim WCL-/ })).toHaveCount(0);
  await keepScreenshot(page, { path: `/tmp/claims-ended-${testInfo.project.name}.png`, fullPage: true });
  await later.close();
});
