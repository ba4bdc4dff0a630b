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
