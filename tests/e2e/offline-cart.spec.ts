import { expect, pageSettled, test, type APIRequestContext, type BrowserContext, type Page, type Request, axeOf, keepScreenshot } from './fixtures';
import type { Cart } from '../../src/contract/cart';
import type { getPartPage } from '../../src/contract/catalogue';
import type { CallResponse } from '../../src/contract/define';
import { productPath } from '../../src/domain/urls';
import { WITH_SERVICE_WORKER } from './browsers';

// About the service worker (offline use, its caches, installing, push): it runs here (the config blocks it elsewhere).
test.use(WITH_SERVICE_WORKER);

// The offline cart (issue 16): cart changes made without signal show at once with a 'waiting for
// signal' mark, are kept across reloads (the persisted query cache), and are sent one at a time,
// in order, each with its Idempotency-Key, when the signal returns. Once at 390 px ('@phone').
// Parts: the 2020 BMW demo parts P0070001, P0070002, P0070005, P0070006, P0070008 and
// P0070009, which no other spec uses.

type PartPage = CallResponse<typeof getPartPage>;

const PERSIST_KEY = 'shop-query-cache';

async function csrfHeader(context: BrowserContext): Promise<Record<string, string>> {
  const token = (await context.cookies()).find((cookie) => cookie.name.endsWith('csrf-token'))?.value;
  if (!token) throw new Error('no CSRF cookie yet');
  return { 'x-csrf-token': token };
}

/** Puts a part in this context's cart through the API (the same cookies as the page). */
async function addByApi(request: APIRequestContext, context: BrowserContext, tag: string, warrantyId?: number): Promise<Cart> {
  const response = await request.post('/web-api/carts/add-item', { data: { product: { tag, warranty_id: warrantyId ?? null } }, headers: await csrfHeader(context) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { cart: Cart }).cart;
}

async function serverCart(request: APIRequestContext): Promise<Cart> {
  return ((await (await request.get('/web-api/carts/get-cart')).json()) as { cart: Cart }).cart;
}

async function partPage(request: APIRequestContext, tag: string): Promise<PartPage> {
  return (await (await request.get(`/web-api/products/part/${tag}.json`)).json()) as PartPage;
}

const pathOf = (page: PartPage) => productPath({ make: page.product.ManuName, model: page.product.ModelName, partName: page.product.formattedName, tag: page.product.Tag });

async function workerActive(page: Page) {
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
}

/** The kept cache starts once React has hydrated the page (src/main.tsx): then it is there. */
async function hydratedAndKept(page: Page) {
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key) !== null, PERSIST_KEY)).toBe(true);
}

/** The cart changes the persisted cache holds, by name. */
async function persistedChanges(page: Page): Promise<string[]> {
  return page.evaluate((key) => {
    const stored = JSON.parse(localStorage.getItem(key) ?? '{"clientState":{"mutations":[]}}') as { clientState: { mutations: { mutationKey: string[] }[] } };
    return stored.clientState.mutations.map((mutation) => mutation.mutationKey[2] ?? '');
  }, PERSIST_KEY);
}

const isCartWrite = (request: Request) => request.url().includes('/web-api/carts/') && request.method() !== 'GET';

async function expectNoAxeViolations(page: Page) {
  const results = await axeOf(page).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('@phone offline: a viewed part added with a paid warranty and a removed line are kept through reloads and land once each on reconnecting', async ({ page, context }) => {
  test.setTimeout(60_000);
  const kept = await partPage(page.request, 'P0070001');
  const added = await partPage(page.request, 'P0070005');
  const paid = added.warranties.find((warranty) => warranty.value > 0);
  if (!paid) throw new Error('P0070005 offers no paid warranty');

  // A line already in the cart, then the part page viewed with signal.
  await page.goto('/');
  await addByApi(page.request, context, 'P0070001');
  await page.goto(pathOf(added));
  await workerActive(page);
  await pageSettled(page);
  await hydratedAndKept(page);
  await page.getByRole('radio', { name: new RegExp(paid.name) }).check();

  // Every cart write the page sends from here on, with its Idempotency-Key.
  const writes: { path: string; key: string | undefined }[] = [];
  page.on('request', (request) => {
    if (isCartWrite(request)) writes.push({ path: new URL(request.url()).pathname, key: request.headers()['idempotency-key'] });
  });

  await context.setOffline(true);
  await page.getByRole('link', { name: /add to cart/i }).first().click();
  // Back on the part page with the sidebar: the part is there at once, marked.
  const sidebar = page.getByRole('dialog', { name: /your cart/i });
  await expect(sidebar.getByText('Added: waiting for signal')).toBeVisible();
  await expect(sidebar.getByRole('link', { name: added.product.name })).toBeVisible();
  await sidebar.getByRole('link', { name: 'Proceed to checkout' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await page.getByRole('button', { name: `Remove ${kept.product.name} from the cart` }).click();
  const rows = page.locator('tr[data-pending]');
  await expect(page.locator('tr[data-pending="remove"]')).toContainText('Removal: waiting for signal');
  await expect(page.locator('tr[data-pending="add"]')).toContainText(paid.name);
  await expect(page.getByRole('button', { name: 'Checkout needs signal' })).toBeVisible();
  await expect(page.getByText('You are offline: checkout needs signal.')).toBeVisible();
  expect(writes).toEqual([]);

  // Reload twice without signal: both changes still pending, each kept once (TanStack/query#4846).
  for (let reload = 0; reload < 2; reload += 1) {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(page.locator('tr[data-pending="add"]')).toContainText('Added: waiting for signal');
    await expect(page.locator('tr[data-pending="remove"]')).toContainText('Removal: waiting for signal');
    await expect.poll(() => persistedChanges(page)).toEqual(['add-item', 'delete-item']);
  }
  // The header counts the queued changes in: one part added, one removed.
  await expect(page.getByRole('link', { name: 'Cart 1 item' })).toBeVisible();

  await pageSettled(page);
  await keepScreenshot(page, { path: `/tmp/offline-cart-pending-390.png`, fullPage: true });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await keepScreenshot(page, { path: `/tmp/offline-cart-pending-1280.png`, fullPage: true });
  await expectNoAxeViolations(page);

  await context.setOffline(false);
  await expect(rows).toHaveCount(0);
  await expect(page.getByText(/waiting for signal/)).toHaveCount(0);
  const cart = await serverCart(page.request);
  expect(cart.cart_products.map((line) => [line.tag, line.warranty_id])).toEqual([['P0070005', paid.id]]);
  // One request per change, in the order made, never again after the reloads.
  expect(writes.map((write) => write.path)).toEqual(['/web-api/carts/add-item', expect.stringMatching(/^\/web-api\/carts\/delete-item\/\d+$/)]);
  expect(new Set(writes.map((write) => write.key)).size).toBe(2);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Proceed to addresses' })).toBeVisible();
  await expect.poll(() => persistedChanges(page)).toEqual([]);
});

test('@phone a part added offline that another session orders meanwhile is named in a notice and is not in the cart', async ({ page, context, browser }) => {
  const part = await partPage(page.request, 'P0070008');
  await page.goto(pathOf(part));
  await workerActive(page);
  await pageSettled(page);
  await hydratedAndKept(page);

  await context.setOffline(true);
  await page.getByRole('link', { name: /add to cart/i }).first().click();
  const sidebar = page.getByRole('dialog', { name: /your cart/i });
  await expect(sidebar.getByText('Added: waiting for signal')).toBeVisible();

  // Meanwhile another customer buys it: their order holds the part.
  const other = await browser.newContext();
  try {
    await other.request.get('/');
    await addByApi(other.request, other, 'P0070008');
    const headers = await csrfHeader(other);
    expect((await other.request.patch('/web-api/carts/update-region-and-delivery', { data: { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 }, headers })).status()).toBe(200);
    const form = {
      is_guest: true,
      email: 'dana@quickfit-garage.co.uk',
      first_name: 'Dana',
      last_name: 'Price',
      type: 'PRIVATE',
      same_shipping_address: true,
      member_profile: { mobile: '07700 900456' },
      member_address: { first_name: 'Dana', last_name: 'Price', address1: '2 Mill Hill', city: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 4AP', country_id: 235 },
      cart: { comments_delivery: '' },
      agree_terms: true,
      agree_privacy: true,
    };
    expect((await other.request.post('/web-api/carts/update-shipping', { data: form, headers })).status()).toBe(200);
    expect((await other.request.patch('/web-api/carts/create-order', { headers })).status()).toBe(200);
  } finally {
    await other.close();
  }

  await context.setOffline(false);
  const notice = sidebar.getByRole('alert').filter({ hasText: part.product.name });
  await expect(notice).toContainText('sold or reserved');
  await expect(notice).toContainText('not in your cart');
  await expect(sidebar.getByText(/waiting for signal/)).toHaveCount(0);
  expect((await serverCart(page.request)).cart_products.map((line) => line.tag)).not.toContain('P0070008');
  await expect(sidebar.getByRole('link', { name: part.product.name })).toHaveCount(0);
});

test('@phone a cart change in flight at a reload is sent again with the same Idempotency-Key and lands once (TanStack/query#6238)', async ({ page, context }) => {
  const part = await partPage(page.request, 'P0070002');
  const paid = part.warranties.find((warranty) => warranty.value > 0);
  if (!paid) throw new Error('P0070002 offers no paid warranty');
  await page.goto('/');
  await addByApi(page.request, context, 'P0070002');
  // The delivery section's prices arrive after hydration; a warranty chosen before they do is
  // drawn back (noticed, left alone here): choose once they are in.
  const deliveries = page.waitForResponse('**/web-api/carts/get-available-delivery-prices');
  await page.goto('/cart');
  await pageSettled(page);
  await hydratedAndKept(page);
  await deliveries;

  const keys: string[] = [];
  let hold = true;
  await page.route('**/web-api/carts/update-item', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    // The first attempt reaches the shop, whose answer never gets back before the reload.
    if (hold) {
      hold = false;
      await route.fetch();
      return;
    }
    await route.continue();
  });
  await page.getByLabel('Warranty').selectOption(String(paid.id));
  await expect.poll(() => keys.length).toBe(1);
  await page.reload();

  await expect.poll(() => keys.length).toBe(2);
  expect(keys[1]).toBe(keys[0]);
  await expect(page.getByText(/sending…|waiting for signal/)).toHaveCount(0);
  const cart = await serverCart(page.request);
  expect(cart.cart_products.map((line) => [line.tag, line.warranty_id])).toEqual([['P0070002', paid.id]]);
  await expect(page.getByLabel('Warranty')).toHaveValue(String(paid.id));
});

test('@phone changes queued offline are sent one at a time, in the order made (TanStack/query#4896)', async ({ page, context }) => {
  const first = await partPage(page.request, 'P0070006');
  const paid = first.warranties.find((warranty) => warranty.value > 0);
  if (!paid) throw new Error('P0070006 offers no paid warranty');
  const second = await partPage(page.request, 'P0070009');
  await page.goto('/');
  await workerActive(page);
  await addByApi(page.request, context, 'P0070006');
  const before = await addByApi(page.request, context, 'P0070009');
  const lineOf = (tag: string) => before.cart_products.find((line) => line.tag === tag)?.id;
  const deliveries = page.waitForResponse('**/web-api/carts/get-available-delivery-prices');
  await page.goto('/cart');
  await pageSettled(page);
  await hydratedAndKept(page);
  await deliveries;

  // Each write takes a moment at the shop; a second one starting before the first has its
  // answer would show here.
  const log: { what: string; start: number; end: number }[] = [];
  await page.route('**/web-api/carts/**', async (route) => {
    const request = route.request();
    if (request.method() === 'GET') return route.continue();
    const start = Date.now();
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 250));
    await route.fulfill({ response });
    log.push({ what: `${request.method()} ${new URL(request.url()).pathname}`, start, end: Date.now() });
  });

  await context.setOffline(true);
  const firstRow = page.locator('tbody tr').filter({ hasText: first.product.name });
  await firstRow.getByLabel('Warranty').selectOption(String(paid.id));
  await expect(firstRow).toContainText('Warranty change: waiting for signal');
  await page.getByRole('button', { name: `Remove ${second.product.name} from the cart` }).click();
  await expect(page.locator('tr[data-pending="remove"]')).toHaveCount(1);
  await page.getByRole('button', { name: `Remove ${first.product.name} from the cart` }).click();
  await expect(page.locator('tr[data-pending="remove"]')).toHaveCount(2);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 2, name: /your cart is empty/i })).toBeVisible();
  expect(log.map((entry) => entry.what)).toEqual([
    'PATCH /web-api/carts/update-item',
    `DELETE /web-api/carts/delete-item/${lineOf('P0070009')}`,
    `DELETE /web-api/carts/delete-item/${lineOf('P0070006')}`,
  ]);
  for (let index = 1; index < log.length; index += 1) expect(log[index]!.start).toBeGreaterThanOrEqual(log[index - 1]!.end);
  expect((await serverCart(page.request)).cart_products).toEqual([]);
});
