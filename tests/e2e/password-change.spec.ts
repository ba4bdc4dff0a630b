import { randomUUID } from 'node:crypto';
import { expect, pageSettled, test, type Page, axeOf, keepScreenshot } from './fixtures';

// Issue 15, at 390 px: a member signed in on two browsers changes the password in
// Settings on one; the other's session has ended — the server answers its /check with 401, its
// 60 s re-check (driven by a fake clock, not by waiting) takes it to /logout and home signed out,
// and an account page asks it to sign in again, where the old password is refused and the new
// one works. Each project registers its own member (the e2e database is shared by a run's specs).

const PASSWORD = 'Brake-disc-2026!';
const NEW_PASSWORD = 'Clutch-plate-2027!';
/** A fixed start for the browsers' fake clocks, so nothing here hangs on today's date. */
const CLOCK_START = new Date('2026-03-02T09:00:00Z');

const project = () => test.info().project.name;

async function expectNoAxeViolations(page: Page, include?: string) {
  const builder = axeOf(page);
  if (include) builder.include(include);
  const results = await builder.analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

// Whole pages, except where a modal is open (a fixed dialog in a full-page capture lands mid-page).
const shot = (page: Page, name: string, fullPage = true) => keepScreenshot(page, { path: `/tmp/password-change-${name}-${project()}.png`, fullPage });

const header = (page: Page) => page.getByRole('navigation', { name: 'Shop' });

/** Registers a private member at /register; the shop signs the new member in at once. */
async function register(page: Page, email: string) {
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await pageSettled(page);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat password').fill(PASSWORD);
  await page.getByLabel('First name', { exact: true }).fill('Sam');
  await page.getByLabel('Last name', { exact: true }).fill('Carter');
  await page.getByLabel('Mobile').fill('+44 7700 900123');
  await page.getByLabel('Billing first name').fill('Sam');
  await page.getByLabel('Billing last name').fill('Carter');
  await page.getByLabel('Postcode', { exact: true }).fill('LS1 4AP');
  await page.getByLabel('Address line 1', { exact: true }).fill('12 Park Row');
  await page.getByLabel('Town or city', { exact: true }).fill('Leeds');
  await page.getByLabel('County', { exact: true }).fill('West Yorkshire');
  await page.getByLabel('How did you hear about us?').selectOption('eBay');
  await page.getByRole('checkbox', { name: /terms/i }).first().check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for registering, Sam.' })).toBeVisible();
  // The form sends the new member on after a moment: a page.goto meanwhile would be cut short by it.
  await page.waitForURL((url) => !url.pathname.startsWith('/register'));
  await expect(header(page).getByRole('link', { name: /Hi, Sam/ })).toBeVisible();
}

/** On a signed-out visit to an account page the login modal opens; signs in there. */
async function signInOnAccountPage(page: Page, email: string, password: string) {
  const login = page.getByRole('dialog', { name: 'Sign in' });
  await expect(login).toBeVisible();
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'Sign in' }).click();
  return login;
}

test('changing the password in Settings ends the member’s session on another browser', async ({ page, browser, baseURL, viewport, userAgent, isMobile, hasTouch, deviceScaleFactor }) => {
  test.setTimeout(120_000);
  const email = `password-change.${project()}.${randomUUID().slice(0, 8)}@example.com`;
  await register(page, email);

  // A second browser of the same member, signed in through the login modal. Its clock is fake
  // from the first page on, so the test moves the 60 s re-check forward instead of waiting.
  const otherContext = await browser.newContext({ baseURL, viewport, userAgent, isMobile, hasTouch, deviceScaleFactor });
  const other = await otherContext.newPage();
  try {
    await other.clock.install({ time: CLOCK_START });
    await other.goto('/panel/client/orders');
    await pageSettled(other);
    const otherLogin = await signInOnAccountPage(other, email, PASSWORD);
    await expect(otherLogin).toBeHidden();
    await expect(other.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    await expect(header(other).getByRole('link', { name: /Hi, Sam/ })).toBeVisible();
    expect((await other.request.get('/web-api/check')).status()).toBe(200);

    // The first browser changes the password in Settings. Its clock is fake too, so the notice
    // can be checked (axe, screenshot) before the 1.5 s move to the logout address.
    await page.clock.install({ time: CLOCK_START });
    await page.goto('/panel/client/settings');
    await pageSettled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-the-password');
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    // A wrong current password is named under its field, and nothing changes.
    await expect(form.getByRole('alert')).toBeVisible();
    await expect(form.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Your current password is not correct.')).toBeVisible();
    expect((await other.request.get('/web-api/check')).status()).toBe(200);
    await expectNoAxeViolations(page);
    await shot(page, 'settings-wrong-current');

    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('status')).toHaveText('Your password has been changed. Please sign in with your new password.');
    // Hold the page's time (the move on waits 1.5 s of it) while the notice is looked at. The
    // pause is set a second ahead of the page's clock as read now: on a busy machine more than a
    // few hundred milliseconds can pass between reading it and pausing, and the clock cannot be
    // paused in its past.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await expect(form.getByRole('alert')).toHaveCount(0);
    await shot(page, 'settings-changed');
    // Then, as SPEC §4 says, the logout address and home, signed out.
    await page.clock.runFor(1_500);
    await page.clock.resume();
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
    await expect(header(page).getByRole('button', { name: /Sign in/ })).toBeVisible();

    // The other browser's session has ended: the server says so at once…
    expect((await other.request.get('/web-api/check')).status()).toBe(401);
    // …and the page finds out at its next re-check, 60 s on: /logout, then home signed out.
    await expect(other.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    await other.clock.runFor(61_000);
    await expect(other).toHaveURL(/\/$/, { timeout: 10_000 });
    await expect(header(other).getByRole('button', { name: /Sign in/ })).toBeVisible();
    await shot(other, 'other-signed-out');

    // Back to an account page: signed out, it asks to sign in. The old password is refused…
    await other.goto('/panel/client/orders');
    await pageSettled(other);
    const login = await signInOnAccountPage(other, email, PASSWORD);
    await expect(login.getByRole('alert')).toHaveText('The email address or password is incorrect.');
    await expect(other.getByRole('heading', { level: 1, name: 'My orders' })).toHaveCount(0);
    await shot(other, 'old-password-refused', false);
    // …and the new one opens the account.
    await login.getByLabel('Password').fill(NEW_PASSWORD);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await expect(login).toBeHidden();
    await expect(other.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    await expect(header(other).getByRole('link', { name: /Hi, Sam/ })).toBeVisible();

    // The Settings screen of the session that now holds the account.
    await other.goto('/panel/client/settings');
    await pageSettled(other);
    await expect(other.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expectNoAxeViolations(other);
    await shot(other, 'settings-after');
  } finally {
    await otherContext.close();
  }
});
