import { expect, pageSettled, test, type APIRequestContext, type Page, type TestInfo, axeOf, keepScreenshot } from './fixtures';
import { questionnaireJson } from '../../src/domain/member-forms';
import { WITH_SERVICE_WORKER } from './browsers';

// About the service worker (offline use, its caches, installing, push): it runs here (the config blocks it elsewhere).
test.use(WITH_SERVICE_WORKER);

// Issue 17, "Trade buyers come back", at 390 px (the account's list at 1280 px: wide-screens.spec.ts): a visitor saves a registration search
// (signing in through the login modal, after which the save carries on), then a make/model search;
// the account lists both with the parts matching now and new since the last run; a run opens the
// results and resets the new count; an alert, a rename and a deletion; and without signal the
// saved searches screen reloads and a saved search opens its last results with the offline notice.
//
// Searches (docs/demo-data.md): AB12 CDE's right headlights (four available parts fit it) and the
// 2012 Ford Focus Mk3's alternators. Nothing here buys a part, so the counts hold for both projects.

const PASSWORD = 'Gearbox-and-clutch#1';
const OFFLINE_NOTICE = /You are offline — price and availability as of \d{2}:\d{2} \d{2}\/\d{2}\/\d{2}/;

async function expectNoSeriousAxeViolations(page: Page, include?: string) {
  const builder = axeOf(page);
  if (include) builder.include(include);
  const results = await builder.analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(bad.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function workerActive(page: Page) {
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
}

async function shot(page: Page, info: TestInfo, name: string) {
  await keepScreenshot(page, { path: `/tmp/saved-${name}-${info.project.use.viewport?.width ?? info.project.name}.png` });
}

/** A member registered through the API in a browser of its own, so the page stays a visitor's. */
async function registerMember(request: APIRequestContext, email: string): Promise<void> {
  await request.get('/');
  const token = (await request.storageState()).cookies.find((cookie) => cookie.name.endsWith('csrf-token'))?.value;
  if (!token) throw new Error('no CSRF cookie');
  const registered = await request.post('/web-api/members/register', {
    headers: { 'x-csrf-token': token },
    data: {
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
      first_name: 'Sam',
      last_name: 'Trader',
      type: 'PRIVATE',
      newsletter: false,
      same_shipping_address: true,
      member_profile: { mobile: '07700 900123', phone: '', questionnaire: questionnaireJson('PRIVATE', { how_heard: { answers: ['eBay'] } }) },
      member_address: { first_name: 'Sam', last_name: 'Trader', address1: '1 Mill Lane', city: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 4AP', country_id: 235 },
      agree_terms: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
}

async function partTypeId(request: APIRequestContext, name: string): Promise<number> {
  const types = (await (await request.get('/web-api/products/types.json')).json()) as { data: { ID: number; Name: string }[] };
  const found = types.data.find((type) => type.Name === name);
  if (!found) throw new Error(`no part type ${name}`);
  return found.ID;
}

test('a trade buyer saves searches, finds them in the account with their counts, runs one, and runs it again without signal', async ({ page, context, request }, info) => {
  test.setTimeout(150_000);
  const email = `saved.${info.project.name}.${Date.now()}@example.com`;
  await registerMember(request, email);
  const headlights = await partTypeId(request, 'Headlight (Right)');
  const alternators = await partTypeId(request, 'Alternator');
  const cards = page.getByRole('list', { name: 'Parts found' }).getByRole('listitem');
  const dialog = page.getByRole('dialog', { name: 'Save this search' });

  // --- A visitor's registration search: the login modal first, then the save dialog.
  await page.goto(`/categories?vrn=AB12CDE&partType=${headlights}`);
  await expect(cards).toHaveCount(4);
  await workerActive(page);
  await page.getByRole('button', { name: 'Save this search' }).click();
  const login = page.getByRole('dialog', { name: 'Sign in' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Sign in' }).click();
  // Sign-in checks the password with argon2id and then reads every query again as the member:
  // seconds on a busy machine.
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toContainText('Registration AB12CDE · Headlight (Right)');
  const name = dialog.getByLabel('Name');
  await expect(name).toHaveValue('AB12CDE – Headlight (Right)');
  await expectNoSeriousAxeViolations(page, '[role="dialog"]');
  // The server's field message, under the field.
  await name.fill('  ');
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(dialog.getByText('Give the search a name.')).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await shot(page, info, 'dialog-error');
  await name.fill('Focus headlights');
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Search saved as “Focus headlights”.', { exact: false })).toBeVisible();

  // --- A make/model search, signed in: the dialog at once; Enter saves with the name offered.
  await page.goto(`/categories?make=FORD&model=Focus%20Mk3&year=2012&partType=${alternators}`);
  await expect(cards.first()).toBeVisible();
  const alternatorCount = await cards.count();
  await pageSettled(page);
  await page.getByRole('button', { name: 'Save this search' }).click();
  await expect(name).toHaveValue('2012 Ford Focus Mk3 – Alternator');
  await expect(name).toBeFocused();
  await name.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Search saved as “2012 Ford Focus Mk3 – Alternator”.', { exact: false })).toBeVisible();

  // --- The account: both, newest first, with their counts (every match is new before the first run).
  await page.goto('/panel/client/saved-searches');
  await expect(page.getByRole('heading', { level: 1, name: 'Saved searches' })).toBeVisible();
  await pageSettled(page);
  const items = page.getByRole('list', { name: 'Your saved searches' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  const byReg = items.filter({ has: page.getByRole('heading', { name: 'Focus headlights' }) });
  const byMake = items.filter({ has: page.getByRole('heading', { name: '2012 Ford Focus Mk3 – Alternator' }) });
  await expect(items.nth(0).getByRole('heading')).toHaveText('2012 Ford Focus Mk3 – Alternator');
  await expect(byReg).toContainText('Registration AB12CDE · Headlight (Right)');
  await expect(byReg).toContainText('4 parts match now');
  await expect(byReg).toContainText('4 new since your last visit');
  await expect(byReg).toContainText('Not run yet');
  await expect(byMake).toContainText('2012 Ford Focus Mk3 · Alternator');
  await expect(byMake).toContainText(`${alternatorCount} ${alternatorCount === 1 ? 'part matches' : 'parts match'} now`);
  await expect(byMake).toContainText(`${alternatorCount} new since your last visit`);
  await expectNoSeriousAxeViolations(page);
  await shot(page, info, 'screen');

  // The alert, by keyboard.
  const alert = byMake.getByRole('switch', { name: 'Tell me when new parts match' });
  await expect(alert).not.toBeChecked();
  await alert.focus();
  // The toast shows for 2 s once the server has answered: waiting for that answer first keeps a slow
  // answer on a busy machine from using up the check's time (it once missed the toast that way).
  const answered = page.waitForResponse((response) => response.url().includes('/web-api/') && response.request().method() !== 'GET');
  await page.keyboard.press('Space');
  await expect(alert).toBeChecked();
  await answered;
  await expect(page.getByText('We will tell you when new parts match “2012 Ford Focus Mk3 – Alternator”.')).toBeVisible();

  // Rename: the server's field message under the field, then a good name.
  await byMake.getByRole('button', { name: 'Rename' }).click();
  const newName = page.getByLabel('New name for “2012 Ford Focus Mk3 – Alternator”');
  await expect(newName).toBeFocused();
  await newName.fill('');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Give the search a name.')).toBeVisible();
  await newName.fill('Focus alternators');
  await newName.press('Enter');
  const alternatorSearch = items.filter({ has: page.getByRole('heading', { name: 'Focus alternators' }) });
  await expect(alternatorSearch).toBeVisible();
  await expect(alternatorSearch.getByRole('switch', { name: 'Tell me when new parts match' })).toBeChecked();

  // One tap runs the registration search: the normal results, and it is viewed from now on.
  await byReg.getByRole('button', { name: 'Run search' }).click();
  await expect(page).toHaveURL(new RegExp(`/categories\\?vrn=AB12CDE&partType=${headlights}$`));
  await expect(cards).toHaveCount(4);
  await page.goto('/panel/client/saved-searches');
  await expect(byReg).toContainText('4 parts match now');
  await expect(byReg).toContainText('Last run');
  await expect(byReg.getByText(/new since your last visit/)).toHaveCount(0);
  await expect(alternatorSearch).toContainText(`${alternatorCount} new since your last visit`);

  // --- Without signal: the screen reloads with the kept list, and the search run before opens
  // from the results the phone kept, with the notice.
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Saved searches' })).toBeVisible();
    await expect(items).toHaveCount(2);
    await expect(byReg).toContainText('4 parts match now');
    await expect(page.getByTestId('offline-notice')).toHaveText(OFFLINE_NOTICE);
    await pageSettled(page);
    await expectNoSeriousAxeViolations(page);
    await shot(page, info, 'offline-screen');
    await byReg.getByRole('button', { name: 'Run search' }).click();
    await expect(page).toHaveURL(new RegExp(`/categories\\?vrn=AB12CDE&partType=${headlights}$`));
    await expect(cards).toHaveCount(4);
    await expect(page.getByTestId('offline-notice')).toHaveText(OFFLINE_NOTICE);
    await shot(page, info, 'offline-results');
  } finally {
    await context.setOffline(false);
  }

  // --- Delete, after asking.
  await page.goto('/panel/client/saved-searches');
  await pageSettled(page);
  await alternatorSearch.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete saved search' });
  await expect(confirm).toContainText('Delete “Focus alternators”? Its alert stops too.');
  await expectNoSeriousAxeViolations(page, '[role="dialog"]');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(items).toHaveCount(2);
  await alternatorSearch.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(items).toHaveCount(1);
  await expect(page.getByText('The saved search has been deleted.')).toBeVisible();
});

test('a visitor never sees a saved-search list', async ({ page }) => {
  await page.goto('/panel/client/saved-searches');
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  // The modal hides the page from assistive technology; the page itself asks to sign in.
  await expect(page.locator('main h1')).toHaveText('Your account');
  await expect(page.getByText('Loading your saved searches…')).toHaveCount(0);
  await expect(page.locator('h1', { hasText: 'Saved searches' })).toHaveCount(0);
  expect((await page.request.get('/web-api/saved-searches/getList.json')).status()).toBe(401);
});
