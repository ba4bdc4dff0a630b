import { expect, pageSettled, test, type Page, axeOf, keepScreenshot } from './fixtures';
import { chooseDelivery, orderAsNewMember } from './cart-steps';
import { cartAddPath } from '../../src/domain/urls';

// The storefront's journeys run at 390 px, the width it is made for; at 1280 px run the ones about
// what a wide screen draws differently (@wide, playwright.config.ts). This journey, which the phone
// project leaves out, opens every other storefront screen once at 1280 px, as a visitor and then as
// a member with an order, and on each one axe finds nothing and nothing is wider than the window.
//
// Parts: it orders the Corsa's left headlight P0019004 and takes the Corsa's starter motor P0019003
// to the order summary without confirming it; no other journey orders either (account.spec.ts).

const ORDERED = 'P0019004';
const IN_CART = 'P0019003';
const PASSWORD = 'Wide-screen-2026';

/** axe finds no violation, and the page does not scroll sideways. */
async function expectScreenFits(page: Page, name: string) {
  await pageSettled(page);
  const results = await axeOf(page).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), name).toEqual([]);
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page, `${name}: the page is no wider than the window`).toBeLessThanOrEqual(widths.window);
  await keepScreenshot(page, { path: test.info().outputPath(`wide-${name}.png`), fullPage: true });
}

test('every other storefront screen at 1280 px: axe finds nothing and nothing is wider than the window @wide', async ({ page }) => {
  test.setTimeout(180_000);
  expect(page.viewportSize()?.width).toBe(1280);

  // A visitor's screens.
  await page.goto('/product/ford/focus/alternator/P0012001');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Alternator');
  await expectScreenFits(page, 'part');
  await page.goto('/product/2019-audi-a4-b9-1-4-tfsi-saloon-4');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Audi');
  await expectScreenFits(page, 'vehicle');
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectScreenFits(page, 'blog');
  await page.locator('main a[href^="/blog/"]:not([href^="/blog/tag/"])').first().click();
  await expect(page).toHaveURL(/\/blog\/[\w-]+$/);
  await expectScreenFits(page, 'article');
  await page.goto('/jobs');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectScreenFits(page, 'jobs');
  await page.locator('main a[href^="/job/"]').first().click();
  await expect(page).toHaveURL(/\/job\/\d+$/);
  await expectScreenFits(page, 'job');
  await page.goto('/page/about');
  await expectScreenFits(page, 'about');
  await page.goto('/loyalty-program');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectScreenFits(page, 'loyalty');
  await page.goto('/categories');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectScreenFits(page, 'categories');
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectScreenFits(page, 'register');
  const missing = await page.goto('/page/no-such-page');
  expect(missing?.status()).toBe(404);
  await expectScreenFits(page, 'not-found');

  // A member's: an order placed on the way in, then each screen from the account's sidebar.
  const hash = await orderAsNewMember(page, ORDERED, { email: `wide.${Date.now()}@example.com`, password: PASSWORD, firstName: 'Wren', lastName: 'Wide', mobile: '07700 900457' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectScreenFits(page, 'order-created');
  await page.goto(`/payments/pay-now/${hash}`);
  await expect(page.getByRole('region', { name: 'Pay for your order' })).toBeVisible();
  await expectScreenFits(page, 'pay-now');
  await page.goto('/panel/client/orders');
  const sidebar = page.getByRole('navigation', { name: 'Your account' });
  await expect(sidebar).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu:/ })).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: 'Headlight' }).first()).toBeVisible();
  await expectScreenFits(page, 'orders');
  for (const screen of ['Abandoned carts', 'Part requests', 'Saved searches', 'My wishlist', 'My garage', 'Loyalty program', 'Payment preferences', 'Settings', 'My details']) {
    await sidebar.getByRole('link', { name: screen, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible();
    await expectScreenFits(page, screen.toLowerCase().replace(/ /g, '-'));
  }

  // The cart with a line (Quick buy opens it) and the checkout's addresses step, as the member.
  await page.goto(cartAddPath({ product: IN_CART, quick: true }));
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('main')).toContainText('Starter Motor');
  await expectScreenFits(page, 'cart');
  // A member accepted the terms when the account was made: the cart does not ask again.
  await chooseDelivery(page);
  await page.getByRole('button', { name: 'Proceed to addresses' }).click();
  await expect(page).toHaveURL(/\/checkout\/addresses$/);
  await expectScreenFits(page, 'checkout-addresses');
  await page.getByRole('button', { name: 'Order summary' }).click();
  await expect(page).toHaveURL(/\/checkout\/summary$/);
  await expectScreenFits(page, 'checkout-summary');
});
