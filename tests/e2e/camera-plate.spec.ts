// Issue 31 (docs/camera.md): see camera-steps.ts.
import { expect, test } from './fixtures';
import { ALTERNATOR, axeClean, camera, FIRST_READING_MS, openRegistrationCamera, PLATE_VIDEO } from './camera-steps';

test.use(camera(PLATE_VIDEO));

test.describe('a number plate @phone', () => {
  test.setTimeout(120_000);

  test('is read into the registration field, and searched once the person confirms', async ({ page }) => {
    await page.goto('/');
    const viewfinder = await openRegistrationCamera(page);
    await expect(viewfinder).toBeVisible();
    await expect(viewfinder.getByRole('status')).toContainText(/Starting the camera|Hold the number plate/);
    await axeClean(page);

    const use = viewfinder.getByRole('button', { name: 'Use AB12 CDE' });
    await expect(use).toBeVisible({ timeout: FIRST_READING_MS });
    await expect(viewfinder.getByRole('status')).toHaveText('Read: AB12 CDE');
    // Nothing is searched by itself.
    await expect(page).toHaveURL(/\/$/);
    await use.click();
    await expect(viewfinder).toBeHidden();
    const registration = page.getByLabel('Enter registration');
    await expect(registration).toHaveValue('AB12CDE');
    await expect(registration).toBeFocused();

    await page.getByLabel('Part type', { exact: true }).selectOption({ label: ALTERNATOR });
    await page.getByRole('button', { name: 'Find parts' }).click();
    const lookup = page.getByRole('dialog', { name: 'Is this your vehicle?' });
    await lookup.getByRole('button', { name: 'Show parts' }).click();
    await expect(page).toHaveURL(/vrn=AB12CDE/);
  });

  test('the viewfinder is a dialog: focus stays in it, Escape closes it and stops the camera', async ({ page }) => {
    await page.goto('/');
    const viewfinder = await openRegistrationCamera(page);
    // The camera is running once it asks for the plate; a quick reader may have read it already
    // (seen in CI: 'Starting the camera…' straight to 'Read: AB12 CDE').
    await expect(viewfinder.getByRole('status')).toContainText(/Hold the number plate inside the frame\.|Read: AB12 CDE/, { timeout: FIRST_READING_MS });
    const close = viewfinder.getByRole('button', { name: 'Close the camera' });
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await viewfinder.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await expect(close).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewfinder).toBeHidden();
    await expect(page.getByRole('button', { name: 'Read the registration with the camera' }).first()).toBeFocused();
    // No video element is left playing the camera.
    expect(await page.evaluate(() => document.querySelectorAll('video').length)).toBe(0);
  });

  test.describe('offline', () => {
    // The file's camera launch is the full browser already (camera-steps.ts).
    test.use({ serviceWorkers: 'allow' });

    test('reads a plate without signal once the camera was used with signal', async ({ page, context }) => {
      await page.goto('/');
      await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
      // The page the worker did not yet control: once more, under it.
      await page.reload();
      await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
      let viewfinder = await openRegistrationCamera(page);
      await expect(viewfinder.getByRole('button', { name: 'Use AB12 CDE' })).toBeVisible({ timeout: FIRST_READING_MS });
      await page.keyboard.press('Escape');
      const kept = await page.evaluate(async () => (await (await caches.open('camera')).keys()).map((request) => new URL(request.url).pathname.split('/').pop()));
      expect(kept).toEqual(expect.arrayContaining(['worker.min.js', 'eng.traineddata.gz']));

      await context.setOffline(true);
      try {
        await page.reload();
        viewfinder = await openRegistrationCamera(page);
        await viewfinder.getByRole('button', { name: 'Use AB12 CDE' }).click({ timeout: FIRST_READING_MS });
        await expect(page.getByLabel('Enter registration')).toHaveValue('AB12CDE');
      } finally {
        await context.setOffline(false);
      }
    });
  });
});
