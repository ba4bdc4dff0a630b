/**
 * Warranty claims of issue 32 at 390 px: a member pays an order, makes a warranty claim
 * on its part from the account (what is wrong, when and where it was fitted, a photo and the
 * garage's invoice as a PDF); staff find it in the back office's claims queue, read the evidence
 * and approve it with a refund through the payment sandbox; the member's order shows the claim
 * approved and the amount refunded. (A claim after the warranty's end is refused by the server:
 * its API test moves the shop's clock, which a journey on the running shop cannot.)
 *
 * Each width buys a generated part no other journey orders.
 */
import sharp from 'sharp';
import { pdfCv } from '../../server/test/cv-files';
import { signInAsOwner } from './admin-steps';
import { orderAsNewMember, payWithTestCard } from './cart-steps';
import { expect as baseExpect, pageSettled, test, type Page, axeOf, keepScreenshot } from './fixtures';

const PART = { phone: 'P9998054', desktop: 'P9997941' } as const;
const PASSWORD = 'Claims-under-warranty-32';
const expect = baseExpect.configure({ timeout: 15_000 });

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await axeOf(page).analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(bad.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a member claims under the warranty with a photo and the invoice; staff approve it with a refund; the member sees it approved and refunded', async ({ browser, page }, info) => {
  test.setTimeout(240_000);
  const width = info.project.name as keyof typeof PART;
  const viewport = page.viewportSize() ?? { width: 1280, height: 900 };
  const email = `claims.${width}.${Date.now()}@example.com`;

  const hash = await orderAsNewMember(page, PART[width], { email, password: PASSWORD, firstName: 'Casey', lastName: 'Claimant', mobile: '07700 900321' });
  await payWithTestCard(page, hash, 'Casey Claimant');

  // The account's order offers the claim on the paid part.
  await page.goto('/panel/client/orders');
  await pageSettled(page);
  await page.getByRole('button', { name: /^Make a warranty claim: / }).first().click();
  const modal = page.getByRole('dialog', { name: 'Make a warranty claim' });
  await expect(modal).toBeVisible();
  // Sent empty first: each required field says so, and nothing is sent.
  await modal.getByRole('button', { name: 'Send claim' }).click();
  await expect(modal.getByText('Please choose what is wrong with the part.')).toBeVisible();
  await modal.getByLabel(/What is wrong with the part/).selectOption({ label: 'It has stopped working' });
  await modal.getByRole('radio', { name: 'Yes, it does not work at all' }).check();
  await modal.getByLabel(/Tell us what happens/).fill('It worked for a week, then nothing at all.');
  await modal.getByLabel(/Date it was fitted/).fill(new Date().toISOString().slice(0, 10));
  await modal.getByLabel(/Mileage when it was fitted/).fill('84210');
  await modal.getByLabel(/Name of the garage that fitted it/).fill('Turner Motors');
  await modal.getByLabel(/fitting invoice/).setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: await pdfCv('Turner Motors, invoice 1042') });
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 90, b: 160 } } }).jpeg().toBuffer();
  await modal.getByLabel(/Photos of the part/).setInputFiles({ name: 'part.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expectNoSeriousAxeViolations(page);
  await keepScreenshot(page, { path: `/tmp/claims-modal-${width}.png`, fullPage: true });
  await modal.getByRole('button', { name: 'Send claim' }).click();
  await expect(modal).toBeHidden();
  const standing = page.getByRole('status').filter({ hasText: /Warranty claim WCL-\d{6}/ });
  await expect(standing).toContainText('Submitted');
  const reference = /WCL-\d{6}/.exec((await standing.textContent()) ?? '')?.[0] ?? '';
  expect(reference).not.toBe('');

  // Staff: the queue, the claim's page with its evidence, approval with a refund.
  const staffContext = await browser.newContext({ viewport });
  const staff = await staffContext.newPage();
  await signInAsOwner(staff);
  await staff.goto('/admin/warranty-claims');
  await staff.getByRole('table', { name: 'Warranty claims' }).getByRole('link', { name: reference }).click();
  await expect(staff.getByRole('heading', { level: 1, name: new RegExp(`^Warranty claim ${reference}`) })).toBeVisible();
  await expect(staff.getByRole('img', { name: 'Photo 1 of 1 sent with the claim' })).toBeVisible();
  await expect(staff.getByRole('link', { name: /Download the garage's invoice \(invoice\.pdf\)/ })).toBeVisible();
  await expect(staff.getByText('Turner Motors').first()).toBeVisible();
  await expectNoSeriousAxeViolations(staff);
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  await keepScreenshot(staff, { path: `/tmp/claims-staff-${width}.png`, fullPage: true });
  const refunded = await staff.getByLabel('Amount to refund (£)').inputValue();
  await staff.getByRole('button', { name: 'Approve claim' }).click();
  await expect(staff.getByText(`Refund: £${refunded} refunded`)).toBeVisible();
  await staffContext.close();

  // The member's order shows the claim approved and the refund.
  await page.reload();
  await pageSettled(page);
  await expect(standing).toContainText('Approved');
  await expect(standing).toContainText(`Refund: £${refunded} refunded`);
  await expect(page.getByRole('button', { name: /^Make a warranty claim: / })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await keepScreenshot(page, { path: `/tmp/claims-account-${width}.png`, fullPage: true });
});
