import { readFile } from 'node:fs/promises';
import { questionnaireJson } from '../../src/domain/member-forms';
import { cartAddPath } from '../../src/domain/urls';
import { pdfPages } from '../../server/test/pdf-text';
import { qrCodesInPdf } from '../../server/test/qr-codes';
import { chooseDelivery, payWithTestCard } from './cart-steps';
import { expect as baseExpect, pageSettled, test, type Page, type TestInfo, axeOf, keepScreenshot } from './fixtures';

// Warranty certificates of issue 32 at 390 px: a member with AB12 CDE in their garage
// buys a part and pays; the order-paid page offers the part's warranty certificate; its PDF (read
// back with pdf.js) names the certificate, the part, the vehicle it was bought for, the end date
// and the address its QR code opens; that public page confirms the certificate without any of the
// buyer's data.
//
// Each width buys its own demo part of the Focus, one no other journey orders (reviews.spec buys
// the right-hand ones).
const PART = { phone: { tag: 'P0012004', name: 'Headlight (Left)' }, desktop: { tag: 'P0012006', name: 'Door Mirror (Left)' } } as const;

const expect = baseExpect.configure({ timeout: 15_000 });
const PASSWORD = 'Warranty-claims#32';

/** A shop call from the page, with its session and CSRF token; answers the status. */
async function callFromPage(page: Page, path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ path, body }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const response = await fetch(`/web-api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': token }, body: JSON.stringify(body) });
      return response.status;
    },
    { path, body },
  );
}

/** Registers a member through the shop's own call and puts AB12 CDE in their garage (its current vehicle). */
async function memberWithVehicle(page: Page, info: TestInfo): Promise<string> {
  const email = `warranty.${info.project.name}.${Date.now()}@example.com`;
  await page.goto('/');
  await pageSettled(page);
  const registered = await callFromPage(page, '/members/register', {
    email,
    password: PASSWORD,
    confirm_password: PASSWORD,
    first_name: 'Wendy',
    last_name: 'Warrant',
    type: 'PRIVATE',
    newsletter: false,
    same_shipping_address: true,
    member_profile: {
      mobile: '07700 900432',
      phone: '',
      questionnaire: questionnaireJson('PRIVATE', { content_topics: { answers: ['Offers and discounts'] }, communication_methods: { answers: ['Email'] }, how_heard: { answers: ['eBay'] } }),
    },
    member_address: { first_name: 'Wendy', last_name: 'Warrant', address1: '9 Forge Lane', city: 'Sheffield', county: 'South Yorkshire', postcode: 'S1 2HE', country_id: 235 },
    agree_terms: true,
  });
  expect(registered).toBe(200);
  await page.reload();
  await pageSettled(page);
  expect(await callFromPage(page, '/garage/add', { vrn: 'AB12CDE' })).toBe(200);
  return email;
}

async function orderAsMember(page: Page, tag: string): Promise<string> {
  await page.goto(cartAddPath({ product: tag, quick: true }));
  await expect(page).toHaveURL(/\/cart$/);
  await chooseDelivery(page);
  await page.getByRole('button', { name: 'Proceed to addresses' }).click();
  await expect(page).toHaveURL(/\/checkout\/addresses$/);
  await page.getByRole('button', { name: 'Order summary' }).click();
  await expect(page).toHaveURL(/\/checkout\/summary$/);
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(/\/order-created\?hash=/);
  return new URL(page.url()).searchParams.get('hash') ?? '';
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await axeOf(page).analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(bad.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a member pays, downloads the warranty certificate and opens its public check', async ({ page }, info) => {
  const part = PART[info.project.name as keyof typeof PART];
  const email = await memberWithVehicle(page, info);
  const hash = await orderAsMember(page, part.tag);
  await payWithTestCard(page, hash, 'Wendy Warrant');

  // The order-paid page: each part's certificate.
  const link = page.getByRole('link', { name: new RegExp(`Warranty certificate for .*${part.name.replace(/[()]/g, '\\$&')}`) });
  await expect(link).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await keepScreenshot(page, { path: `/tmp/warranty-paid-${info.project.name}.png`, fullPage: true });
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^warranty-WC(-[0-9A-Z]{4}){4}\.pdf$/);
  const pdf = await readFile(await download.path());
  const text = (await pdfPages(pdf)).join('\n');
  const number = /WC(-[0-9A-Z]{4}){4}/.exec(text)?.[0] ?? '';
  expect(download.suggestedFilename()).toBe(`warranty-${number}.pdf`);
  expect(text).toContain(part.name);
  expect(text).toContain(part.tag);
  expect(text).toContain('2012 Ford Focus Mk3 (AB12CDE)');
  expect(text).toMatch(/Valid until\s+\d{1,2} \w+ \d{4} at \d{2}:\d{2} \(UK time\)/);
  const checkUrl = new RegExp(`https?://\\S+/warranty/${number}`).exec(text)?.[0] ?? '';
  expect(checkUrl).not.toBe('');
  // The printed QR code leads to the address written under it.
  expect(await qrCodesInPdf(pdf)).toEqual([checkUrl]);
  expect(text).not.toContain(email);

  // The account's order offers it too.
  await page.goto('/panel/client/orders');
  await expect(page.getByRole('link', { name: new RegExp(`Warranty certificate for .*${part.name.replace(/[()]/g, '\\$&')}`) }).first()).toBeVisible();
  await keepScreenshot(page, { path: `/tmp/warranty-account-${info.project.name}.png`, fullPage: true });

  // The QR code's page, opened by anyone: the certificate, the part, valid until; no buyer.
  await page.goto(new URL(checkUrl).pathname);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Warranty certificate ${number}`);
  await expect(page.getByText(/^This certificate is genuine and valid until \d{1,2} \w+ \d{4}\.$/)).toBeVisible();
  await expect(page.getByText(part.name, { exact: false }).first()).toBeVisible();
  await expect(page.locator('main')).not.toContainText('Wendy');
  await expectNoSeriousAxeViolations(page);
  await keepScreenshot(page, { path: `/tmp/warranty-check-${info.project.name}.png`, fullPage: true });

  // A number never issued is the shop's 404 page.
  const missing = await page.goto('/warranty/WC-0000-0000-0000-0000');
  expect(missing?.status()).toBe(404);
});
