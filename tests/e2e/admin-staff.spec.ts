/**
 * The back office's shell and staff screens at 1280 px: a visitor at /admin gets the sign-in
 * screen; the owner signs in with a second factor.
 */
import AxeBuilder from '@axe-core/playwright';
import { signInAsOwner } from './admin-steps';
import { expect, test } from './fixtures';

test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the back office is for a desk: checked at 1280 px');
});

test('a visitor at /admin is asked to sign in, and the sign-in screen has no accessibility violations', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/sign-in\?redirect=/);
  await expect(page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test('the owner signs in with an authenticator code and sees every area', async ({ page }) => {
  await signInAsOwner(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
