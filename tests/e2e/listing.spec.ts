import { expect, pageSettled, test, type Locator, type Page, axeOf } from './fixtures';

// The category listing of issue 5 at 390 px, and the @wide journeys at 1280 px too: filters, sort and pages live in the
// URL, so a reload and Back show the same view; more products load as the end of the list comes
// into view; on a phone the filters are an off-canvas panel that also holds the search forms.

const isPhone = () => test.info().project.name === 'phone';

/** The filter panel: beside the list on desktop, behind the Filters button on a phone. */
async function openFilters(page: Page): Promise<Locator> {
  if (!isPhone()) return page.getByRole('complementary', { name: 'Filters' });
  await page.getByRole('button', { name: /^Filters/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  return sheet;
}

async function closeFilters(page: Page) {
  if (!isPhone()) return;
  await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeHidden();
}

const products = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('listitem');

function countOf(text: string | null): number {
  return Number(/([\d,]+) products?/.exec(text ?? '')?.[1]?.replace(/,/g, '') ?? NaN);
}

async function grossPrices(list: Locator): Promise<number[]> {
  const texts = await list.locator('strong').allTextContents();
  return texts.map((text) => Number(text.replace(/[£,]/g, '')));
}

test('a listing filtered, sorted and paged by scrolling keeps its view on reload and Back @wide', async ({ page }) => {
  await page.goto('/category/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Engine' })).toBeVisible();
  const counter = page.locator('#products-count');
  await expect(counter).toContainText(/[\d,]+ products/);
  const everything = countOf(await counter.textContent());
  await expect(products(page)).toHaveCount(12);

  // A badge: the list reloads from page 1, 500 ms after the change.
  const filters = await openFilters(page);
  await filters.getByRole('group', { name: 'Badges' }).getByRole('checkbox', { name: 'Featured' }).check();
  await expect(page).toHaveURL(/badges=1/);
  await expect.poll(async () => countOf(await counter.textContent())).toBeLessThan(everything);
  await closeFilters(page);

  // The sort dropdown: radio choices, applied by Save.
  await page.getByRole('button', { name: /^Sort:/ }).click();
  await page.getByRole('menuitemradio', { name: 'Price: low to high' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Save' }).click();
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(page).toHaveURL(/sort=price/);
  await expect(page).toHaveURL(/direction=ASC/);
  await expect(page.getByRole('button', { name: /^Sort:/ })).toContainText('Price: low to high');
  await expect.poll(async () => {
    const prices = await grossPrices(products(page));
    return prices.length === 12 && prices.every((price, i) => i === 0 || prices[i - 1]! <= price);
  }).toBe(true);

  // Scrolling to the end of the list appends page 2, and the URL says so.
  await products(page).last().scrollIntoViewIfNeeded();
  // A short scroll: enough to reach the loader, not so far that page 3 follows at once.
  await page.mouse.wheel(0, 400);
  await expect(products(page)).toHaveCount(24);
  await expect(page).toHaveURL(/page=2/);
  const filtered = page.url();
  const firstTag = await products(page).first().locator('a').first().getAttribute('href');

  // A reload shows the same view: the same filter, sort and both pages.
  await page.reload();
  await expect(products(page)).toHaveCount(24);
  await expect(page.getByRole('button', { name: /^Sort:/ })).toContainText('Price: low to high');
  expect(await products(page).first().locator('a').first().getAttribute('href')).toBe(firstTag);
  const again = await openFilters(page);
  await expect(again.getByRole('group', { name: 'Badges' }).getByRole('checkbox', { name: 'Featured' })).toBeChecked();
  await expect(again.getByRole('radio', { name: 'Price: low to high' })).toBeChecked();
  await closeFilters(page);

  // Away and Back: the same view again.
  await page.getByRole('link', { name: /PartsFinder UK/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  expect(page.url()).toBe(filtered);
  await expect(products(page)).toHaveCount(24);
  await expect(page.getByRole('button', { name: /^Sort:/ })).toContainText('Price: low to high');
});

test('price filters take pounds, search in pence, and refuse To below From @wide', async ({ page }) => {
  await page.goto('/category/1');
  const filters = await openFilters(page);
  await filters.getByLabel('From', { exact: true }).fill('50');
  await expect(page).toHaveURL(/price_from=5000/);
  await filters.getByLabel('To', { exact: true }).fill('20');
  await expect(filters.getByText('To must not be below From.')).toBeVisible();
  await expect(filters.getByLabel('To', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  expect(page.url()).not.toContain('price_to');
  await filters.getByLabel('To', { exact: true }).fill('100');
  await expect(page).toHaveURL(/price_to=10000/);
  await closeFilters(page);
  await expect
    .poll(async () => {
      const prices = await grossPrices(products(page));
      return prices.length > 0 && prices.every((price) => price >= 50 && price <= 100);
    })
    .toBe(true);

  const again = await openFilters(page);
  await again.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/price_/);
});

test('a listing with nothing to show says so', async ({ page }) => {
  await page.goto('/category/1?price_from=99999900');
  await expect(page.getByText('No products found.')).toBeVisible();
  await expect(page.locator('#products-count')).toContainText('0 products');
});

test('the badge listing counts its products and scrolls on', async ({ page }) => {
  await page.goto('/badge/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Featured parts' })).toBeVisible();
  await expect(page.locator('#products-count')).toContainText(/[\d,]+ products/);
  await expect(products(page)).toHaveCount(12);
  // The end of the list in view loads one more page, and only one: the new products push the
  // marker away again.
  await expect(page.getByRole('button', { name: 'Show more products' })).toBeVisible();
  // The list watches its end once hydrated: a scroll before that moved a page nobody watched yet
  // (seen once in CI on a loaded machine: 12 products after 7 s).
  await pageSettled(page);
  await page.mouse.wheel(0, 20_000);
  await expect(products(page)).toHaveCount(24);
  await page.waitForLoadState('networkidle');
  await expect(products(page)).toHaveCount(24);
  await expect(page).toHaveURL(/page=2/);
});

// Tagged @phone: the desktop project leaves it out (playwright.config.ts), as its layout has no panel.
test('on a phone the filters are an off-canvas panel that also holds the search forms @phone', async ({ page }) => {
  await page.goto('/category/1');
  await expect(page.getByRole('complementary', { name: 'Filters' })).toHaveCount(0);
  const trigger = page.getByRole('button', { name: /^Filters/ });
  const sheet = await openFilters(page);
  await expect(sheet.getByRole('radio', { name: 'Recommended' })).toBeChecked();
  await expect(sheet.getByRole('group', { name: 'Badges' })).toBeVisible();
  await expect(sheet.getByRole('group', { name: /Price/ })).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Clear filters' })).toBeVisible();
  // The three searches.
  for (const name of ['Registration', 'Part number', 'Make & model']) await expect(sheet.getByRole('button', { name, exact: true })).toBeVisible();
  await sheet.getByRole('group', { name: 'Badges' }).getByRole('checkbox', { name: 'Tested' }).check();
  // Closing applies a change at once, and gives focus back to the button.
  await sheet.getByRole('button', { name: 'Close' }).last().click();
  await expect(sheet).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(page).toHaveURL(/badges=3/);
  await expect(trigger).toContainText('(1)');
  // Escape closes it too.
  await trigger.click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeHidden();
});

test('the categories modal opens from a category link on the home page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Engine', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Engine' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('navigation', { name: 'Engine subcategories' }).getByRole('link')).not.toHaveCount(0);
  const popular = modal.getByRole('region', { name: 'Popular parts' }).getByRole('listitem');
  expect(await popular.count()).toBeGreaterThan(0);
  expect(await popular.count()).toBeLessThanOrEqual(4);
  await expect(popular.first()).toContainText(/£[\d,]+\.\d{2}|not available/);
  await modal.getByRole('link', { name: 'All engine parts' }).click();
  await expect(page).toHaveURL(/\/category\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Engine' })).toBeVisible();
});

test('axe finds no serious or critical violation on a listing @wide', async ({ page }) => {
  await page.goto('/category/1');
  await expect(products(page)).toHaveCount(12);
  const results = await axeOf(page).analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(bad.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
});
