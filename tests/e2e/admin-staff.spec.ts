/**
 * The back office's shell and staff screens at 1280 px: a visitor at /admin gets the sign-in
 * screen; the owner signs in with an authenticator code, creates a warehouse and a sales account
 * on the Staff screen and finds both in the audit log; the sales member signs in (enrolling an
 * authenticator at the first sign-in) and sees only their role's areas. Axe checks the sign-in,
 * dashboard and staff screens; screenshots of each screen at 1280 px and 390 px are attached.
 */
import { createStaff, signInAsOwner, signInWithTotp } from './admin-steps';
import { expect, test, type Page, type TestInfo, axeOf, keepScreenshot } from './fixtures';

test.describe.configure({ mode: 'serial' });

test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the back office is for a desk: checked at 1280 px');
});

const SALES = { role: 'sales', email: 'sam.sales@e2e.example', password: 'sales first password', name: 'Sam Sales' } as const;
const WAREHOUSE = { role: 'warehouse', email: 'will.warehouse@e2e.example', password: 'warehouse first password', name: 'Will Warehouse' } as const;

async function noAxeViolations(page: Page): Promise<void> {
  expect((await axeOf(page).analyze()).violations).toEqual([]);
}

/** The screen at 1280 px and at 390 px, attached to the test's results. */
async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await keepScreenshot(page, { path: testInfo.outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, { path: testInfo.outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Back office' });

test('a visitor at /admin is asked to sign in; the sign-in screen passes axe', async ({ page }, testInfo) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/sign-in\?redirect=/);
  await expect(page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await noAxeViolations(page);
  // A wrong password is refused on the screen.
  await page.getByLabel('Email').fill('nobody@e2e.example');
  await page.getByLabel('Password', { exact: true }).fill('not a password at all');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('The email or password is not right.');
  await screenshots(page, testInfo, 'sign-in');
});

test('the owner signs in, creates a warehouse and a sales account, and the audit log shows both', async ({ page }, testInfo) => {
  await signInAsOwner(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: "Today's orders" })).toBeVisible();
  await expect(navigation(page).getByRole('link', { name: 'Staff' })).toBeVisible();
  await expect(navigation(page).getByRole('link', { name: 'Audit log' })).toBeVisible();
  await noAxeViolations(page);
  await screenshots(page, testInfo, 'dashboard');
  // By keyboard: the first Tab offers to skip the header and menu, and the menu's links follow the header's controls.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
  await navigation(page).getByRole('link', { name: 'Staff' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Staff' })).toBeVisible();

  await createStaff(page, WAREHOUSE);
  await createStaff(page, SALES);
  const table = page.getByRole('table', { name: 'Staff accounts' });
  await expect(table.getByRole('row').filter({ hasText: SALES.email })).toContainText('Sales');
  await expect(table.getByRole('row').filter({ hasText: WAREHOUSE.email })).toContainText('Warehouse');
  await noAxeViolations(page);
  await screenshots(page, testInfo, 'staff');

  await navigation(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await page.getByLabel('What was changed').fill('staff');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/entity=staff/);
  const entries = page.getByRole('table', { name: 'Audit log entries' });
  for (const account of [SALES, WAREHOUSE]) {
    const created = entries.getByRole('row').filter({ hasText: 'staff.create' }).filter({ hasText: account.email });
    await expect(created).toHaveCount(1);
    await expect(created).toContainText('Olive Owner');
    await expect(created).toContainText(`role: now ${account.role}`);
  }
  await noAxeViolations(page);
  await screenshots(page, testInfo, 'audit-log');
});

test('the sales member signs in with an authenticator and sees only the areas of their role', async ({ page }, testInfo) => {
  await signInWithTotp(page, SALES.email, SALES.password);
  await expect(page.getByRole('banner')).toContainText(SALES.name);
  await expect(page.getByRole('banner')).toContainText('Sales');
  const nav = navigation(page);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  for (const area of ['Staff', 'Audit log', 'Content', 'Discount codes', 'Loyalty', 'Flags']) await expect(nav.getByRole('link', { name: area, exact: true })).toHaveCount(0);
  // Sales see orders, returns and part requests on the dashboard.
  await expect(page.getByRole('region', { name: 'Open returns' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Open part requests' })).toBeVisible();
  // A screen of another role's area, opened by its address, is refused by the server.
  await page.goto('/admin/staff');
  await expect(page.getByRole('alert')).toContainText('Your role does not allow this.');

  await page.goto('/admin/password');
  await expect(page.getByRole('heading', { name: 'Change my password' })).toBeVisible();
  await screenshots(page, testInfo, 'password');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
});
