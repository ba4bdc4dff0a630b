import { expect, pageSettled, type BrowserContext, type Page } from './fixtures';

/** The password of the members the offline journeys register. */
export const MEMBER_PASSWORD = 'Brake-disc-2026!';

/** Registers a private member, Sam Carter, at /register on `origin` (the shop signs them in at once). */
export async function registerMember(page: Page, email: string, origin = ''): Promise<void> {
  await page.goto(`${origin}/register`);
  await pageSettled(page);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
  await page.getByLabel('Repeat password').fill(MEMBER_PASSWORD);
  await page.getByLabel('First name', { exact: true }).fill('Sam');
  await page.getByLabel('Last name', { exact: true }).fill('Carter');
  await page.getByLabel('Mobile').fill('+44 7700 900123');
  await page.getByLabel('Billing first name').fill('Sam');
  await page.getByLabel('Billing last name').fill('Carter');
  // The address lookup finishes before the account is made: an answer arriving after registration
  // has rotated the session would bring a fresh visitor's cookie with it.
  const lookup = page.waitForResponse((response) => response.url().includes('/web-api/addresses/lookup'), { timeout: 5_000 }).catch(() => undefined);
  await page.getByLabel('Postcode', { exact: true }).fill('LS1 4AP');
  await page.getByLabel('Address line 1', { exact: true }).fill('12 Park Row');
  await page.getByLabel('Town or city', { exact: true }).fill('Leeds');
  await page.getByLabel('County', { exact: true }).fill('West Yorkshire');
  await page.getByLabel('How did you hear about us?').selectOption('eBay');
  await page.getByRole('checkbox', { name: /terms/i }).first().check();
  await lookup;
  await page.getByRole('button', { name: 'Create account' }).click();
  // The account's password is hashed with argon2id: seconds on a busy machine.
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for registering, Sam.' })).toBeVisible({ timeout: 20_000 });
  // The form sends the new member on after a moment: a page.goto meanwhile would be cut short by it.
  await page.waitForURL((url) => !url.pathname.startsWith('/register'));
}

/** How many mails in the shop's mail outbox mention `text` (one per stored request or enquiry). */
export async function mailsMentioning(context: BrowserContext, text: string): Promise<number> {
  return (await mailsMentioningEach(context, [text]))[0] ?? 0;
}

/**
 * `mailsMentioning` for several texts, from one read of the mail outbox; a list counts the mails
 * that mention every text in it (an address and a subject).
 */
export async function mailsMentioningEach(context: BrowserContext, texts: Array<string | string[]>): Promise<number[]> {
  const articles = (await (await context.request.get('/dev/outbox')).text()).split('<article');
  return texts.map((each) => articles.filter((article) => [each].flat().every((text) => article.includes(text))).length);
}

/** The member's part requests, oldest first (every page), read through the shop's API with the context's cookies. */
export async function storedPartRequests(context: BrowserContext): Promise<{ car_reg: string; part_name: string }[]> {
  const all: { car_reg: string; part_name: string }[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await context.request.get(`/web-api/part-requests/get-list.json?direction=ASC&limit=50&page=${page}`);
    expect(answer.status()).toBe(200);
    const { data } = (await answer.json()) as { data: { records: { car_reg: string; part_name: string }[]; paginator: { pageCount: number } } };
    all.push(...data.records);
    if (page >= data.paginator.pageCount) return all;
  }
}

/** Sends the account's part request form (/panel/client/part-requests). */
export async function requestPart(page: Page, registration: string, partName: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Request a part' });
  await form.getByLabel('Car registration').fill(registration);
  await form.getByLabel("Or type the part's name").fill(partName);
  await form.getByRole('button', { name: 'Send request' }).click();
}
