import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, pageSettled, test, type Page, type TestInfo, axeOf, keepScreenshot } from './fixtures';
import { baseURL } from '../../playwright.config';
import { MEMBER_PASSWORD, registerMember, requestPart, storedPartRequests } from './offline-steps';
import { WITH_SERVICE_WORKER } from './browsers';

const NEW_MEMBER_PASSWORD = 'Clutch-plate-2027!';
/** The header's count of what waits in the outbox. */
const outboxCount = (page: Page) => page.locator('header [data-outbox-count]');

// About the service worker (offline use, its caches, installing, push): it runs here (the config blocks it elsewhere).
test.use(WITH_SERVICE_WORKER);

// The installed app's update and install (issue 16, 'Installed app').
//
// A second build, without building twice: the test serves the shop through a small proxy of its
// own, on another port, so the page, its service worker and every request share one origin that
// the test can "deploy" to. Before the deploy the proxy passes everything to the e2e server (the
// first build, dist/client). After it, it answers as a second build would: every file under
// /assets/ has a new name ('next-' before the old one) and the scripts, pages, index.html and
// sw.js name the new files, so sw.js differs (new precache URLs, index.html's new revision) and
// the browser installs it as an update; the old names answer 404, as after a real deploy. The
// files are dist/client's own with the names rewritten, made on request in a few milliseconds.

const DIST = path.resolve(import.meta.dirname, '../../dist/client');
const NEXT = 'next-';

interface Deploy {
  deployed: boolean;
  /** Files of the second build made to be missing (names as the second build has them). */
  missing: Set<string>;
}

function secondBuild() {
  const names = readdirSync(path.join(DIST, 'assets'));
  const escaped = names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`(?<![\\w.-])(${escaped.join('|')})`, 'g');
  const rename = (text: string) => text.replace(pattern, (name) => NEXT + name);
  const indexHtml = rename(readFileSync(path.join(DIST, 'index.html'), 'utf8'));
  // The precache names index.html by revision: the second build's differs, as its content does.
  const swJs = rename(readFileSync(path.join(DIST, 'sw.js'), 'utf8')).replace(
    /"revision":"\w+","url":"index\.html"/,
    `"revision":"${createHash('md5').update(indexHtml).digest('hex')}","url":"index.html"`,
  );
  return { names: new Set(names), rename, indexHtml, swJs };
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml', '.webp': 'image/webp', '.woff2': 'font/woff2' };

/** The proxy: the e2e server until the deploy, then the second build for its files and pages. */
async function startProxy(deploy: Deploy): Promise<{ origin: string; close: () => Promise<void> }> {
  const next = secondBuild();
  const upstream = new URL(baseURL);
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://proxy');
    const send = (status: number, type: string, body: string | Buffer, cache: string) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': cache });
      response.end(body);
    };
    if (deploy.deployed && request.method === 'GET') {
      if (url.pathname === '/sw.js') return send(200, 'text/javascript', next.swJs, 'no-cache');
      if (url.pathname === '/index.html') return send(200, 'text/html', next.indexHtml, 'no-cache');
      if (url.pathname.startsWith('/assets/')) {
        const name = url.pathname.slice('/assets/'.length);
        const old = name.startsWith(NEXT) ? name.slice(NEXT.length) : undefined;
        if (!old || !next.names.has(old) || deploy.missing.has(name)) return send(404, 'text/plain', 'Not found', 'no-cache');
        const file = readFileSync(path.join(DIST, 'assets', old));
        const type = TYPES[path.extname(old)] ?? 'application/octet-stream';
        const body = /\.(js|css)$/.test(old) ? next.rename(file.toString('utf8')) : file;
        return send(200, type, body, 'public, max-age=31536000, immutable');
      }
    }
    // Everything else goes to the e2e server, uncompressed so a page can be rewritten.
    const headers = { ...request.headers };
    delete headers['accept-encoding'];
    const forwarded = http.request({ host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers }, (answer) => {
      const isPage = (answer.headers['content-type'] ?? '').startsWith('text/html');
      if (!deploy.deployed || !isPage) {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const { 'content-length': _length, 'transfer-encoding': _encoding, ...rest } = answer.headers;
        response.writeHead(answer.statusCode ?? 502, rest);
        response.end(next.rename(Buffer.concat(chunks).toString('utf8')));
      });
    });
    forwarded.on('error', () => send(502, 'text/plain', 'Upstream failed', 'no-cache'));
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The file of the first build that a route's component is in (Vite's manifest). */
function chunkOf(source: string): string {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const chunk = manifest[source];
  if (!chunk) throw new Error(`no ${source} in the build manifest`);
  return chunk.file.replace(/^assets\//, '');
}

async function workerActive(page: Page) {
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
}

/**
 * Removes one file from the service worker's precache, as if it had never been stored, and empties
 * the browser's HTTP cache, which keeps a build's files for a year (immutable) and would otherwise
 * answer the worker's fallback fetch.
 */
async function dropFromPrecache(page: Page, file: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const dropped = await page.evaluate(async (url) => {
    const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache'));
    return name ? (await caches.open(name)).delete(url) : false;
  }, new URL(`/assets/${file}`, page.url()).href);
  expect(dropped, `${file} was precached`).toBe(true);
}

/** The build the page runs: the entry script it loaded (the first build's, or the 'next-' one). */
function entryScript(page: Page) {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .find((pathname) => /^\/assets\/(next-)?index-[\w-]+\.js$/.test(pathname)),
  );
}

async function expectNoAxeViolations(page: Page) {
  const results = await axeOf(page).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function screenshot(page: Page, info: TestInfo, name: string) {
  await keepScreenshot(page, { path: info.outputPath(`${name}-${info.project.name}.png`) });
}

test.describe('a second build served while the first is open', () => {
  const deploy: Deploy = { deployed: false, missing: new Set() };
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  test.beforeAll(async () => {
    if (!existsSync(path.join(DIST, 'sw.js'))) throw new Error('No dist/client/sw.js: run npm run build first.');
    proxy = await startProxy(deploy);
  });
  test.afterAll(async () => proxy.close());

  test('the update prompt shows; Reload runs the new version with one registration; a missing chunk reloads once, never to a blank page @phone', async ({ page }, info) => {
    // Four page loads, a worker installed twice (the second build's precache: some 170 files).
    test.setTimeout(60_000);
    let loads = 0;
    page.on('load', () => (loads += 1));

    // The first build, installed: its worker controls the page after one more load.
    await page.goto(`${proxy.origin}/`);
    await workerActive(page);
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const firstEntry = await entryScript(page);
    expect(firstEntry).toMatch(/^\/assets\/(?!next-)/);

    // The deploy. The app checks for a new worker hourly and when the signal returns; here at once.
    deploy.deployed = true;
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByTestId('update-prompt');
    // The prompt waits for the new worker to precache the build (some 230 files): on a loaded machine that took over 7 s.
    await expect(prompt).toContainText('A new version is available', { timeout: 30_000 });
    await expect(prompt.getByRole('button', { name: 'Reload' })).toBeVisible();
    await screenshot(page, info, 'update-prompt');
    await expectNoAxeViolations(page);

    // The page still runs the first build, and the cart's screen has not loaded yet: its file is
    // gone from the server and, deliberately, from the worker's precache. Opening the cart reloads
    // the page once, into the second build, on the cart.
    await dropFromPrecache(page, chunkOf('src/routes/cart.index.tsx?tsr-split=component'));
    const loadsBefore = loads;
    await page.getByRole('link', { name: /^Cart/ }).click();
    await expect.poll(() => loads - loadsBefore).toBe(1);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    expect(await entryScript(page)).toBe(firstEntry?.replace('/assets/', `/assets/${NEXT}`));

    // The new worker still waits, and the new page offers it too. Reload: it takes over and the
    // page reloads once more, the new version under the new worker.
    await expect(prompt).toContainText('A new version is available');
    const loadsBeforeUpdate = loads;
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => loads).toBe(loadsBeforeUpdate + 1);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(1);
    const precached = await page.evaluate(async () => {
      const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache'));
      const keys = name ? await (await caches.open(name)).keys() : [];
      return keys.map((request) => new URL(request.url).pathname).filter((pathname) => pathname.startsWith('/assets/'));
    });
    expect(precached.length).toBeGreaterThan(50);
    expect(precached.every((pathname) => pathname.startsWith(`/assets/${NEXT}`))).toBe(true);
    await expect(prompt).toHaveCount(0);

    // A file missing from the build that is live: one reload (this build never reloaded), then the
    // route's error page, not a second reload and not a blank page.
    const badge = NEXT + chunkOf('src/routes/badge.$id.tsx?tsr-split=component');
    deploy.missing.add(badge);
    await dropFromPrecache(page, badge);
    await page.goto(`${proxy.origin}/`);
    // A link clicked before hydration is a plain navigation: one more page load than the reload.
    await pageSettled(page);
    const loadsBeforeBadge = loads;
    await page.getByRole('link', { name: 'Featured parts' }).click();
    await expect.poll(() => loads - loadsBeforeBadge).toBe(1);
    await expect(page.getByRole('heading', { level: 1, name: 'This page could not load' })).toBeVisible();
    // The guard names this build, so the error page stays: no second reload.
    expect(await page.evaluate(() => sessionStorage.getItem('shop:reloaded-for-build'))).toMatch(/\/assets\/next-app-/);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(loads - loadsBeforeBadge).toBe(1);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await screenshot(page, info, 'missing-chunk-error');
  });
});

test.describe('a second build deployed while requests wait in the outbox', () => {
  const deploy: Deploy = { deployed: false, missing: new Set() };
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  test.beforeAll(async () => {
    if (!existsSync(path.join(DIST, 'sw.js'))) throw new Error('No dist/client/sw.js: run npm run build first.');
    proxy = await startProxy(deploy);
  });
  test.afterAll(async () => proxy.close());

  // Issue 28: three account part requests wait (made offline, then held for sign-in when the
  // member's session ended meanwhile); the app updates; the new worker takes the queue over as it
  // is and, once the member has signed in, sends each once, in order.
  test('the new worker takes over three queued requests; after sign-in each is stored once, in order @phone', async ({ page, context, browser }) => {
    test.setTimeout(90_000);
    let loads = 0;
    page.on('load', () => (loads += 1));
    const id = randomUUID().slice(0, 6).toUpperCase();
    const email = `update.${id.toLowerCase()}@example.com`;
    const registrations = ['UA', 'UB', 'UC'].map((prefix) => `${prefix}${id}`.slice(0, 8));
    await registerMember(page, email, proxy.origin);
    await page.goto(`${proxy.origin}/panel/client/part-requests`);
    await workerActive(page);
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await pageSettled(page);
    const firstEntry = await entryScript(page);

    await context.setOffline(true);
    // Each request counted before the next is typed: the form empties itself once a request is
    // saved, and on a loaded machine that came after the next one's fields were filled.
    for (const [index, registration] of registrations.entries()) {
      await requestPart(page, registration, 'door mirror');
      await expect(page.getByText(/You are offline. Your request is saved on this device/).first()).toBeVisible();
      await expect(outboxCount(page)).toHaveAttribute('data-outbox-count', String(index + 1));
    }

    // Meanwhile the member changes the password on another device: this session ends.
    const other = await browser.newContext({ baseURL });
    const props = (await (await other.request.get('/web-api/app-props.json')).json()) as { csrfToken: string };
    expect((await other.request.post('/web-api/members/login', { data: { email, password: MEMBER_PASSWORD }, headers: { 'x-csrf-token': props.csrfToken } })).status()).toBe(200);
    const csrf = (await other.cookies()).find((cookie) => cookie.name.endsWith('csrf-token'))?.value ?? '';
    const changed = await other.request.post('/web-api/members/change-password', {
      data: { current_password: MEMBER_PASSWORD, password: NEW_MEMBER_PASSWORD, confirm_password: NEW_MEMBER_PASSWORD },
      headers: { 'x-csrf-token': csrf },
    });
    expect(changed.status()).toBe(200);
    await other.close();

    // Signal again: the worker renews its token, finds the session gone and holds the three for sign-in.
    await context.setOffline(false);
    const notice = page.locator('[data-outbox-notice]');
    await expect(notice).toContainText('Sign in to send your 3 saved requests.', { timeout: 20_000 });

    // The deploy, then Reload: the new version under the new worker, the queue as it was.
    deploy.deployed = true;
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByTestId('update-prompt');
    // The new worker precaches the build first (see above).
    await expect(prompt.getByRole('button', { name: 'Reload' })).toBeVisible({ timeout: 30_000 });
    // Neither covers the other at 390 px: the notice waits at the top while the prompt shows.
    await expect(notice.getByRole('button', { name: 'Sign in' })).toBeInViewport();
    await keepScreenshot(page, { path: '/tmp/offline-update-with-outbox-notice-390.png' });
    await expectNoAxeViolations(page);
    const loadsBefore = loads;
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => loads).toBe(loadsBefore + 1);
    expect(await entryScript(page)).toBe(firstEntry?.replace('/assets/', `/assets/${NEXT}`));
    await expect(outboxCount(page)).toHaveAttribute('data-outbox-count', '3');

    // Signed in again: the new worker sends the three, once each, in the order made. The account
    // page, signed out, may open the sign-in by itself (then the notice steps aside); either way in
    // sends what waited.
    const login = page.getByRole('dialog', { name: 'Sign in' });
    await expect(async () => {
      if (!(await login.isVisible())) await notice.getByRole('button', { name: 'Sign in' }).click({ timeout: 1_000 });
      await expect(login).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill(NEW_MEMBER_PASSWORD);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await expect(outboxCount(page)).toHaveCount(0, { timeout: 20_000 });
    await expect.poll(async () => (await storedPartRequests(context)).map((each) => each.car_reg)).toEqual(registrations);
  });
});

interface ManifestImage {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
  form_factor?: string;
  label?: string;
}

/** A PNG's width and height, from its header. */
function pngSize(body: Buffer): string {
  expect(body.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`;
}

test('the manifest: maskable icons, narrow and wide screenshots, shortcuts, each file served at its size; Chromium finds it installable @phone', async ({ page }) => {
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    icons: ManifestImage[];
    screenshots: ManifestImage[];
    shortcuts: { name: string; url: string; icons: ManifestImage[] }[];
  };
  const maskable = manifest.icons.filter((icon) => icon.purpose?.split(' ').includes('maskable'));
  expect(maskable.map((icon) => icon.sizes).sort()).toEqual(['192x192', '512x512']);
  expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
  for (const shot of manifest.screenshots) expect(shot.label).toBeTruthy();
  expect(manifest.shortcuts.map((shortcut) => [shortcut.name, shortcut.url])).toEqual([
    ['Search by registration', '/#search'],
    ['My orders', '/panel/client/orders'],
  ]);

  const images = [...manifest.icons, ...manifest.screenshots, ...manifest.shortcuts.flatMap((shortcut) => shortcut.icons)];
  for (const image of images) {
    const answer = await page.request.get(image.src);
    expect(answer.status(), image.src).toBe(200);
    expect(answer.headers()['content-type']).toBe('image/png');
    expect(pngSize(await answer.body()), image.src).toBe(image.sizes);
  }

  // Chromium's own reading: no manifest errors, nothing keeping the shop from being installed.
  await page.goto('/');
  await workerActive(page);
  const cdp = await page.context().newCDPSession(page);
  const parsed = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] };
  expect(parsed.errors).toEqual([]);
  // Playwright's contexts are incognito ones, which Chromium never installs from: that one aside.
  const installability = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  expect(installability.installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
});

/** Records navigator.storage.persist() calls (as if nothing were kept yet). */
const RECORD_PERSIST = () => {
  const storage = navigator.storage as StorageManager & { persistCalls?: number };
  storage.persistCalls = 0;
  storage.persisted = () => Promise.resolve(false);
  storage.persist = () => {
    storage.persistCalls = (storage.persistCalls ?? 0) + 1;
    return Promise.resolve(true);
  };
};

/**
 * How often the page asked to keep its storage. Read with expect.poll: a page that is replaced
 * (the order page's redirect, a reload of the first visit) answers on the next try, as -1 here.
 */
const persistCalls = (page: Page) =>
  page.evaluate(() => (navigator.storage as StorageManager & { persistCalls?: number }).persistCalls ?? 0).catch((error: unknown) => {
    if (error instanceof Error && /context was destroyed|navigation/i.test(error.message)) return -1;
    throw error;
  });

/**
 * Chromium's install offer, as it fires when the shop is installable (a headless browser never
 * decides to): the shop's listener loads right after the page, so the offer is repeated until it
 * is taken. `outcome` is what the browser's install dialog will answer.
 */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed') {
  await page.evaluate((answer) => {
    const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<unknown> };
    offer.prompt = () => {
      document.documentElement.dataset.installDialog = 'opened';
      return Promise.resolve();
    };
    offer.userChoice = Promise.resolve({ outcome: answer, platform: 'web' });
    window.dispatchEvent(offer);
    return offer.defaultPrevented;
  }, outcome);
}

test("after a second visit the shop offers to install itself; 'Not now' puts it away; once installed it asks to keep its storage @phone", async ({ context, page }, info) => {
  await context.addInitScript(RECORD_PERSIST);
  const offerShown = page.getByRole('complementary', { name: 'Install PartsFinder' });

  // The first visit: Chromium's offer is held back (no mini-infobar) and the shop says nothing.
  await page.goto('/');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('shop:visits'))).toBe('1');
  await expect(async () => {
    await offerInstall(page, 'dismissed');
    expect(await page.evaluate(() => document.readyState)).toBe('complete');
  }).toPass();
  await page.reload();
  expect(await page.evaluate(() => localStorage.getItem('shop:visits'))).toBe('1');
  await offerInstall(page, 'dismissed');
  await expect(offerShown).toHaveCount(0);

  // The second visit (a new tab): the offer.
  const second = await context.newPage();
  await second.goto('/');
  const offer = second.getByRole('complementary', { name: 'Install PartsFinder' });
  await expect(async () => {
    await offerInstall(second, 'dismissed');
    await expect(offer).toBeVisible({ timeout: 500 });
  }).toPass();
  await expect(offer.getByRole('button', { name: 'Install' })).toBeVisible();
  await screenshot(second, info, 'install-prompt');
  await expectNoAxeViolations(second);

  // Install, then cancelled in the browser's dialog: the offer rests, and stays away on reload.
  await offer.getByRole('button', { name: 'Install' }).click();
  expect(await second.evaluate(() => document.documentElement.dataset.installDialog)).toBe('opened');
  await expect(offer).toHaveCount(0);
  await second.reload();
  await offerInstall(second, 'dismissed');
  await expect(offer).toHaveCount(0);

  // A month later it may ask again ('Not now' rests it once more); installing asks the browser to
  // keep the shop's storage.
  await second.evaluate(() => localStorage.setItem('shop:install-dismissed-at', String(Date.now() - 31 * 24 * 60 * 60 * 1000)));
  await second.reload();
  await expect(async () => {
    await offerInstall(second, 'accepted');
    await expect(offer).toBeVisible({ timeout: 500 });
  }).toPass();
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toHaveCount(0);
  expect(Number(await second.evaluate(() => localStorage.getItem('shop:install-dismissed-at')))).toBeGreaterThan(Date.now() - 60_000);
  expect(await persistCalls(second)).toBe(0);
  await second.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await expect.poll(() => persistCalls(second)).toBe(1);
});

test.describe('on iOS Safari', () => {
  test.use({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' });

  test("the second visit shows the three taps of 'Add to Home Screen' @phone", async ({ context, page }, info) => {
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('shop:visits'))).toBe('1');
    const second = await context.newPage();
    await second.goto('/');
    const steps = second.getByRole('complementary', { name: 'Add PartsFinder to your Home Screen' });
    await expect(steps).toBeVisible();
    await expect(steps.getByRole('listitem')).toHaveText([/Tap\s+Share in Safari’s toolbar/, /tap Add to Home Screen/, /Tap Add/]);
    await screenshot(second, info, 'ios-steps');
    await expectNoAxeViolations(second);
    await steps.getByRole('button', { name: 'Not now' }).click();
    await expect(steps).toHaveCount(0);
  });
});

test('the first order asks the browser to keep the shop’s storage; the offline banner shows while the connection is down @phone', async ({ context, page }, info) => {
  await context.addInitScript(RECORD_PERSIST);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Featured parts' })).toBeVisible();
  await expect.poll(() => persistCalls(page)).toBe(0);
  // The page an order lands on, whatever it then shows.
  await page.goto('/order-created?hash=0000');
  await expect.poll(() => persistCalls(page)).toBe(1);

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Featured parts' })).toBeVisible();
  await context.setOffline(true);
  try {
    const banner = page.getByRole('status').filter({ hasText: 'You are offline' });
    await expect(banner).toBeVisible();
    await screenshot(page, info, 'offline-banner');
    await expectNoAxeViolations(page);
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByText('You are offline')).toHaveCount(0);
});
