/**
 * The blog in the back office at 1280 px: the owner writes an article with a picture and a
 * publish time just past, finds it Published in the list, and sees it on the shop's /blog and on
 * its own page with the picture uploaded; a file that is only named like a picture is refused on
 * the Picture field. The owner creates a tag, uses it on a new article, finds it in /blog's
 * 'Filter by category', removes that article's picture (the blog then shows none) and deletes the
 * tag. Then the owner deletes the first article with the confirm dialog and it leaves /blog at once.
 */
import sharp from 'sharp';
import { signInAsOwner } from './admin-steps';
import { expect, type Locator, type Page, test, axeOf, keepScreenshot } from './fixtures';

/** The second journey deletes the article the first one published. */
test.describe.configure({ mode: 'serial' });
let published = { title: '', slug: '' };

test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the back office is for a desk: checked at 1280 px');
});

async function expectNoAxeViolations(page: Page) {
  const results = await axeOf(page).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** An hour ago as London's wall time, 'YYYY-MM-DDTHH:MM' (the server runs on the real clock here). */
function anHourAgoInLondon(): string {
  return new Date(Date.now() - 60 * 60 * 1000).toLocaleString('sv-SE', { timeZone: 'Europe/London' }).slice(0, 16).replace(' ', 'T');
}

/** The image has loaded, at one of the blog's widths (the first card is big, the others grid or small). */
async function expectPictureShown(image: Locator, widths: readonly number[]) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0))).toBeGreaterThan(0);
  expect(widths).toContain(await image.evaluate((element: HTMLImageElement) => element.naturalWidth));
  expect(await image.getAttribute('src')).toMatch(/^\/blog-images\/.+\.webp\?v=/);
}

test('the owner publishes an article with a picture and sees it on /blog and its page at once', async ({ page }) => {
  test.setTimeout(180_000);
  // A database kept from an earlier run holds that run's article: this one is told apart by its number.
  const run = Date.now() % 100_000;
  const title = `Fitting a towbar ${run}`;
  const slug = `fitting-a-towbar-${run}`;
  published = { title, slug };
  const picture = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c0392b' } }).jpeg().toBuffer();

  await signInAsOwner(page);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Content' }).click();
  await page.getByRole('link', { name: 'Articles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Articles' }).getByText('Published').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, { path: test.info().outputPath('admin-articles-desktop.png'), fullPage: true });

  await page.getByRole('link', { name: 'New article' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New article' })).toBeVisible();
  // Nothing filled: the form names what is missing before sending.
  await page.getByRole('button', { name: 'Create article' }).click();
  await expect(page.getByText('Enter a title.')).toBeVisible();
  await expect(page.getByText('Choose a category.')).toBeVisible();

  await page.getByLabel('Title').fill(title);
  // The slug follows the title, and the form's 'Enter a slug.' goes with it.
  await expect(page.getByLabel('Slug')).toHaveValue(slug);
  await expect(page.getByText('Enter a slug.')).toHaveCount(0);
  await page.getByLabel('Category').selectOption({ index: 1 });
  await page.getByRole('group', { name: 'Tags' }).getByRole('checkbox').first().check();
  await page.getByLabel('Summary').fill('What a **towbar** needs before the first trip.');
  await page.getByLabel('Article', { exact: true }).fill('## Check the electrics\n\nA 13-pin socket needs its own fuse.');
  await page.getByLabel('Publish time').fill(anHourAgoInLondon());
  await page.getByLabel('Picture', { exact: true }).setInputFiles({ name: 'towbar.jpg', mimeType: 'image/jpeg', buffer: picture });
  await expect(page.getByRole('img', { name: 'The picture chosen' })).toBeVisible();
  await page.getByLabel('What the picture shows').fill('A red car with a towbar');
  await expectNoAxeViolations(page);
  await keepScreenshot(page, { path: test.info().outputPath('admin-article-new-desktop.png'), fullPage: true });
  await page.getByRole('button', { name: 'Create article' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Articles' }).getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Published');

  // A file named like a picture but holding text is refused on the Picture field; the article stays.
  await row.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit: ${title}` })).toBeVisible();
  await expect(page.getByRole('img', { name: "The article's picture" })).toBeVisible();
  await page.getByLabel('Picture', { exact: true }).setInputFiles({ name: 'not-a-picture.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just some text') });
  await page.getByRole('button', { name: 'Save article' }).click();
  await expect(page.getByLabel('Picture', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await keepScreenshot(page, { path: test.info().outputPath('admin-article-edit-refused-desktop.png'), fullPage: true });

  await page.goto('/blog');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) }).first();
  await expect(card).toBeVisible();
  await expectPictureShown(card.getByRole('img', { name: 'A red car with a towbar' }), [670, 440, 215]);
  await keepScreenshot(page, { path: test.info().outputPath('blog-with-new-article-desktop.png'), fullPage: false });

  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Check the electrics' })).toBeVisible();
  await expectPictureShown(page.getByRole('img', { name: 'A red car with a towbar' }), [670]);
  await keepScreenshot(page, { path: test.info().outputPath('blog-article-uploaded-picture-desktop.png'), fullPage: false });
});

test('the owner creates a tag, uses it on an article, finds it in /blog\'s filter, and removes the article\'s picture', async ({ page }) => {
  test.setTimeout(180_000);
  const run = Date.now() % 100_000;
  const tagName = `Roof racks ${run}`;
  const tagSlug = `roof-racks-${run}`;
  const title = `Choosing roof bars ${run}`;
  const slug = `choosing-roof-bars-${run}`;
  const picture = await sharp({ create: { width: 1000, height: 700, channels: 3, background: '#2e86c1' } }).jpeg().toBuffer();

  await signInAsOwner(page);
  await page.goto('/admin/content/articles');
  await page.getByRole('link', { name: 'Tags and categories' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tags and categories' })).toBeVisible();
  const tags = page.getByRole('table', { name: 'Tags' });
  const categories = page.getByRole('table', { name: 'Categories' });
  await expect(categories.getByRole('row')).not.toHaveCount(1);

  // A name is needed; the address is made from it as it is typed.
  const newTag = page.getByRole('textbox', { name: 'New tag' });
  await page.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByText('Enter a name.')).toBeVisible();
  await newTag.fill(tagName);
  await expect(page.getByText(`Its address: /blog/tag/${tagSlug}`)).toBeVisible();
  await page.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByText('Tag created.')).toBeVisible();
  const tagRow = tags.getByRole('row').filter({ hasText: tagName });
  await expect(tagRow).toContainText(`/blog/tag/${tagSlug}`);
  await expect(tagRow.getByRole('cell').nth(2)).toHaveText('0');
  // The same name again is refused on the field, by the shop.
  await newTag.fill(tagName.toUpperCase());
  await page.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByText(`There is already a tag named "${tagName}" (address ${tagSlug}).`)).toBeVisible();
  await expect(newTag).toHaveAttribute('aria-invalid', 'true');
  await expect(tags.getByRole('row').filter({ hasText: tagName })).toHaveCount(1);

  // A category articles use cannot go: the dialog says how many use it and offers no Delete.
  const counts = await categories.getByRole('row').evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[2]?.textContent ?? ''));
  const usedCategory = categories.getByRole('row').nth(counts.findIndex((articles) => articles !== '' && articles !== '0'));
  const usedName = (await usedCategory.getByRole('cell').first().innerText()).trim();
  await usedCategory.getByRole('button', { name: `Delete ${usedName}` }).click();
  const refusal = page.getByRole('dialog', { name: `${usedName} cannot be deleted` });
  await expect(refusal).toContainText(/is the category of \d+ articles?: move/);
  await expect(refusal.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await refusal.getByRole('button', { name: 'Close' }).click();
  await expect(refusal).toBeHidden();
  await newTag.fill('');
  await expectNoAxeViolations(page);
  await keepScreenshot(page, { path: test.info().outputPath('admin-article-tags-desktop.png'), fullPage: true });

  // The new tag is a choice on the article form at once.
  await page.goto('/admin/content/articles/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Category').selectOption({ index: 1 });
  await page.getByRole('group', { name: 'Tags' }).getByRole('checkbox', { name: tagName }).check();
  await page.getByLabel('Summary').fill('Bars, racks and boxes: what each roof takes.');
  await page.getByLabel('Article', { exact: true }).fill('## Measure first\n\nRoof bars fit the feet your roof has.');
  await page.getByLabel('Publish time').fill(anHourAgoInLondon());
  await page.getByLabel('Picture', { exact: true }).setInputFiles({ name: 'roof.jpg', mimeType: 'image/jpeg', buffer: picture });
  await page.getByLabel('What the picture shows').fill('A blue estate with roof bars');
  await page.getByRole('button', { name: 'Create article' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();

  // /blog's 'Filter by category' has the tag, and choosing it shows the article with its picture.
  await page.goto('/blog');
  const filter = page.getByRole('button', { name: 'Filter by category' });
  await filter.click();
  await page.getByRole('radio', { name: tagName, exact: true }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/blog\\?tag=${tagSlug}$`));
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card).toHaveCount(1);
  await expectPictureShown(card.getByRole('img', { name: 'A blue estate with roof bars' }), [670]);
  await keepScreenshot(page, { path: test.info().outputPath('blog-new-tag-filter-desktop.png'), fullPage: false });

  // The picture removed from the edit form, asked first.
  await page.goto('/admin/content/articles');
  await page.getByRole('table', { name: 'Articles' }).getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit: ${title}` })).toBeVisible();
  await expect(page.getByRole('img', { name: "The article's picture" })).toBeVisible();
  await page.getByRole('button', { name: 'Remove picture' }).click();
  const ask = page.getByRole('dialog', { name: 'Remove the picture?' });
  await expect(ask).toContainText('The uploaded picture is deleted for good.');
  await expectNoAxeViolations(page);
  await keepScreenshot(page, { path: test.info().outputPath('admin-article-remove-picture-desktop.png') });
  await ask.getByRole('button', { name: 'Remove picture' }).click();
  await expect(page.getByText('Picture removed: the blog shows this article without one.')).toBeVisible();
  await expect(page.getByRole('img', { name: "The article's picture" })).toHaveCount(0);
  await expect(page.getByText('The blog shows this article without a picture until one is uploaded.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove picture' })).toHaveCount(0);
  await keepScreenshot(page, { path: test.info().outputPath('admin-article-picture-removed-desktop.png'), fullPage: true });

  // The blog's card and the article's page have no picture now.
  await page.goto(`/blog?tag=${tagSlug}`);
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('img')).toHaveCount(0);
  await keepScreenshot(page, { path: test.info().outputPath('blog-card-without-picture-desktop.png'), fullPage: false });
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Measure first' })).toBeVisible();
  await expect(page.getByRole('article').getByRole('img')).toHaveCount(0);
  await expect(page.locator('meta[property="og:image"]')).toHaveCount(0);

  // Deleted, asked first, the tag leaves the article, which stays.
  await page.goto('/admin/content/articles/tags');
  await expect(tagRow.getByRole('cell').nth(2)).toHaveText('1');
  await tagRow.getByRole('button', { name: `Delete ${tagName}` }).click();
  const remove = page.getByRole('dialog', { name: `Delete ${tagName}?` });
  await expect(remove).toContainText(`${tagName} is removed from 1 article; the articles stay.`);
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Tag deleted.')).toBeVisible();
  await expect(tags.getByRole('row').filter({ hasText: tagName })).toHaveCount(0);
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: `#${tagName}` })).toHaveCount(0);

  // The article goes again, so the blog the other journeys read (its first card's picture) is as seeded.
  await page.goto('/admin/content/articles');
  await page.getByRole('table', { name: 'Articles' }).getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog', { name: `Delete ${title}?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Article deleted.')).toBeVisible();
});

test('the owner deletes an article with the confirm dialog and it leaves /blog at once; the article screens fit 390 px', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInAsOwner(page);
  await page.goto('/admin/content/articles');
  const table = page.getByRole('table', { name: 'Articles' });
  const { title, slug } = published;
  expect(slug, 'the first journey publishes the article').not.toBe('');
  const row = table.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Published');
  expect((await request.get(`/web-api/articles/get/${slug}.json`)).status()).toBe(200);

  await row.getByRole('button', { name: `Delete ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${title}?` });
  await expect(dialog).toBeVisible();
  await keepScreenshot(page, { path: test.info().outputPath('admin-article-delete-desktop.png') });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Article deleted.')).toBeVisible();
  await expect(table.getByRole('link', { name: title, exact: true })).toHaveCount(0);
  expect((await request.get(`/web-api/articles/get/${slug}.json`)).status()).toBe(404);

  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/admin/content/articles', '/admin/content/articles/new']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    await keepScreenshot(page, { path: `/tmp${path.replaceAll('/', '-')}-phone.png`, fullPage: true });
  }
});
