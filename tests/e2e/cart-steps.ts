import { cartAddPath } from '../../src/domain/urls';
import { expect, type Page } from './fixtures';

/**
 * Chooses the region, a postcode from the lookup's suggestions and a delivery on the cart page,
 * as a customer does before 'Proceed to addresses'. Shared by every journey that orders a part.
 */
export async function chooseDelivery(
  page: Page,
  { region = 'England and Wales', postcode = 'LS1 4AP', delivery = 'Collect from our yard' }: { region?: string; postcode?: string; delivery?: string } = {},
): Promise<void> {
  await page.getByLabel('Region').selectOption({ label: region });
  const field = page.getByLabel('Delivery postcode');
  await expect(field).toBeEnabled();
  await field.fill(postcode.toLowerCase());
  // Upper case at once; the suggestions arrive 1 s after typing stops.
  await expect(field).toHaveValue(postcode);
  const suggestions = page.getByRole('list', { name: `Addresses at ${postcode}` });
  await expect(suggestions).toBeVisible();
  await suggestions.getByRole('button').first().click();
  const option = page.getByRole('radio', { name: new RegExp(delivery) });
  await expect(option).toBeEnabled();
  await option.check();
  await expect(option).toBeChecked();
}

/** A card expiry a few years ahead of today's date, as a customer types it. */
export const FUTURE_EXPIRY = `12 / ${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

/**
 * Orders `tag` by quick buy as a visitor who creates an account on the addresses step; answers the
 * order's hash. Shared by the journeys that need a member with an order.
 */
export async function orderAsNewMember(page: Page, tag: string, member: { email: string; password: string; firstName: string; lastName: string; mobile: string }): Promise<string> {
  await page.goto(cartAddPath({ product: tag, quick: true }));
  await expect(page).toHaveURL(/\/cart$/);
  await chooseDelivery(page);
  await page.getByLabel(/I accept the terms and conditions/).check();
  await page.getByRole('button', { name: 'Proceed to addresses' }).click();
  await expect(page).toHaveURL(/\/checkout\/addresses$/);
  await page.getByRole('radio', { name: /Create an account/ }).check();
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByLabel('Repeat password').fill(member.password);
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('First name', { exact: true }).fill(member.firstName);
  await page.getByLabel('Last name', { exact: true }).fill(member.lastName);
  await page.getByLabel('Mobile').fill(member.mobile);
  await page.getByLabel('Billing first name').fill(member.firstName);
  await page.getByLabel('Billing last name').fill(member.lastName);
  await page.getByRole('button', { name: 'Order summary' }).click();
  await expect(page).toHaveURL(/\/checkout\/summary$/);
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(/\/order-created\?hash=/);
  return new URL(page.url()).searchParams.get('hash') ?? '';
}

/** Pays an order on its pay-now page with the sandbox's 4242 card. */
export async function payWithTestCard(page: Page, hash: string, nameOnCard: string): Promise<void> {
  await page.goto(`/payments/pay-now/${hash}`);
  const panel = page.getByRole('region', { name: 'Pay for your order' });
  await panel.getByLabel('Card number').fill('4242 4242 4242 4242');
  await panel.getByLabel('Expiry date').fill(FUTURE_EXPIRY);
  await panel.getByLabel('Security code').fill('123');
  await panel.getByLabel('Name on card').fill(nameOnCard);
  await panel.getByRole('button', { name: /^Pay £\d/ }).click();
  await expect(page).toHaveURL(new RegExp(`/order-paid\\?hash=${hash}$`));
}
