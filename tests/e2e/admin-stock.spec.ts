/**
 * The back office's stock at 1280 px: the owner creates a warehouse user; the warehouse user signs
 * in with an authenticator code, adds a part with three photos and its own warranties, and finds it
 * at once in the shop's part-number search, its page showing the three photos and those warranties. Then the stock list, the import screen
 * (a file with a bad row is reported by line and column) and the customers screens, each looked
 * at in a screenshot and checked with axe.
 */
import sharp from 'sharp';
import { createStaff, signInAsOwner, signInWithTotp } from './admin-steps';
import { questionnaireJson } from '../../src/domain/member-forms';
import { expect, test, type APIRequestContext, type Page, axeOf, keepScreenshot } from './fixtures';

test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the back office is for a desk: checked at 1280 px');
});

const PASSWORD = 'Yard-stock-password-2026';

/** A small real photo: a coloured panel with a darker square on it, as JPEG or PNG. */
async function photo(colour: string, format: 'jpeg' | 'png'): Promise<Buffer> {
  const square = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#1b2430' } }).png().toBuffer();
  const image = sharp({ create: { width: 800, height: 600, channels: 3, background: colour } }).composite([{ input: square, top: 200, left: 300 }]);
  return format === 'jpeg' ? image.jpeg({ quality: 80 }).toBuffer() : image.png().toBuffer();
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await axeOf(page).analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(bad.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the warehouse adds a part with three photos and the shop finds it by its part number at once', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const email = `warehouse-${stamp.toLowerCase()}@example.com`;
  const tag = `E2E${stamp}`;
  const oem = `9Z${stamp}01`;

  await signInAsOwner(page);
  await createStaff(page, { role: 'warehouse', email, password: PASSWORD });
  // The owner's session is the run's, shared with the other browser's journeys: signing it out
  // here signed the staff journey out mid-screen. This browser forgets it instead.
  await page.context().clearCookies();
  await signInWithTotp(page, email, PASSWORD);

  await page.getByRole('navigation').getByRole('link', { name: 'Stock' }).click();
  await expect(page.getByRole('heading', { name: 'Stock', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Parts' }).getByRole('row')).not.toHaveCount(1);
  await keepScreenshot(page, { path: testInfo.outputPath('admin-stock-list-1280.png'), fullPage: true });
  await page.getByRole('link', { name: 'Add a part' }).click();

  const form = page.getByRole('form', { name: 'New part' });
  await form.getByLabel('Tag').fill(tag);
  await form.getByLabel('Stock number').fill('STK-E2E-1');
  await form.getByLabel('Part type', { exact: true }).selectOption({ label: 'Alternator' });
  await form.getByLabel('OEM numbers').fill(oem);
  await form.getByLabel('Grade').selectOption('A');
  await form.getByLabel('Price, £ net of VAT').fill('85.00');
  await form.getByLabel('RRP, £ net (optional)').fill('240.00');
  await form.getByLabel('Description').fill('Tested on the bench: charges at 14.2 V. Pulley and plug undamaged.');
  await form.getByLabel('Make', { exact: true }).selectOption({ label: 'Ford' });
  await form.getByLabel('Model', { exact: true }).selectOption({ label: 'Focus Mk3 (2011–2018)' });
  await form.getByLabel('Year').fill('2015');
  await form.getByLabel('Engine code (optional)').fill('T1DA');
  // Its own warranties instead of the part type's: 6 and 12 months, the 12 months preselected.
  await form.getByRole('radio', { name: 'Its own: the ones ticked below' }).check();
  const shopWarranties = form.getByRole('table', { name: "The shop's warranties" });
  for (const box of await shopWarranties.getByRole('checkbox').all()) await box.uncheck();
  await shopWarranties.getByRole('checkbox', { name: '6 months warranty' }).check();
  await shopWarranties.getByRole('checkbox', { name: '12 months warranty' }).check();
  await shopWarranties.getByRole('radio', { name: 'Preselect 12 months warranty' }).check();
  await form.getByLabel('Choose photos').setInputFiles([
    { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo('#c0392b', 'jpeg') },
    { name: 'side.png', mimeType: 'image/png', buffer: await photo('#27ae60', 'png') },
    { name: 'plug.jpg', mimeType: 'image/jpeg', buffer: await photo('#2980b9', 'jpeg') },
  ]);
  await expect(form.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(3);
  await keepScreenshot(page, { path: testInfo.outputPath('admin-stock-new-1280.png'), fullPage: true });
  await form.getByRole('button', { name: 'Save the part and its 3 photos' }).click();

  await expect(page.getByRole('heading', { name: `Part ${tag}`, level: 1 })).toBeVisible();
  const photos = page.getByRole('list', { name: "The part's photos, in the shop's order" }).getByRole('listitem');
  await expect(photos).toHaveCount(3);
  for (const image of await photos.locator('img').all()) await expect(image).toHaveJSProperty('complete', true);
  await expect.poll(() => photos.locator('img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth === 184))).toBe(true);
  await keepScreenshot(page, { path: testInfo.outputPath('admin-stock-part-1280.png'), fullPage: true });
  await expectNoSeriousAxeViolations(page);

  // The shop, straight away: the part-number search finds it, and its page shows the three photos.
  await page.goto('/');
  await page.getByRole('tab', { name: 'Part number', exact: true }).click();
  const partNumber = page.getByRole('combobox', { name: 'Part number' });
  await partNumber.fill(oem);
  await page.getByRole('button', { name: 'Find parts' }).click();
  await expect(page).toHaveURL(new RegExp(`oem=${oem}`));
  const found = page.getByRole('list', { name: 'Parts found' }).getByRole('listitem');
  await expect(found).toHaveCount(1);
  await expect(found.first()).toContainText(`Part no. ${oem}`);
  await keepScreenshot(page, { path: testInfo.outputPath('admin-stock-shop-search-1280.png') });
  await found.first().getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/product/ford/focus/alternator/${tag}$`));
  await expect(page.getByRole('button', { name: /^Enlarge photo 1 of 3/ })).toBeVisible();
  const main = page.getByRole('button', { name: /^Enlarge photo 1 of 3/ }).locator('img');
  await expect(main).toHaveAttribute('src', /\/thumbs\/\d+\?size=gallery/);
  await expect.poll(() => main.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(862);
  // The part's own warranties, not its part type's.
  const warranties = page.getByRole('group', { name: 'Warranty' }).getByRole('radio');
  await expect(warranties).toHaveCount(2);
  await expect(page.getByRole('radio', { name: /^6 months warranty/ })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: /^12 months warranty/ })).toBeChecked();
  await keepScreenshot(page, { path: testInfo.outputPath('admin-stock-shop-part-1280.png') });
});

test('the owner imports a CSV file with a bad row: nothing imported, the row named by line and column; then the good rows', async ({ page }, testInfo) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const header = 'tag,stock_number,part_type,make,model,year,engine_code,oem,grade,price,rrp,description,status,fitments,likely_match_note';
  const rows = [
    `CSV${stamp}A,STK-CSV-1,Alternator,Ford,Focus Mk3,2014,,8Y${stamp}01,B,45.00,,"Works, tested.",available,,`,
    `CSV${stamp}B,STK-CSV-1,Alternator,Ford,Focus Mk3,2014,,8Y${stamp}02,B,forty,,Works.,available,,`,
    `CSV${stamp}C,STK-CSV-1,Starter Motor,Ford,Focus Mk3,2014,,8Y${stamp}03,Q,55.00,,Works.,available,,`,
  ];
  await signInAsOwner(page);
  await page.goto('/admin/stock/import');
  await expect(page.getByRole('heading', { name: 'Import parts', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the template' })).toHaveAttribute('download', 'parts-import-template.csv');
  await page.getByLabel('CSV file').setInputFiles({ name: 'parts.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\n${rows.join('\n')}\n`) });
  await page.getByRole('button', { name: 'Check and import' }).click();
  await expect(page.getByText('Nothing imported: 2 of 3 rows have problems.', { exact: false })).toBeVisible();
  const problems = page.getByRole('table', { name: 'Problems by line and column' });
  await expect(problems.getByRole('row').filter({ hasText: 'price' })).toContainText('3');
  await expect(problems.getByRole('row').filter({ hasText: 'grade' })).toContainText('4');
  await keepScreenshot(page, { path: testInfo.outputPath('admin-stock-import-1280.png'), fullPage: true });
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Import the 1 good row' }).click();
  await expect(page.getByText('1 part imported; 2 rows with problems skipped.').first()).toBeVisible();
  await page.goto(`/admin/stock?q=CSV${stamp}`);
  await expect(page.getByRole('table', { name: 'Parts' }).getByRole('link', { name: `CSV${stamp}A` })).toBeVisible();
});

/** A member registered through the shop's API in a browser of its own. */
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
      first_name: 'Priya',
      last_name: 'Customer',
      type: 'PRIVATE',
      newsletter: false,
      same_shipping_address: true,
      member_profile: { mobile: '07700 900456', phone: '', questionnaire: questionnaireJson('PRIVATE', { how_heard: { answers: ['eBay'] } }) },
      member_address: { first_name: 'Priya', last_name: 'Customer', address1: '2 Mill Lane', city: 'Leeds', county: 'West Yorkshire', postcode: 'LS2 7EY', country_id: 235 },
      agree_terms: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
}

test('the owner finds a customer by postcode and opens their page', async ({ page, playwright, baseURL }, testInfo) => {
  // A sign-in, a registration and two axe passes: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const email = `priya-${Date.now().toString(36)}@example.com`;
  const shop = await playwright.request.newContext({ baseURL });
  await registerMember(shop, email);
  await shop.dispose();
  await signInAsOwner(page);
  await page.goto('/admin/customers');
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await page.getByLabel('Name, e-mail, postcode or order number').fill('ls2 7ey');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/q=ls2/);
  const table = page.getByRole('table', { name: 'Customers' });
  await expect(table.getByRole('row').filter({ hasText: email })).toBeVisible();
  await keepScreenshot(page, { path: testInfo.outputPath('admin-customers-1280.png'), fullPage: true });
  await expectNoSeriousAxeViolations(page);
  await table.getByRole('row').filter({ hasText: email }).getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Priya Customer', level: 1 })).toBeVisible();
  await expect(page.getByText('LS2 7EY')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Orders \(\d+\)$/ })).toBeVisible();
  await keepScreenshot(page, { path: testInfo.outputPath('admin-customer-1280.png'), fullPage: true });
  await expectNoSeriousAxeViolations(page);
});
