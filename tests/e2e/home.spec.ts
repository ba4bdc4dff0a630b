import { test, expect, chromium, axeOf } from './fixtures';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fullChromium, WITH_SERVICE_WORKER } from './browsers';

// About the service worker (offline use, its caches, installing, push): it runs here (the config blocks it elsewhere).
test.use(WITH_SERVICE_WORKER);

// Foundation journey: the home page with its three searches, the installable PWA shell, and no
// serious accessibility problem, at 390 px, and the @wide ones at 1280 px too.

test('home page offers the part types from the database in all three searches @wide', async ({ page, request }) => {
  const types = await (await request.get('/web-api/products/types.json')).json();
  expect(types.success).toBe(true);
  expect(types.data.length).toBeGreaterThanOrEqual(150);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  for (const name of ['Registration', 'Part number', 'Make & model']) {
    const trigger = page.getByRole(test.info().project.name === 'phone' ? 'button' : 'tab', { name, exact: true });
    await trigger.click();
    await expect(trigger).toHaveAttribute(test.info().project.name === 'phone' ? 'aria-expanded' : 'aria-selected', 'true');
  }

  await page.getByRole(test.info().project.name === 'phone' ? 'button' : 'tab', { name: 'Registration', exact: true }).click();
  const select = page.getByRole('combobox', { name: /part type/i }).first();
  const options = await select.locator('option').allTextContents();
  const names = types.data.map((t: { Name: string }) => t.Name);
  expect(options.filter((o) => names.includes(o))).toEqual(names);
});

test('the service worker is active and Chrome finds the page installable', async ({ page }, testInfo) => {
  await page.goto('/');
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
  const registrations = await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
  expect(registrations).toBe(1);

  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', scope: '/' });
  const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i: { purpose?: string }) => i.purpose?.includes('maskable'))).toBe(true);

  // Chrome never reports an incognito-like test context installable, so ask in a persistent profile.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'shop-profile-'));
  const context = await chromium.launchPersistentContext(profile, { ...fullChromium(), baseURL: testInfo.project.use.baseURL });
  try {
    const installPage = await context.newPage();
    await installPage.goto('/');
    await installPage.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
    const cdp = await context.newCDPSession(installPage);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the home page opens offline from the service worker', async ({ page, context }) => {
  await page.goto('/');
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
  // Part types reach the runtime cache once the worker controls the page.
  await page.reload();
  await expect(page.getByRole('combobox', { name: /part type/i }).first().locator('option').nth(5)).toBeAttached();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The search forms still offer every part type from the service worker's cache.
  await expect(page.getByRole('combobox', { name: /part type/i }).first().locator('option').nth(150)).toBeAttached();
  await context.setOffline(false);
});

test('axe finds no serious or critical violation on the home page @wide', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const results = await axeOf(page).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
