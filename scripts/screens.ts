// `npm run screens`: screenshots of the storefront's search and listing screens at phone (390 px)
// and desktop (1280 px) widths, written to docs/screens/ for the README. Like the browser tests,
// it serves the production build (run `npm run build` first) with the real server on a fresh
// embedded database, and drives Debian's Chromium (or Playwright's own, when installed).
import { chromium, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs/screens');
const WIDTHS = [390, 1280] as const;
/** A phone screenshot stops here: enough to show the screen without a scroll of a whole page. */
const PHONE_MAX_HEIGHT = 2600;

const SCREENS: { name: string; path: string; ready: (page: Page) => Promise<void>; fullPage?: false }[] = [
  { name: 'home', path: '/', ready: (page) => page.getByRole('link', { name: 'Engine' }).waitFor() },
  {
    name: 'results',
    path: '/categories?vrn=AB12CDE&partType=48',
    ready: (page) => page.getByRole('list', { name: 'Parts found' }).waitFor(),
  },
  {
    name: 'no-results',
    path: '/categories?vrn=AB12CDE&partType=38',
    ready: async (page) => {
      await page.getByRole('region', { name: 'Other parts that fit this make and model' }).waitFor();
      await page.getByRole('button', { name: 'Send request' }).waitFor();
    },
  },
  { name: 'listing', path: '/category/1', ready: (page) => page.getByRole('list', { name: 'Products' }).waitFor() },
  // The product pages (issue 6): a part with its sections and texts, and a vehicle with its variants.
  { name: 'part', path: '/product/ford/focus/alternator/P0012001', ready: (page) => page.getByRole('heading', { name: 'Questions and answers' }).waitFor() },
  { name: 'vehicle', path: '/product/2019-audi-a4-b9-1-4-tfsi-saloon-4', ready: (page) => page.getByRole('heading', { name: /^Interested in this/ }).waitFor() },
  // The checkout, one order per width (each orders its own part: an order reserves it).
  { name: 'cart', path: '/', ready: fillCart },
  {
    name: 'cart-sidebar',
    path: '/categories?vrn=AB12CDE&partType=48',
    ready: async (page) => {
      await page.locator(`a[href="/cart/add/${await checkoutTag(page)}"]`).click();
      await page.getByRole('dialog', { name: /Your cart/ }).getByRole('link', { name: 'Proceed to checkout' }).waitFor();
      await page.waitForTimeout(400);
    },
    // The sidebar covers the screen, not the page: the screen is what a person sees.
    fullPage: false,
  },
  { name: 'addresses', path: '/checkout/addresses', ready: (page) => page.getByRole('button', { name: 'Order summary' }).waitFor() },
  { name: 'summary', path: '/checkout/addresses', ready: fillAddresses },
  {
    name: 'order-created',
    path: '/checkout/summary',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Confirm order' }).click();
      await page.getByRole('heading', { name: 'What happens next' }).waitFor();
    },
  },
];

/** The AB12 CDE alternator the checkout screens of this width order. */
async function checkoutTag(page: Page): Promise<string> {
  const answer = await page.request.get(new URL('/web-api/products/part-search.json?vrn=AB12CDE&partType=48', page.url()).toString());
  const parts = ((await answer.json()) as { data: { parts: { Tag: string }[] } }).data.parts;
  const width = page.viewportSize()?.width ?? 0;
  return parts.at(width < 600 ? -1 : -2)?.Tag ?? '';
}

/** Quick buy with the 3 months warranty, then region, a suggested address and the courier. */
async function fillCart(page: Page): Promise<void> {
  await page.goto(new URL(`/cart/add/${await checkoutTag(page)}/2/true`, page.url()).toString());
  await page.getByLabel('Region').selectOption({ label: 'England and Wales' });
  await page.getByLabel('Delivery postcode').fill('SW1A 2AB');
  await page.getByRole('list', { name: 'Addresses at SW1A 2AB' }).getByRole('button').first().click();
  await page.getByRole('radio', { name: /Tracked courier/ }).check();
  await page.getByLabel(/I accept the terms and conditions/).check();
  await page.getByRole('complementary', { name: 'Order total' }).getByText('Tracked courier').waitFor();
  // The notices of those choices fade after 2 s; the screenshot shows the page without them.
  await page.waitForFunction(() => document.querySelector('[data-sonner-toast]') === null);
}

async function fillAddresses(page: Page): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill('alex.turner@example.com');
  await page.getByLabel('First name', { exact: true }).fill('Alex');
  await page.getByLabel('Last name', { exact: true }).fill('Turner');
  await page.getByLabel('Mobile').fill('07700 900123');
  await page.getByLabel('Billing first name').fill('Alex');
  await page.getByLabel('Billing last name').fill('Turner');
  await page.getByRole('button', { name: 'Order summary' }).click();
  await page.getByRole('button', { name: 'Confirm order' }).waitFor();
}

function browserPath(): string | undefined {
  if (existsSync(chromium.executablePath())) return undefined;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  throw new Error('No Chromium found. Install one with `apt-get install -y chromium`.');
}

async function startShop(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (!existsSync(path.join(root, 'dist/node/main.js'))) throw new Error('No dist/node: run npm run build first.');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-screens-'));
  const port = 4600 + Math.floor(Math.random() * 300);
  const server = spawn(process.execPath, ['dist/node/main.js'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 180_000;
  while (!(await fetch(`${url}/web-api/check`).then((answer) => answer.ok).catch(() => false))) {
    if (server.exitCode !== null) throw new Error(`The shop stopped with code ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('The shop did not start in 3 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Loads every image now (they wait for scrolling otherwise) and waits until they have settled. */
async function loadImages(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((image) => image.setAttribute('loading', 'eager')));
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
}

const shop = await startShop();
const browser = await chromium.launch({
  executablePath: browserPath(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  mkdirSync(outDir, { recursive: true });
  for (const width of WIDTHS) {
    // A fresh context per width: no remembered registration or service worker between them.
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 }, deviceScaleFactor: 1, serviceWorkers: 'block' });
    const page = await context.newPage();
    for (const screen of SCREENS) {
      await page.goto(`${shop.url}${screen.path}`);
      await screen.ready(page);
      await loadImages(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const file = path.join(outDir, `${screen.name}-${width}.png`);
      await page.screenshot({
        path: file,
        fullPage: screen.fullPage ?? true,
        ...(width < 600 && height > PHONE_MAX_HEIGHT ? { clip: { x: 0, y: 0, width, height: PHONE_MAX_HEIGHT } } : {}),
      });
      console.warn(`wrote ${path.relative(root, file)}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await shop.stop();
}
