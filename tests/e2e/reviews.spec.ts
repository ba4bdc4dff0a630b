/**
 * Reviews from real buyers (issue 32), at the project's width for the buyer and 1280 px for the
 * back office: a customer registers at checkout and pays an order; the owner picks, dispatches and
 * delivers it in the back office; the buyer reviews the delivered line from their account. The
 * review is not on the part page until a member of content staff approves it in the back office;
 * then the part page shows it with the buyer's first name and 'Verified buyer', and the page's
 * JSON-LD AggregateRating counts it. A second review of the line and a review by someone who did
 * not buy it are refused with the reason.
 *
 * Parts no other journey orders or counts, one a project, of different part types (a review is
 * shown on every part page of its type): the generated catalogue's Nissan Qashqai interior door
 * handle P9998856 (phone; the Focus's right headlights are counted by saved-searches.spec and
 * offline-views.spec) and the Focus's right door mirror P0012007 (desktop).
 */
import { questionnaireJson } from '../../src/domain/member-forms';
import { createStaff, signInAsOwner, signInWithTotp } from './admin-steps';
import { orderAsNewMember, payWithTestCard } from './cart-steps';
import { type BrowserContext, expect, pageSettled, test, type Page, axeOf, keepScreenshot } from './fixtures';

const PART = { phone: 'P9998856', desktop: 'P0012007' } as const;
const PASSWORD = 'Brake-pads-2026';
const STAFF_PASSWORD = 'correct horse battery staple';

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await axeOf(page).analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(bad.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(page, { path: `/tmp/reviews-${name}.png`, fullPage: true });
}

/** The part page's schema.org Product as the server wrote it. */
async function productJsonLd(page: Page): Promise<{ '@type'?: string; aggregateRating?: { reviewCount: number; ratingValue: number } }> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = scripts.map((text) => JSON.parse(text) as { '@type'?: string; aggregateRating?: { reviewCount: number; ratingValue: number } }).find((json) => json['@type'] === 'Product');
  if (!product) throw new Error('no Product JSON-LD');
  return product;
}

async function csrfHeader(context: BrowserContext): Promise<Record<string, string>> {
  const token = (await context.cookies()).find((cookie) => cookie.name.endsWith('csrf-token'))?.value;
  if (!token) throw new Error('no CSRF cookie yet');
  return { 'x-csrf-token': token };
}

test('a buyer reviews a delivered part; it shows on the part page, as a verified buyer and in the AggregateRating, only once content staff approve it', async ({ browser, page }, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name === 'phone' ? 'phone' : 'desktop';
  const tag = PART[project];
  const stamp = Date.now();
  const customerEmail = `robin.${project}.${stamp}@example.com`;
  const contentEmail = `content.reviews.${project}.${stamp}@example.com`;
  const title = `Bright and clean (${project})`;

  // The customer (at the project's width) registers, orders and pays.
  const hash = await orderAsNewMember(page, tag, { email: customerEmail, password: PASSWORD, firstName: 'Robin', lastName: 'Spanner', mobile: '07700 900321' });
  await payWithTestCard(page, hash, 'Robin Spanner');

  // The part page before: the rating it states.
  await page.goto(`/product/x/x/x/${tag}`);
  await pageSettled(page);
  const partUrl = page.url();
  const before = (await productJsonLd(page)).aggregateRating?.reviewCount ?? 0;

  // The owner (at a desk) picks, dispatches and delivers the order; and adds a member of content staff.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const owner = await desk.newPage();
  await signInAsOwner(owner);
  await owner.goto('/admin/orders');
  await owner.getByRole('searchbox', { name: 'Search' }).fill(customerEmail);
  await owner.getByRole('button', { name: 'Apply' }).click();
  const orders = owner.getByRole('table', { name: 'Orders' });
  await expect(orders.getByRole('row')).toHaveCount(2);
  await orders.getByRole('link').first().click();
  await owner.getByRole('button', { name: 'Mark picked' }).click();
  await owner.getByLabel('Carrier').fill('DPD');
  await owner.getByLabel('Tracking number').fill(`1550${stamp}`.slice(0, 14));
  await owner.getByRole('button', { name: 'Mark dispatched' }).click();
  await owner.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(owner.getByRole('button', { name: 'Mark delivered' })).toBeHidden();
  await createStaff(owner, { role: 'content', email: contentEmail, password: STAFF_PASSWORD, name: 'Casey Content' });
  await desk.close();

  // The buyer reviews the delivered line from their account.
  await page.goto('/panel/client/orders');
  await pageSettled(page);
  await page.getByRole('button', { name: /^Review this part:/ }).click();
  const form = page.getByRole('form', { name: /^Review / });
  await form.getByRole('button', { name: 'Send review' }).click();
  await expect(form.getByText('Choose 1 to 5 stars.')).toBeVisible();
  await expect(form.getByText('Give your review a title.')).toBeVisible();
  await form.getByRole('radio', { name: '5 stars' }).check();
  await form.getByLabel('Title').fill(title);
  await expect(form.getByText('Give your review a title.')).toBeHidden();
  await form.getByLabel('Your review').fill('Fitted in ten minutes, no moisture inside, both beams work.');
  await expectNoSeriousAxeViolations(page);
  await shot(page, `${project}-form`);
  await form.getByRole('button', { name: 'Send review' }).click();
  await expect(page.getByText('Your review is waiting for our check before it is shown.')).toBeVisible();
  await shot(page, `${project}-sent`);

  // A second review of the same line is refused with the reason; so is one by a member who did not buy it.
  const mine = (await (await page.request.get('/web-api/reviews/mine.json')).json()) as { records: { order_product_id: number }[] };
  const lineId = mine.records[0]?.order_product_id;
  const review = { rate: 1, title: 'Again', content: 'A second go.' };
  const again = await page.request.post(`/web-api/reviews/lines/${lineId}`, { data: review, headers: await csrfHeader(page.context()) });
  expect(again.status()).toBe(409);
  expect((await again.json()).msg).toBe('You have already reviewed this part.');
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await stranger.goto('/register');
  const register = await stranger.request.post('/web-api/members/register', {
    data: {
      email: `sam.${project}.${stamp}@example.com`,
      password: PASSWORD,
      confirm_password: PASSWORD,
      first_name: 'Sam',
      last_name: 'Nobuy',
      type: 'PRIVATE',
      newsletter: false,
      same_shipping_address: true,
      member_profile: {
        mobile: '07700 900654',
        phone: '',
        questionnaire: questionnaireJson('PRIVATE', { content_topics: { answers: ['Other'], other: 'Headlights' }, communication_methods: { answers: ['Email'] }, how_heard: { answers: ['eBay'] } }),
      },
      member_address: { first_name: 'Sam', last_name: 'Nobuy', address1: '4 Canal Street', city: 'Manchester', county: 'Greater Manchester', postcode: 'M1 3HE', country_id: 235 },
      agree_terms: true,
    },
    headers: await csrfHeader(strangerContext),
  });
  expect(register.status(), await register.text()).toBe(200);
  const notBought = await stranger.request.post(`/web-api/reviews/lines/${lineId}`, { data: review, headers: await csrfHeader(strangerContext) });
  expect(notBought.status()).toBe(404);
  expect((await notBought.json()).msg).toBe('No such order line among your orders: only a buyer of the part can review it.');
  await strangerContext.close();

  // Held: the part page does not show it.
  await page.goto(partUrl);
  await pageSettled(page);
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  expect((await productJsonLd(page)).aggregateRating?.reviewCount ?? 0).toBe(before);

  // Content staff approve it in the back office.
  const contentDesk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const content = await contentDesk.newPage();
  await signInWithTotp(content, contentEmail, STAFF_PASSWORD);
  await content.goto('/admin/content/reviews');
  const item = content.getByRole('listitem').filter({ has: content.getByRole('heading', { name: title }) });
  await expect(item).toContainText('5 of 5 stars by Robin');
  await expectNoSeriousAxeViolations(content);
  await shot(content, `${project}-admin`);
  await item.getByRole('button', { name: 'Approve' }).click();
  await expect(content.getByRole('heading', { name: title })).toHaveCount(0);
  await contentDesk.close();

  // Now shown, with the first name as a verified buyer, and counted in the AggregateRating.
  await page.goto(partUrl);
  await pageSettled(page);
  const shown = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(shown).toContainText('Robin');
  await expect(shown).toContainText('Verified buyer');
  expect((await productJsonLd(page)).aggregateRating?.reviewCount).toBe(before + 1);
  await shown.scrollIntoViewIfNeeded();
  await expectNoSeriousAxeViolations(page);
  await keepScreenshot(page.getByRole('region', { name: 'Customer reviews' }), { path: `/tmp/reviews-${project}-part-reviews.png` });
  await page.goto('/panel/client/orders');
  await expect(page.getByText('Your review is shown on the part pages.')).toBeVisible();
});
