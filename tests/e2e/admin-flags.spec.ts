/**
 * The back office's feature flags at 1280 px: the owner turns 'Lowest price shown' off (asked
 * first), the list says who set it, the shop's app props follow on the next request, and it is
 * turned back on. No other journey reads this flag, so the two browsers at once never see it move.
 */
import { signInAsOwner } from './admin-steps';
import { type APIRequestContext, expect, test, axeOf, keepScreenshot } from './fixtures';

test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the back office is for a desk: checked at 1280 px');
});

const lowestPrice = async (request: APIRequestContext) =>
  ((await (await request.get('/web-api/app-props.json')).json()) as { props: { flags: { lowestPrice: number } } }).props.flags.lowestPrice;

test('the owner switches a feature flag off and on; the shop follows at once', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signInAsOwner(page);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Flags' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Feature flags' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Lowest price shown' });
  await expect(row).toContainText('On');
  await expect(row).toContainText("The shop's setting (on)");
  expect(await lowestPrice(page.request)).toBe(1);

  await row.getByRole('button', { name: 'Turn Lowest price shown off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn Lowest price shown off?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Off');
  await expect(row).toContainText('Olive Owner');
  expect(await lowestPrice(page.request)).toBe(0);
  const results = await axeOf(page).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  await keepScreenshot(page, { path: testInfo.outputPath('flags-1280.png'), fullPage: true });

  await row.getByRole('button', { name: 'Turn Lowest price shown on' }).click();
  await page.getByRole('dialog', { name: 'Turn Lowest price shown on?' }).getByRole('button', { name: 'Turn on' }).click();
  await expect(row).toContainText('On');
  expect(await lowestPrice(page.request)).toBe(1);
});
