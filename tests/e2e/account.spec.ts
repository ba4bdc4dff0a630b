import sharp from 'sharp';
import { expect, pageSettled, test, type Page, type TestInfo, axeOf, keepScreenshot } from './fixtures';
import { FUTURE_EXPIRY, orderAsNewMember } from './cart-steps';
import { productPath } from '../../src/domain/urls';

// The account area of issue 15 at 390 px (its screens at 1280 px: wide-screens.spec.ts; the helpers
// below still open the sidebar either way): a member registered at checkout finds the
// order with its badge and pay-now, pays it (saving the card), asks to return the paid line with
// two photos, asks for a part, opens the loyalty page, keeps a part on the wishlist and takes it
// off, removes the saved card, and deletes the account, after which it cannot sign in.
//
// Each project orders its own part, one no other spec orders: the YX19 RTA Corsa alternator
// P0019001 on the phone and its left headlight P0019004 on the desktop (the phone's checkout
// registration journey buys the last YX19 RTA part, the other alternator P0019002; wide-screens.spec.ts
// orders the headlight, as this journey runs at 390 px only in CI). The wishlist heart uses the
// Corsa's starter motor P0019003, which nothing buys.

const PARTS = { phone: 'P0019001', desktop: 'P0019004' } as const;
const PART_NAMES = { phone: 'Alternator', desktop: 'Headlight' } as const;
const WISHED = 'P0019003';
const PASSWORD = 'Brake-pads-2026';

const partFor = (info: TestInfo) => PARTS[info.project.name as keyof typeof PARTS];

async function expectNoAxeViolations(page: Page, include?: string) {
  const builder = axeOf(page);
  if (include) builder.include(include);
  const results = await builder.analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function screenshot(page: Page, info: TestInfo, name: string, fullPage = true) {
  // From the top, so the sticky header and sidebar sit where a person first sees them.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(page, { path: `/tmp/account-${name}-${info.project.name}.png`, fullPage });
}

/** A photo the shop can decode: a small PNG of one colour. */
async function photo(name: string, colour: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).png().toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Orders `tag` through the cart, registering an account on the addresses step (as payments.spec.ts). */
async function registerWithOrder(page: Page, tag: string, email: string): Promise<string> {
  return orderAsNewMember(page, tag, { email, password: PASSWORD, firstName: 'Robin', lastName: 'Fixer', mobile: '07700 900456' });
}

/** On a phone, opens the account menu unless it is open already. */
async function openPhoneMenu(page: Page, info: TestInfo) {
  if (info.project.name !== 'phone') return;
  const button = page.getByRole('button', { name: /Account menu:/ });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
}

/** Opens an account screen from the sidebar (the phone's menu first on a phone). */
async function openScreen(page: Page, info: TestInfo, label: string) {
  await openPhoneMenu(page, info);
  await page.getByRole('navigation', { name: 'Your account' }).filter({ visible: true }).getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
  await pageSettled(page);
}

test('a member’s account: orders, pay now, a return with two photos, part requests, loyalty, wishlist, cards, deletion', async ({ page }, info) => {
  test.setTimeout(240_000);
  const tag = partFor(info);
  const email = `account.${info.project.name}.${Date.now()}@example.com`;
  const hash = await registerWithOrder(page, tag, email);

  // The spec's hash address opens the orders screen at its own path.
  await page.goto('/panel/#/client/orders');
  await expect(page).toHaveURL(/\/panel\/client\/orders$/);
  await pageSettled(page);
  const nav = page.getByRole('navigation', { name: 'Your account' }).filter({ visible: true });
  await openPhoneMenu(page, info);
  await expect(nav.getByRole('listitem')).toHaveText([
    'My details',
    'My orders',
    'Abandoned carts',
    'Part requests',
    'Saved searches',
    'My wishlist',
    'My garage',
    'Loyalty program',
    'Payment preferences',
    'Settings',
    'Logout',
  ]);
  if (info.project.name === 'phone') await page.getByRole('button', { name: /Account menu:/ }).click();

  // The unpaid order: its badge and 'Pay now'.
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: /Pay now for order/ }) }).first();
  await expect(card).toContainText('Not paid');
  await expect(card).toContainText(PART_NAMES[info.project.name as keyof typeof PART_NAMES]);
  await expectNoAxeViolations(page);
  await screenshot(page, info, 'orders-unpaid');

  // Abandoned carts: the same order with pay now.
  await openScreen(page, info, 'Abandoned carts');
  await expect(page.getByRole('link', { name: /Pay now for order/ })).toHaveCount(1);
  await expectNoAxeViolations(page);
  await screenshot(page, info, 'abandoned-carts');

  // Pay it with the sandbox's 4242, keeping the card.
  await page.getByRole('link', { name: /Pay now for order/ }).click();
  await expect(page).toHaveURL(new RegExp(`/payments/pay-now/${hash}$`));
  const panel = page.getByRole('region', { name: 'Pay for your order' });
  await panel.getByLabel('Card number').fill('4242 4242 4242 4242');
  await panel.getByLabel('Expiry date').fill(FUTURE_EXPIRY);
  await panel.getByLabel('Security code').fill('123');
  await panel.getByLabel('Name on card').fill('Robin Fixer');
  await panel.getByLabel('Save this card for next time').check();
  await panel.getByRole('button', { name: /^Pay £\d/ }).click();
  await expect(page).toHaveURL(new RegExp(`/order-paid\\?hash=${hash}$`));

  // Paid: 'View Invoice' instead of pay now; the invoice downloads.
  await page.goto('/panel/client/orders');
  await pageSettled(page);
  await expect(page.getByRole('link', { name: /Pay now for order/ })).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /View Invoice for order/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^invoice-.+\.pdf$/);
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();

  // A return with two photos: the reason's form, 'required field' for what is missing.
  await page.getByRole('button', { name: /Request Return: / }).click();
  const modal = page.getByRole('dialog', { name: 'Request a return' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Request return' }).click();
  await expect(modal.getByText('Please choose the reason for your return.')).toBeVisible();
  await modal.getByLabel(/Reason for the return/).selectOption({ label: 'Damaged in transit' });
  await expect(modal.getByLabel(/Photos of the damaged part/)).toBeVisible();
  await modal.getByRole('button', { name: 'Request return' }).click();
  await expect(modal.getByText('required field')).toHaveCount(3);
  await modal.getByLabel(/Photos of the damaged part/).setInputFiles([await photo('part.png', { r: 200, g: 30, b: 30 })]);
  await modal.getByLabel(/Photos of the packaging/).setInputFiles([await photo('box.png', { r: 150, g: 110, b: 60 }), await photo('extra.png', { r: 0, g: 0, b: 0 })]);
  // Previews, and a photo can be taken away again.
  await expect(modal.getByRole('img', { name: 'extra.png' })).toBeVisible();
  await modal.getByRole('button', { name: 'Remove photo extra.png' }).click();
  await expect(modal.getByRole('img', { name: 'extra.png' })).toHaveCount(0);
  await modal.getByLabel(/When did you notice the damage/).selectOption({ label: 'When it was delivered' });
  await expect(modal.getByLabel(/What did you tell the courier/)).toBeVisible();
  await expectNoAxeViolations(page, '[role="dialog"]');
  await screenshot(page, info, 'return-modal', false);
  await modal.getByRole('button', { name: 'Request return' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText('Awaiting Review')).toBeVisible();
  await expect(page.getByRole('button', { name: /Request Return: / })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, info, 'orders');

  // A part request: listed at once.
  await openScreen(page, info, 'Part requests');
  await page.getByLabel('Car registration').fill('yx19 rta');
  await page.getByLabel("Or type the part's name").fill('rear wiper motor');
  await expect(page.getByLabel("Or type the part's name")).toHaveValue('REAR WIPER MOTOR');
  await page.getByRole('button', { name: 'Send request' }).click();
  const requests = page.getByRole('list').filter({ hasText: 'YX19RTA' });
  await expect(requests).toContainText('REAR WIPER MOTOR');
  await expect(page.getByLabel('Car registration')).toHaveValue('');
  await expectNoAxeViolations(page);
  await screenshot(page, info, 'part-requests');

  // The loyalty program with the member's progress, and the public page.
  await openScreen(page, info, 'Loyalty program');
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, info, 'loyalty');
  await page.goto('/loyalty-program');
  await pageSettled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Loyalty program' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, info, 'loyalty-public');

  // The wishlist: the heart on a part page, the list, and off again.
  await page.goto(productPath({ make: 'Vauxhall', model: 'Corsa', partName: 'Starter Motor', tag: WISHED }));
  await pageSettled(page);
  const heart = page.getByRole('button', { name: /Save to wishlist:/ });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/panel/client/wishlist');
  await pageSettled(page);
  const wished = page.getByRole('listitem').filter({ hasText: `Ref ${WISHED}` });
  await expect(wished).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, info, 'wishlist');
  await wished.getByRole('button', { name: /^Remove / }).click();
  await expect(wished).toHaveCount(0);
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();

  // My details.
  await openScreen(page, info, 'My details');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await page.getByLabel('Mobile').fill('07700 900999');
  // A company account: 'Find my company' fills the billing address from the VAT register.
  await page.getByRole('radio', { name: 'Company' }).check();
  await page.getByLabel('VAT number').fill('GB 450 6108 77');
  await page.getByRole('button', { name: 'Find my company' }).click();
  await expect(page.getByText(/We found .+ and filled in its registered address/)).toBeVisible();
  const company = await page.getByLabel('Company name').inputValue();
  expect(company).not.toBe('');
  await page.getByRole('button', { name: 'Save my details' }).click();
  await expect(page.getByRole('button', { name: 'Save my details' })).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.reload();
  await pageSettled(page);
  await expect(page.getByLabel('Mobile')).toHaveValue('07700 900999');
  await expect(page.getByLabel('Company name')).toHaveValue(company);
  await expectNoAxeViolations(page);
  await screenshot(page, info, 'details');

  // Payment preferences: the card saved while paying, removed after 'Are you sure?'.
  await openScreen(page, info, 'Payment preferences');
  const tile = page.getByRole('listitem', { name: /Visa •••• 4242/ });
  await expect(tile).toContainText('Robin Fixer');
  await expectNoAxeViolations(page);
  await screenshot(page, info, 'payment-preferences');
  await tile.getByRole('button', { name: /Remove Visa/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('Remove current payment method');
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(tile).toHaveCount(0);
  await expect(page.getByText('There are no payment preferences yet.')).toBeVisible();

  // Logout asks first; cancelling stays.
  await openPhoneMenu(page, info);
  await nav.getByRole('button', { name: 'Logout' }).click();
  const logout = page.getByRole('dialog', { name: 'Logout' });
  await expect(logout).toContainText('Are you sure you want to logout?');
  await logout.getByRole('button', { name: 'Cancel' }).click();
  await expect(logout).toBeHidden();
  await expect(page).toHaveURL(/\/panel\/client\/payment-preferences$/);
  // Confirmed, it signs out.
  await openPhoneMenu(page, info);
  await nav.getByRole('button', { name: 'Logout' }).click();
  await logout.getByRole('button', { name: 'Yes, logout' }).click();
  // /logout signs out, then loads the home page afresh.
  await expect(page).toHaveURL(/\/$/);
  await pageSettled(page);
  await expect(page.getByRole('link', { name: /Hi, Robin/ })).toHaveCount(0);

  // Signed out, an account address opens the login modal and, signed in, shows that screen.
  await page.goto('/panel/client/part-requests');
  await pageSettled(page);
  const modal1 = page.getByRole('dialog', { name: 'Sign in' });
  await expect(modal1).toBeVisible();
  await modal1.getByLabel('Email').fill(email);
  await modal1.getByLabel('Password').fill(PASSWORD);
  await modal1.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Part requests' })).toBeVisible();
  await expect(page.getByText('REAR WIPER MOTOR')).toBeVisible();
  await expect(page).toHaveURL(/\/panel\/client\/part-requests$/);
  await openPhoneMenu(page, info);
  await nav.getByRole('button', { name: 'Logout' }).click();
  await logout.getByRole('button', { name: 'Yes, logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await pageSettled(page);

  // Signed out, the heart asks to sign in first, then keeps the part.
  await page.goto(productPath({ make: 'Vauxhall', model: 'Corsa', partName: 'Starter Motor', tag: WISHED }));
  await pageSettled(page);
  await page.getByRole('button', { name: /Save to wishlist:/ }).click();
  const modal2 = page.getByRole('dialog', { name: 'Sign in' });
  await expect(modal2).toBeVisible();
  await modal2.getByLabel('Email').fill(email);
  await modal2.getByLabel('Password').fill(PASSWORD);
  await modal2.getByRole('button', { name: 'Sign in' }).click();
  await expect(modal2).toBeHidden();
  await expect(page.getByRole('button', { name: /Save to wishlist:/ })).toHaveAttribute('aria-pressed', 'true');

  // Settings: delete the account (the button waits for a reason).
  await page.goto('/panel/client/settings');
  await pageSettled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const deleteButton = page.getByRole('button', { name: 'Confirm Deletion' });
  await expect(deleteButton).toBeDisabled();
  await expectNoAxeViolations(page);
  await screenshot(page, info, 'settings');
  await page.getByLabel(/Why are you leaving/).selectOption({ index: 1 });
  await expect(deleteButton).toBeEnabled();
  await deleteButton.click();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });

  // Signed out now: the account area asks to sign in, and the deleted account cannot.
  await page.goto('/panel/client/orders');
  await pageSettled(page);
  const login = page.getByRole('dialog', { name: 'Sign in' });
  await expect(login).toBeVisible();
  await screenshot(page, info, 'signed-out', false);
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Sign in' }).click();
  await expect(login.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toHaveCount(0);
});
