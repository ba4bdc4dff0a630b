/**
 * The back office's sales work at 1280 px: an owner creates a sales user, who signs in with a TOTP
 * second factor; a customer registers at checkout and pays an order in the payment sandbox; sales
 * dispatches it with a tracking number (the customer's account shows it, the mail outbox has the
 * mail), approves the customer's return, follows it back and refunds it (the sandbox lists the
 * refund; the customer sees Refunded), and answers the customer's part request with a found part
 * (the customer's account links to it).
 *
 * Parts no other journey orders: the YX19 RTA Corsa's right door mirror P0019007 is bought and
 * returned; the 2020 BMW 3 Series' left headlight P0070004 is only linked to the part request.
 */
import sharp from 'sharp';
import { createStaff, signInAsOwner, signInWithTotp } from './admin-steps';
import { orderAsNewMember, payWithTestCard } from './cart-steps';
import { expect, pageSettled, test, type Page, axeOf, keepScreenshot } from './fixtures';

const BOUGHT = 'P0019007';
const FOUND = 'P0070004';
const PASSWORD = 'Brake-pads-2026';
const STAFF_PASSWORD = 'correct horse battery staple';

test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the back office is for a desk: checked at 1280 px');
});

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(page, { path: `/tmp/admin-sales-${name}.png`, fullPage: true });
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await axeOf(page).analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(bad.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function photo(name: string, colour: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).png().toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** The customer orders `tag`, registering on the addresses step, and pays it with the sandbox's 4242. */
async function registerAndPay(page: Page, tag: string, email: string): Promise<void> {
  const hash = await orderAsNewMember(page, tag, { email, password: PASSWORD, firstName: 'Morgan', lastName: 'Wrench', mobile: '07700 900789' });
  await payWithTestCard(page, hash, 'Morgan Wrench');
}

test('sales dispatches a paid order with a tracking number, approves and refunds its return, and answers a part request with a found part', async ({ browser, page }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const salesEmail = `sales.${stamp}@example.com`;
  const customerEmail = `morgan.${stamp}@example.com`;

  // The owner creates the sales account; sales signs in with a TOTP second factor.
  await signInAsOwner(page);
  await createStaff(page, { role: 'sales', email: salesEmail, password: STAFF_PASSWORD, name: 'Sam Sales' });
  const salesContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const sales = await salesContext.newPage();
  await signInWithTotp(sales, salesEmail, STAFF_PASSWORD);

  // The customer registers, orders and pays.
  const customerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const customer = await customerContext.newPage();
  await registerAndPay(customer, BOUGHT, customerEmail);

  // Sales finds the order by the customer's e-mail and dispatches it.
  await sales.goto('/admin/orders');
  await sales.getByRole('searchbox', { name: 'Search' }).fill(customerEmail);
  await sales.getByRole('button', { name: 'Apply' }).click();
  const orders = sales.getByRole('table', { name: 'Orders' });
  await expect(orders.getByRole('row')).toHaveCount(2);
  await expectNoSeriousAxeViolations(sales);
  await shot(sales, 'orders');
  await orders.getByRole('link').first().click();
  await expect(sales.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
  const number = ((await sales.getByRole('heading', { level: 1 }).textContent()) ?? '').replace('Order ', '').trim();
  await sales.getByRole('button', { name: 'Mark picked' }).click();
  await expect(sales.getByRole('heading', { name: 'Dispatch' })).toBeVisible();
  await sales.getByLabel('Carrier').fill('DPD');
  await sales.getByLabel('Tracking number').fill('15501234567890');
  await sales.getByRole('button', { name: 'Mark dispatched' }).click();
  await expect(sales.getByText('DPD: 15501234567890')).toBeVisible();
  await expect(sales.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
  await expectNoSeriousAxeViolations(sales);
  await shot(sales, 'order');

  // The customer's account shows it dispatched, with the tracking number; the outbox has the mail.
  await customer.goto('/panel/client/orders');
  await pageSettled(customer);
  await expect(customer.getByText('Dispatched', { exact: true })).toBeVisible();
  await expect(customer.getByText('DPD: 15501234567890')).toBeVisible();
  await customer.goto('/dev/outbox');
  const mail = customer.getByRole('article').filter({ hasText: `Your order ${number} is on its way` });
  await expect(mail).toContainText('Tracking number: 15501234567890');
  await expect(mail).toContainText(customerEmail);

  // The customer asks to return the part, with photos.
  await customer.goto('/panel/client/orders');
  await pageSettled(customer);
  await customer.getByRole('button', { name: /Request Return: / }).click();
  const modal = customer.getByRole('dialog', { name: 'Request a return' });
  await modal.getByLabel(/Reason for the return/).selectOption({ label: 'Damaged in transit' });
  await modal.getByLabel(/Photos of the damaged part/).setInputFiles([await photo('mirror.png', { r: 200, g: 30, b: 30 })]);
  await modal.getByLabel(/Photos of the packaging/).setInputFiles([await photo('box.png', { r: 150, g: 110, b: 60 })]);
  await modal.getByLabel(/When did you notice the damage/).selectOption({ label: 'When it was delivered' });
  await modal.getByRole('button', { name: 'Request return' }).click();
  await expect(modal).toBeHidden();
  await expect(customer.getByText('Awaiting Review')).toBeVisible();

  // Sales reads it (answers and photos), approves it with instructions, follows it back and refunds it.
  await sales.goto('/admin/returns');
  const queue = sales.getByRole('table', { name: 'Returns' });
  await queue.getByRole('row').filter({ hasText: number }).getByRole('link').click();
  await expect(sales.getByRole('heading', { level: 1, name: /^Return \d+/ })).toBeVisible();
  await expect(sales.getByRole('img', { name: /Photo 1 of 2/ })).toBeVisible();
  await sales.getByLabel('Return instructions').fill('Pack the mirror in its box and post it within 14 days.');
  await sales.getByLabel('Label or return address').fill('PartsFinder UK Returns, Unit 4, Leeds LS1 4AP');
  await sales.getByRole('button', { name: 'Approve return' }).click();
  await expect(sales.getByText('Approved & Awaiting Shipment').first()).toBeVisible();
  await sales.getByRole('button', { name: 'Mark in transit' }).click();
  await expect(sales.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
  await sales.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(sales.getByRole('button', { name: 'Refund return' })).toBeVisible();
  await expectNoSeriousAxeViolations(sales);
  await shot(sales, 'return');
  await sales.getByRole('button', { name: 'Refund return' }).click();
  await expect(sales.getByText('Refunded', { exact: true }).first()).toBeVisible();

  // The sandbox lists the refund; the customer sees the return refunded.
  await customer.goto('/dev/payment-sandbox');
  await expect(customer.getByRole('table', { name: 'Refunds, newest first' }).getByRole('row')).not.toHaveCount(1);
  await customer.goto('/panel/client/orders');
  await pageSettled(customer);
  await expect(customer.getByText('Refunded').first()).toBeVisible();

  // The customer asks for a part; sales answers it with one found on the shelf.
  await customer.goto('/panel/client/part-requests');
  await pageSettled(customer);
  await customer.getByLabel('Car registration').fill('lm70 hzy');
  await customer.getByLabel("Or type the part's name").fill('left headlight');
  await customer.getByRole('button', { name: 'Send request' }).click();
  await expect(customer.getByRole('list').filter({ hasText: 'LM70HZY' })).toContainText('LEFT HEADLIGHT');

  // Other journeys fill the queue (a hundred requests sent offline among them): sales finds this
  // customer's request by their e-mail.
  await sales.goto('/admin/part-requests');
  const find = sales.getByRole('search', { name: 'Find part requests' });
  await find.getByLabel('Search').fill(customerEmail);
  await find.getByRole('button', { name: 'Apply' }).click();
  await expect(sales).toHaveURL(/q=/);
  await sales.getByRole('link', { name: 'LEFT HEADLIGHT for LM70HZY' }).click();
  await sales.getByLabel('Part id or stock number').fill(FOUND);
  await sales.getByRole('button', { name: 'Link the part' }).click();
  await expect(sales.getByText('Found', { exact: true }).first()).toBeVisible();
  await expectNoSeriousAxeViolations(sales);
  await shot(sales, 'part-request');

  await customer.goto('/panel/client/part-requests');
  await pageSettled(customer);
  await expect(customer.locator(`a[href$="/${FOUND}"]`).first()).toBeVisible();

  // At a phone's width the order's page still reads, nothing cut off.
  await sales.setViewportSize({ width: 390, height: 844 });
  await sales.goto(`/admin/orders/${number}`);
  await expect(sales.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  expect(await sales.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(sales, 'order-390');

  await salesContext.close();
  await customerContext.close();
});
