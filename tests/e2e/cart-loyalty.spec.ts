import { expect, pageSettled, test, type Page, axeOf, keepScreenshot } from './fixtures';
import { cartAddPath } from '../../src/domain/urls';

// The loyalty progress bar on the cart page (issue 15, SPEC §2 and §6) at 390 px (the cart at 1280 px: wide-screens.spec.ts): a
// member registered at /register opens the cart with a part in it and sees their level and what
// is left to reach the next one (a new member has spent nothing: Bronze, £500 to go to Silver);
// a guest's cart shows no bar. The part is the Corsa's left door mirror P0019006, which no other
// spec uses; nothing here buys it, so both projects can put it in their carts.

const PART = 'P0019006';
const PASSWORD = 'Wing-mirror-2026';

const project = () => test.info().project.name;

async function expectNoAxeViolations(page: Page) {
  const results = await axeOf(page).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Registers a private member at /register (signed in at once). */
async function register(page: Page, email: string) {
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat password').fill(PASSWORD);
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
  // The form sends the new member on after a moment: a page.goto meanwhile would be cut short by it.
  await page.waitForURL((url) => !url.pathname.startsWith('/register'));
}

async function openCartWithPart(page: Page) {
  await page.goto(cartAddPath({ product: PART, quick: true }));
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(page.getByText('Door Mirror (Left)').first()).toBeVisible();
  await pageSettled(page);
}

test('a signed-in member sees their loyalty progress in the cart; a guest sees none', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await register(page, `cart-loyalty.${project()}.${Date.now()}@example.com`);
  await openCartWithPart(page);

  const section = page.getByRole('region', { name: 'Your loyalty discount' });
  await expect(section).toBeVisible();
  await expect(section).toContainText('Your level: Bronze, 0% off every order.');
  await expect(section.getByText('£500 to go to Silver (2.5% off)')).toBeVisible();
  const bar = section.getByRole('progressbar', { name: 'Progress to Silver' });
  await expect(bar).toHaveAttribute('aria-valuenow', '0');
  await expect(section).toContainText('0%');
  await expect(section.getByRole('link', { name: 'See the loyalty levels' })).toHaveAttribute('href', '/panel/client/discount-thresholds');
  await expectNoAxeViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(page, { path: `/tmp/cart-loyalty-member-${project()}.png`, fullPage: true });

  // A visitor who never signed in, in a browser of their own: the same cart, no loyalty section.
  const guestContext = await browser.newContext({ viewport: page.viewportSize(), baseURL: test.info().project.use.baseURL });
  const guest = await guestContext.newPage();
  await openCartWithPart(guest);
  await expect(guest.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(guest.getByRole('progressbar')).toHaveCount(0);
  await expect(guest.getByRole('region', { name: 'Your loyalty discount' })).toHaveCount(0);
  await keepScreenshot(guest, { path: `/tmp/cart-loyalty-guest-${project()}.png`, fullPage: true });
  await guestContext.close();
});
