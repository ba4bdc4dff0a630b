/**
 * Job applications read by staff (issue 32), at 390 px: a file that only starts like a PDF (an
 * HTML page behind `%PDF-1.4`) is refused at the job page's form under the CV field; a real PDF
 * goes through; a content user (made by the owner) opens the advert's applications in the back
 * office, downloads the CV (the bytes sent, as an attachment with its own type and nosniff) and
 * marks the application reviewed.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createStaff, signInAsOwner, signInWithTotp } from './admin-steps';
import { expect, pageSettled, test } from './fixtures';
import type { CallResponse } from '../../src/contract/define';
import type { listJobs } from '../../src/contract/jobs';
import { pdfCv, polyglotCv } from '../../server/test/cv-files';

test('@phone an applicant sends a CV (a disguised file is refused), content staff download it and mark it reviewed', async ({ page }) => {
  test.setTimeout(180_000);
  const listed = (await (await page.request.get('/web-api/jobs/list.json')).json()) as CallResponse<typeof listJobs>;
  const job = listed.items[0]!;
  const applicant = `Priya Shah ${randomUUID().slice(0, 8)}`;

  await page.goto(`/job/${job.id}`);
  await pageSettled(page);
  const form = page.getByRole('form', { name: `Apply for this job: ${job.title}` });
  await form.getByLabel('Full name').fill(applicant);
  await form.getByLabel('Email').fill('priya.shah@example.co.uk');
  await form.getByLabel('Phone').fill('07700 900456');
  await form.getByLabel('Message (optional)').fill('Six years on a parts counter.');
  await form.getByLabel('Your CV').setInputFiles({ name: 'priya-cv.pdf', mimeType: 'application/pdf', buffer: polyglotCv() });
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(form.getByText('Your CV could not be read: it starts like a PDF or Word document but is not one.', { exact: false })).toBeVisible();

  const cv = await pdfCv(`${applicant} — Curriculum Vitae`);
  await form.getByLabel('Your CV').setInputFiles({ name: 'priya-cv.pdf', mimeType: 'application/pdf', buffer: cv });
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Thank you, ${applicant}.` })).toBeVisible();

  // Content staff of their own, made by the owner.
  const reader = { email: `jobs.reader.${randomUUID().slice(0, 8)}@e2e.example`, password: 'jobs reader password 1' };
  await signInAsOwner(page);
  await createStaff(page, { role: 'content', ...reader });
  // The run's owner session stays live for the other journeys (admin-steps.ts): this browser just forgets it.
  await page.context().clearCookies();
  await signInWithTotp(page, reader.email, reader.password);

  await page.goto('/admin/content/jobs');
  await page.getByRole('link', { name: new RegExp(`^\\d+ applications for ${job.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Applications: ${job.title}` })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: applicant });
  await expect(row).toContainText('priya.shah@example.co.uk');
  await expect(row).toContainText('Six years on a parts counter.');
  await expect(row.getByText('New', { exact: true })).toBeVisible();

  const link = row.getByRole('link', { name: `Download the CV of ${applicant}: priya-cv.pdf` });
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('priya-cv.pdf');
  expect((await readFile(await download.path())).equals(cv)).toBe(true);
  const answer = await page.request.get((await link.getAttribute('href'))!);
  expect(answer.headers()).toMatchObject({ 'content-type': 'application/pdf', 'x-content-type-options': 'nosniff', 'content-disposition': expect.stringMatching(/^attachment; filename="priya-cv\.pdf"/) });

  await row.getByRole('button', { name: `Mark the application of ${applicant} reviewed` }).click();
  await expect(page.getByText('Application marked reviewed.')).toBeVisible();
  await expect(row.getByText('Reviewed', { exact: true })).toBeVisible();
});
