import { test, expect, pageSettled, type Page, axeOf } from './fixtures';

// The search journeys of issue 5 at 390 px, and those tagged @wide at 1280 px too: by registration
// (the three demo registrations), by part number, by make, model and year, and the no-results flow
// ending in a part request that is stored and acknowledged by e-mail.

const ALTERNATOR = 'Alternator';

const isPhone = () => test.info().project.name === 'phone';

/** Opens one of the three searches: a tab on desktop, an accordion item on a phone. */
async function openSearch(page: Page, name: 'Registration' | 'Part number' | 'Make & model') {
  const trigger = page.getByRole(isPhone() ? 'button' : 'tab', { name, exact: true });
  await trigger.click();
  await expect(trigger).toHaveAttribute(isPhone() ? 'aria-expanded' : 'aria-selected', 'true');
}

/**
 * Presses 'Find parts' even while it says there is nothing to search yet (aria-disabled), to see
 * the form name what is missing (SPEC §4, §5): forced, since Playwright treats aria-disabled as
 * disabled, but only once the page has settled (before hydration the press does nothing).
 */
async function pressFind(page: Page) {
  await pageSettled(page);
  await page.getByRole('button', { name: 'Find parts' }).click({ force: true });
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await axeOf(page).analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(bad.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('AB12 CDE: the lookup shows the car, then parts with compatibility badges and VAT prices @wide', async ({ page }) => {
  await page.goto('/');
  const registration = page.getByLabel('Enter registration');
  // Typing is not an action Playwright holds back for a field that is not ready yet.
  await expect(registration).toBeEditable();
  await registration.pressSequentially('ab12 cde');
  // Upper-cased 100 ms after typing.
  await expect(registration).toHaveValue('AB12 CDE');
  await page.getByLabel('Part type', { exact: true }).selectOption({ label: ALTERNATOR });
  await page.getByRole('button', { name: 'Find parts' }).click();

  const lookup = page.getByRole('dialog', { name: 'Is this your vehicle?' });
  await expect(lookup).toBeVisible();
  for (const detail of ['Ford', 'Focus Mk3', '2012', 'Hatchback', 'Manual', '6 SPEED', 'T1DA']) await expect(lookup).toContainText(detail);
  await lookup.getByRole('button', { name: 'Show parts' }).click();

  await expect(page).toHaveURL(/\/categories\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('vrn')).toBe('AB12CDE');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toContainText('Registration search');
  await expect(crumbs).toContainText('6 SPEED');
  await expect(crumbs).toContainText(/Alternator \(\d+ results?\)/);

  const parts = page.getByRole('list', { name: 'Parts found' }).getByRole('listitem');
  expect(await parts.count()).toBeGreaterThanOrEqual(2);
  const first = parts.first();
  await expect(first).toContainText('Exact match for your vehicle');
  await expect(first).toContainText('inc. VAT');
  await expect(first).toContainText('ex. VAT');
  await expect(first.getByRole('link', { name: /Add to cart/ })).toHaveAttribute('href', /^\/cart\/add\/P\w+$/);
  // The demo part P0012001 costs £79.99 inc. VAT, £66.66 without.
  const demo = parts.filter({ has: page.locator('a[href$="/P0012001"]') });
  await expect(demo).toContainText('£79.99');
  await expect(demo).toContainText('£66.66');

  // SPEC §4: the registration is remembered, and the first result's compatibility level.
  expect(await page.evaluate(() => localStorage.getItem('vrn'))).toBe('AB12CDE');
  expect(await page.evaluate(() => sessionStorage.getItem('compatibilityLevel'))).toBe('1');
  await expectNoSeriousAxeViolations(page);
});

test('a registration typed before the page has woken up is kept, and found, on a phone and on a wide screen where the forms become tabs @wide', async ({ page }) => {
  // The page as a slow phone first has it: the server's markup, its scripts not run yet (the
  // framework's chunk is held back until the registration is typed).
  let letScriptsThrough!: () => void;
  const held = new Promise<void>((resolve) => (letScriptsThrough = resolve));
  await page.route(/\/assets\/framework-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  const registration = page.getByLabel('Enter registration');
  await registration.waitFor({ state: 'attached' });
  // A person types whatever the page says (Playwright would wait for the form to be ready).
  await registration.focus();
  await page.keyboard.type('ab12 cde');
  await expect(registration).toHaveValue('ab12 cde');

  letScriptsThrough();
  await pageSettled(page);
  // Hydration would have set the field back to the form's empty value: it keeps what was typed.
  await expect(registration).toHaveValue('AB12 CDE');
  await page.getByLabel('Part type', { exact: true }).selectOption({ label: ALTERNATOR });
  await page.getByRole('button', { name: 'Find parts' }).click();
  await expect(page.getByRole('dialog', { name: 'Is this your vehicle?' })).toContainText('Focus Mk3');
});

test('LM70 HZY: the lookup asks for the model, which then narrows the search', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Enter registration').fill('LM70 HZY');
  await page.getByLabel('Part type', { exact: true }).selectOption({ label: ALTERNATOR });
  await page.getByRole('button', { name: 'Find parts' }).click();

  const ask = page.getByRole('dialog', { name: 'Which model is it?' });
  await expect(ask).toContainText('We found more than one model for this registration. Please select your model.');
  await expect(ask).toContainText('BMW');
  await ask.getByLabel('Model').selectOption('3 Series G20/G21');

  const found = page.getByRole('dialog', { name: 'Is this your vehicle?' });
  await expect(found).toContainText('3 Series G20/G21');
  await found.getByRole('button', { name: 'Show parts' }).click();
  await expect(page).toHaveURL(/model=3(\+|%20)Series/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Alternator');
  await expect(page.getByRole('list', { name: 'Parts found' }).getByRole('listitem').first()).toBeVisible();
});

test('ZZ99 ZZZ: an unknown registration says so and clears the form', async ({ page }) => {
  await page.goto('/');
  const registration = page.getByLabel('Enter registration');
  await registration.fill('ZZ99 ZZZ');
  await page.getByLabel('Part type', { exact: true }).selectOption({ label: ALTERNATOR });
  await page.getByRole('button', { name: 'Find parts' }).click();

  const unknown = page.getByRole('dialog', { name: 'We could not find that registration' });
  await expect(unknown).toContainText('We could not find this registration');
  await unknown.getByRole('button', { name: 'Change registration' }).click();
  await expect(unknown).toBeHidden();
  await expect(registration).toHaveValue('');
  await expect(registration).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem('vrn'))).toBeNull();

  // The results page answers the same way when opened directly.
  await page.goto('/categories?vrn=ZZ99ZZZ&partType=48');
  await expect(page.getByRole('status').filter({ hasText: 'We could not find this registration' })).toBeVisible();
});

test('a registration search asks for what is missing, in order', async ({ page }) => {
  await page.goto('/');
  const find = page.getByRole('button', { name: 'Find parts' });
  await expect(find).toHaveAttribute('aria-disabled', 'true');
  await pressFind(page);
  await expect(page.getByText('Please enter your vehicle registration number.')).toBeVisible();
  await page.getByLabel('Enter registration').fill('AB12CDE');
  await expect(find).toHaveAttribute('aria-disabled', 'false');
  await pressFind(page);
  await expect(page.getByText('Please select the type of part you are looking for.')).toBeVisible();
  await expect(page.getByLabel('Part type', { exact: true })).toBeFocused();

  // The part-type filter narrows the list and picks the only match.
  await page.getByLabel('Filter the part type list').fill('starter mot');
  await expect(page.getByLabel('Part type', { exact: true })).toHaveValue(/\d+/);
  await expect(page.getByLabel('Part type', { exact: true }).locator('option:checked')).toHaveText('Starter Motor');
});

test('a part number search suggests parts from 3 characters and finds them @wide', async ({ page }) => {
  await page.goto('/');
  await openSearch(page, 'Part number');
  const partNumber = page.getByRole('combobox', { name: 'Part number' });
  await expect(page.getByText('Min 3 chars')).toBeVisible();

  await partNumber.fill('AV');
  await pressFind(page);
  await expect(page.getByText('A part number must be at least 3 characters long.')).toBeVisible();

  await partNumber.fill('');
  await partNumber.pressSequentially('av6n-103');
  await expect(partNumber).toHaveValue('AV6N-103');
  const suggestions = page.getByRole('listbox', { name: 'Suggested parts' });
  await expect(suggestions.getByRole('option').first()).toContainText('AV6N-10300');
  await expect(partNumber).toHaveAttribute('aria-expanded', 'true');
  await partNumber.press('ArrowDown');
  await expect(suggestions.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await partNumber.press('Escape');
  await expect(partNumber).toHaveAttribute('aria-expanded', 'false');

  await partNumber.fill('av6n-10300-gc ');
  await page.getByRole('button', { name: 'Find parts' }).click();
  await expect(page).toHaveURL(/oem=AV6N-10300-GC/);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toContainText('Part number search');
  await expect(crumbs).toContainText(/AV6N-10300-GC \(\d+ results?\)/);
  await expect(page.getByRole('list', { name: 'Parts found' }).getByRole('listitem').first()).toContainText('Part no. AV6N-10300-GC');
});

test('a make, model and year search: model follows make, and the button names what is missing @wide', async ({ page }) => {
  // The newest year offered is the visitor's year: a browser clock set to 2026, whatever the date today.
  await page.clock.install({ time: new Date('2026-11-24T10:00:00Z') });
  await page.goto('/');
  await openSearch(page, 'Make & model');
  await pressFind(page);
  await expect(page.getByText('Please select a make.')).toBeVisible();
  await expect(page.getByText('Please fill in all the required fields.')).toBeVisible();

  const make = page.getByLabel('Make', { exact: true });
  const model = page.getByLabel('Model', { exact: true });
  await expect(model).toBeDisabled();
  await make.selectOption('Ford');
  await expect(model.locator('option', { hasText: 'Focus Mk3' })).toHaveCount(1);
  await model.selectOption('Focus Mk3');
  // A new make clears the model.
  await make.selectOption('BMW');
  await expect(model).toHaveValue('');
  await make.selectOption('Ford');
  await model.selectOption('Focus Mk3');
  const years = await page.getByLabel('Year', { exact: true }).locator('option').allTextContents();
  expect(years[1]).toBe('2026');
  expect(years.at(-1)).toBe('1980');
  await page.getByLabel('Year', { exact: true }).selectOption('2012');
  await page.getByLabel('Part type', { exact: true }).selectOption({ label: ALTERNATOR });
  await page.getByRole('button', { name: 'Find parts' }).click();

  await expect(page).toHaveURL(/make=FORD/);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toContainText('Year 2012');
  await expect(crumbs).toContainText('Focus Mk3');
  await expect(crumbs).toContainText(/Alternator \(\d+ results?\)/);
  await expect(page.getByRole('list', { name: 'Parts found' }).getByRole('listitem').first()).toBeVisible();
});

test('no parts in stock: the no-results flow ends in a part request, stored and acknowledged', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `sam.${test.info().project.name}.${Date.now()}@example.com`;
  const botCheckRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('bot-check')) botCheckRequests.push(request.url());
  });
  await page.goto('/categories?vrn=AB12CDE&partType=38');

  await expect(page.getByRole('heading', { name: 'We have no Radiator in stock at the moment.' })).toBeVisible();
  const others = page.getByRole('region', { name: 'Other parts that fit this make and model' }).getByRole('listitem');
  await expect(others.first()).toBeVisible();
  expect(await others.count()).toBeLessThanOrEqual(12);
  await expectNoSeriousAxeViolations(page);

  // The form is far down the page: its bot check (the widget's code, its challenge and the widget)
  // comes only when its place nears the screen; mounting the widget was a long task of the first
  // load on a slow phone (issue 29). A negative, so it is given time to happen: the form's own code
  // is there and the page has settled, and before this change the check loaded within it.
  const form = page.getByRole('region', { name: 'Ask us to find this part' });
  await form.getByLabel('Your name').waitFor();
  await pageSettled(page);
  await page.waitForTimeout(1_500);
  expect(botCheckRequests).toEqual([]);
  await expect(page.locator('altcha-widget')).toHaveCount(0);

  await page.getByRole('button', { name: 'Request this part' }).click();
  await expect(form).toBeInViewport();
  await expect(page.locator('altcha-widget')).toHaveCount(1);
  await expect(form.getByLabel('Vehicle registration')).toHaveValue('AB12CDE');
  await expect(form.getByLabel('Part you need', { exact: true }).locator('option:checked')).toHaveText('Radiator');

  // Checked in the order of SPEC §5: a missing name first.
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByText('Please fill in all the required fields.')).toBeVisible();
  await expect(form.getByText('Please enter your full name.')).toBeVisible();

  await form.getByLabel('Your name').fill('Sam Mechanic');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone (optional)').fill('07700 900123');
  // The proof of work starts when the form is filled in; the widget says when it is done.
  await expect(form.locator('input[name="altcha"]')).toHaveValue(/.{20,}/, { timeout: 60_000 });
  await form.getByRole('button', { name: 'Send request' }).click();

  const thanks = form.getByRole('status').filter({ hasText: 'Your request reference is' });
  await expect(thanks).toBeVisible({ timeout: 15_000 });
  const reference = /PR-\d+/.exec((await thanks.textContent()) ?? '')?.[0];
  expect(reference).toBeTruthy();
  // SPEC §4: success resets the form and the bot check.
  await expect(form.getByLabel('Your name')).toHaveValue('');
  await expect(form.getByLabel('Email')).toHaveValue('');

  // Stored, and acknowledged by e-mail: the outbox holds the mail, written from the stored request.
  // (Asked outside the page: the shop's service worker answers page navigations with the app. The
  // test server runs with DEV_PAGES=true, which shows the outbox page.)
  const outbox = await (await page.request.get('/dev/outbox')).text();
  const mail = outbox.split('<article').find((article) => article.includes(email)) ?? '';
  expect(mail).toContain(`Your part request ${reference}`);
  expect(mail).toContain('Radiator');
  expect(mail).toContain('AB12CDE');
  expect(mail).toContain('Sam Mechanic');
});

test('axe finds no serious or critical violation on the results page @wide', async ({ page }) => {
  await page.goto('/categories?oem=AV6N-10300-GC');
  await expect(page.getByRole('list', { name: 'Parts found' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
