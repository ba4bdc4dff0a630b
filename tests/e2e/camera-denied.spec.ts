// Issue 31 (docs/camera.md): see camera-steps.ts.
import { expect, test } from './fixtures';
import { camera, FIRST_READING_MS, openRegistrationCamera, PLATE_VIDEO, platePng } from './camera-steps';

test.use(camera(PLATE_VIDEO, false));

test.describe('a camera that is not allowed @phone', () => {
  test.setTimeout(120_000);

  test("offers 'Take a photo' and reads the photo", async ({ page, context }) => {
    await context.clearPermissions();
    await page.goto('/');
    const viewfinder = await openRegistrationCamera(page);
    await expect(viewfinder.getByRole('status')).toContainText(/not allowed|No camera/);
    const chooser = page.waitForEvent('filechooser');
    await viewfinder.getByRole('button', { name: 'Take a photo' }).click();
    await (await chooser).setFiles({ name: 'plate.png', mimeType: 'image/png', buffer: platePng });
    await viewfinder.getByRole('button', { name: 'Use AB12 CDE' }).click({ timeout: FIRST_READING_MS });
    await expect(page.getByLabel('Enter registration')).toHaveValue('AB12CDE');
  });
});
