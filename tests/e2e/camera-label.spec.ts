// Issue 31 (docs/camera.md): see camera-steps.ts.
import { expect, test } from './fixtures';
import { camera, FIRST_READING_MS, LABEL_VIDEO } from './camera-steps';

test.use(camera(LABEL_VIDEO));

test.describe('a part label @phone', () => {
  test.setTimeout(120_000);

  test('is read into the part-number search, whose suggestions open', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByLabel('Enter registration')).toBeEditable();
    await page.getByRole('button', { name: 'Part number', exact: true }).click();
    const partNumber = page.getByRole('combobox', { name: 'Part number' });
    await expect(partNumber).toBeEditable();
    await page.getByRole('button', { name: 'Read the part number with the camera' }).click();
    await expect(page.getByRole('dialog', { name: 'Read the part’s label' })).toBeVisible();
    await expect(partNumber).toHaveValue('AV6N10300GC', { timeout: FIRST_READING_MS });
    await expect(page.getByRole('dialog', { name: 'Read the part’s label' })).toBeHidden();
    await expect(page.getByRole('listbox', { name: 'Suggested parts' }).getByRole('option').first()).toContainText('AV6N-10300');
  });
});
