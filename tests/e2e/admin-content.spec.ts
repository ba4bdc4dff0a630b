/**
 * The back office's content screens at 1280 px: the owner makes a content user, who signs in with
 * an authenticator code (seeing only the content areas), edits the about page in Markdown (and
 * sees it on the shop's /page/about at once), creates a discount code that a shopper then applies
 * in their cart, and finds the job adverts and loyalty screens. The part in the cart is the Corsa's right headlight P0019005, which
 * no other spec uses; nothing here buys it.
 */
import { createStaff, signInAsOwner, signInWithTotp } from './admin-steps';
import { chooseDelivery } from './cart-steps';
import { expect, type Page, pageSettled, test, axeOf, keepScreenshot } from './fixtures';
import { cartAddPath } from '../../src/domain/urls';

const PART = 'P0019005';
const CONTENT_USER = { email: 'content.desk@e2e.example', password: 'content desk password 1' };

/** The journeys build on each other: the first makes the content user the others sign in as. */
test.describe.configure({ mode: 'serial' });

test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the back office is for a desk: checked at 1280 px');
});

async function expectNoAxeViolations(page: Page) {
  const results = await axeOf(page).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the owner makes a content user, who edits the about page in Markdown and sees it on the shop at once', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsOwner(page);
  await createStaff(page, { role: 'content', ...CONTENT_USER });
  // The run's owner session stays live for the other journeys (admin-steps.ts): this browser just forgets it.
  await page.context().clearCookies();
  await signInWithTotp(page, CONTENT_USER.email, CONTENT_USER.password);

  // The content role's areas, and none of the others.
  const nav = page.getByRole('navigation', { name: 'Back office' });
  for (const area of ['Content', 'Discount codes', 'Loyalty']) await expect(nav.getByRole('link', { name: area })).toBeVisible();
  for (const area of ['Orders', 'Stock', 'Staff', 'Audit log']) await expect(nav.getByRole('link', { name: area })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Content' }).click();
  await page.getByRole('link', { name: 'Pages' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
  await keepScreenshot(page, { path: '/tmp/admin-content-pages-desktop.png', fullPage: true });
  await page.getByRole('table', { name: 'Pages' }).getByRole('link', { name: 'About us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit: About us' })).toBeVisible();

  // An empty title is refused by the form before anything is sent.
  await page.getByLabel('Title').fill('');
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText('Enter a title.')).toBeVisible();

  await page.getByLabel('Title').fill('About our yard');
  await page.getByLabel('Page').fill('## Forty years of parts\n\nWe strip **every car** by hand in Leeds.\n\n- Tested parts\n- Fair prices');
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.frameLocator('iframe[title="Preview"]');
  await expect(preview.getByRole('heading', { name: 'Forty years of parts' })).toBeVisible();
  await keepScreenshot(page, { path: '/tmp/admin-content-page-edit-desktop.png', fullPage: true });
  await page.getByRole('button', { name: 'Back to writing' }).click();
  // Checked with the text showing: axe cannot run inside the preview's sandboxed frame (no scripts there, by design).
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText('Page saved.')).toBeVisible();

  await page.goto('/page/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About our yard' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Forty years of parts' })).toBeVisible();
  await expect(page.locator('main strong', { hasText: 'every car' })).toBeVisible();
});

test('the content user creates a discount code and a shopper applies it in their cart at once', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const code = `YARD${Date.now() % 100_000}`;
  await signInWithTotp(page, CONTENT_USER.email, CONTENT_USER.password);
  await page.goto('/admin/discount-codes');
  await expect(page.getByRole('heading', { level: 1, name: 'Discount codes' })).toBeVisible();
  await page.getByRole('link', { name: 'New discount code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New discount code' })).toBeVisible();

  // A percent over 100 is refused on its field.
  await page.getByLabel('Code').fill(code.toLowerCase());
  await page.getByLabel('Name customers see').fill('£7 off at the yard');
  await page.getByLabel('Percent off').fill('120');
  await page.getByRole('button', { name: 'Create discount code' }).click();
  await expect(page.getByText('A percent is at most 100.')).toBeVisible();

  await page.getByLabel('Takes off').selectOption('AMOUNT');
  await page.getByLabel('Amount off (£)').fill('7');
  await page.getByLabel('Orders that may use it').fill('100');
  await page.getByRole('button', { name: 'Create discount code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Discount codes' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Discount codes' }).getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('£7.00');
  await expect(row).toContainText('0 of 100');
  await expect(row).toContainText('Active');
  await expectNoAxeViolations(page);
  await keepScreenshot(page, { path: '/tmp/admin-discount-codes-desktop.png', fullPage: true });

  // A shopper in a browser of their own.
  const shopperContext = await browser.newContext({ viewport: page.viewportSize(), baseURL: test.info().project.use.baseURL });
  const shopper = await shopperContext.newPage();
  await shopper.goto(cartAddPath({ product: PART, quick: true }));
  await expect(shopper).toHaveURL(/\/cart$/);
  await pageSettled(shopper);
  await chooseDelivery(shopper);
  await shopper.getByLabel('Discount code').fill(code.toLowerCase());
  await shopper.getByRole('button', { name: 'Apply' }).click();
  const aside = shopper.getByRole('complementary', { name: 'Order total' });
  await expect(aside.locator('dt', { hasText: /Discount code/ }).locator('xpath=following-sibling::dd[1]')).toHaveText('−£7.00');
  await keepScreenshot(shopper, { path: '/tmp/admin-discount-code-in-cart-desktop.png', fullPage: true });
  await shopperContext.close();
});

test('the content user finds the job adverts and the loyalty levels', async ({ page }) => {
  await signInWithTotp(page, CONTENT_USER.email, CONTENT_USER.password);
  await page.goto('/admin/content/jobs');
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Job adverts' }).getByRole('row')).not.toHaveCount(1);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, { path: '/tmp/admin-content-jobs-desktop.png', fullPage: true });
  await page.getByRole('link', { name: 'New job advert' }).click();
  await page.getByLabel('Title').fill('Yard Driver (Leeds)');
  await expect(page.getByLabel('Slug')).toHaveValue('yard-driver-leeds');
  await keepScreenshot(page, { path: '/tmp/admin-content-job-new-desktop.png', fullPage: true });

  await page.goto('/admin/loyalty');
  await expect(page.getByRole('heading', { level: 1, name: 'Loyalty' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Level 1' }).getByLabel('Name')).toHaveValue('Bronze');
  await expect(page.getByRole('group', { name: 'Level 2' }).getByLabel('From (£)')).toHaveValue('500.00');
  await expectNoAxeViolations(page);
  await keepScreenshot(page, { path: '/tmp/admin-loyalty-desktop.png', fullPage: true });
});

test('the content screens do not break at 390 px: nothing but a table scrolls sideways', async ({ page }) => {
  await signInWithTotp(page, CONTENT_USER.email, CONTENT_USER.password);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/admin/discount-codes', '/admin/discount-codes/new', '/admin/content/pages/about', '/admin/content/jobs/new', '/admin/loyalty']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    await keepScreenshot(page, { path: `/tmp/admin${path.replaceAll('/', '-')}-phone.png`, fullPage: true });
  }
});
