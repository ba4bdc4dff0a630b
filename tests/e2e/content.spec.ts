import { expect, pageSettled, test, type Page, axeOf, keepScreenshot } from './fixtures';
import type { listArticleCategories, listArticles, listArticleTags } from '../../src/contract/articles';
import type { CallResponse } from '../../src/contract/define';
import type { listJobCategories, listJobLocations, listJobs } from '../../src/contract/jobs';
import { pdfCv } from '../../server/test/cv-files';

// The jobs, blog and static pages (SPEC §2 'Jobs and blog') at 390 px, the @wide one at 1280 px too:
// filtering jobs and opening one to apply, filtering the blog by tag and by category
// tab and reading an article, the returns page stating the returns window, 404s for what does not
// exist, no serious accessibility problem, and a screenshot of each screen in /tmp/content-*.png.
// What each filter should show is asked of the API with the same query, so the test follows the
// seed's content instead of copying it.

const ALTERNATOR = '/product/ford/focus/alternator/P0012001';

const isPhone = () => test.info().project.name === 'phone';

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/web-api${path}`);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await axeOf(page).analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(bad.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function screenshot(page: Page, name: string) {
  // The whole page, lazy pictures included.
  await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((image) => image.setAttribute('loading', 'eager')));
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  await keepScreenshot(page, { path: `/tmp/content-${name}-${test.info().project.name}.png`, fullPage: true });
}

/** The page's JSON-LD objects of one schema.org type. */
async function jsonLd(page: Page, type: string): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>).filter((value) => value['@type'] === type);
}

const jobTitles = (page: Page) => page.getByRole('list').getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('jobs: filter by category, location and keyword, sort, page, and open one to read and apply', async ({ page }) => {
  test.setTimeout(60_000);
  type Jobs = CallResponse<typeof listJobs>;
  const categories = (await api<CallResponse<typeof listJobCategories>>(page, '/job-categories/list.json')).items;
  const locations = (await api<CallResponse<typeof listJobLocations>>(page, '/jobs/locations.json')).data;
  const all = await api<Jobs>(page, '/jobs/list.json');
  expect(all.items.length).toBeGreaterThan(0);

  await page.goto('/jobs');
  await pageSettled(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jobs at PartsFinder UK');
  await expect(page.getByRole('heading', { name: `${all.paginator.count} jobs found` })).toBeVisible();
  // SPEC §9: 3 a page, newest first; the cards show every field of SPEC §2.
  expect(await jobTitles(page)).toEqual(all.items.map((job) => job.title));
  const first = all.items[0]!;
  const card = page.getByRole('article', { name: first.title });
  for (const text of [first.purpose, first.location, first.working_hours, first.working_pattern, first.job_sector.name]) await expect(card).toContainText(text);
  await expect(card.getByText('Reporting to')).toBeVisible();
  await expect(card.getByRole('link', { name: `Read more and apply: ${first.title}` })).toBeVisible();
  const sortLabels = await page.getByRole('combobox', { name: 'Sort by' }).locator('option').allTextContents();
  expect(sortLabels).toEqual(['Most recent', 'Oldest first']);
  await screenshot(page, 'jobs');

  // The paginator: page 2 is the API's page 2.
  if (all.paginator.pageCount > 1) {
    await page.getByRole('navigation', { name: 'Job pages' }).getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2\b/);
    const second = await api<Jobs>(page, '/jobs/list.json?page=2');
    await expect.poll(() => jobTitles(page)).toEqual(second.items.map((job) => job.title));
  }

  // A category: back to page 1, and the list is the API's list for it.
  const category = categories.find((each) => each.count > 0)!;
  await page.getByRole('navigation', { name: 'Job categories' }).getByRole('button', { name: new RegExp(`^${escape(category.name)}`) }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]category=${category.id}\\b`));
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(page.getByRole('heading', { name: new RegExp(`^${category.count} jobs? found`) })).toBeVisible();
  const inCategory = await api<Jobs>(page, `/jobs/list.json?category=${category.id}`);
  await expect.poll(() => jobTitles(page)).toEqual(inCategory.items.map((job) => job.title));

  // 'All jobs' again, then a location that has jobs.
  await page.getByRole('button', { name: 'All jobs' }).click();
  await expect(page).not.toHaveURL(/category=/);
  const location = locations.find((each) => all.items.some((job) => job.location_id === each.id)) ?? locations[0]!;
  await page.getByRole('combobox', { name: 'Location' }).selectOption(String(location.id));
  await expect(page).toHaveURL(new RegExp(`[?&]location=${location.id}\\b`));
  const inLocation = await api<Jobs>(page, `/jobs/list.json?location=${location.id}`);
  await expect.poll(() => jobTitles(page)).toEqual(inLocation.items.map((job) => job.title));
  for (const job of inLocation.items) await expect(page.getByRole('article', { name: job.title })).toContainText(location.name);

  // A keyword typed letter by letter: one reload 500 ms after the typing stops (SPEC §9).
  const word = first.title.split(/\s+/).find((each) => each.length > 3) ?? first.title;
  const keywordRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/web-api/jobs/list.json') && request.url().includes('keyword=')) keywordRequests.push(request.url());
  });
  await page.getByRole('combobox', { name: 'Location' }).selectOption('');
  await expect(page).not.toHaveURL(/location=/);
  await page.getByRole('searchbox', { name: 'Search jobs' }).pressSequentially(word.toLowerCase(), { delay: 40 });
  await expect(page).toHaveURL(new RegExp(`[?&]keyword=${encodeURIComponent(word.toLowerCase())}\\b`));
  const withKeyword = await api<Jobs>(page, `/jobs/list.json?keyword=${encodeURIComponent(word)}`);
  await expect.poll(() => jobTitles(page)).toEqual(withKeyword.items.map((job) => job.title));
  expect(await jobTitles(page)).toContain(first.title);
  expect(keywordRequests).toHaveLength(1);

  // 'Oldest first' turns the order round.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Oldest first' });
  await expect(page).toHaveURL(/[?&]direction=ASC\b/);
  const oldest = await api<Jobs>(page, `/jobs/list.json?keyword=${encodeURIComponent(word)}&direction=ASC`);
  await expect.poll(() => jobTitles(page)).toEqual(oldest.items.map((job) => job.title));

  // Open the first: the whole advert, how to apply, and JobPosting JSON-LD in the server's HTML.
  const opened = oldest.items[0]!;
  await page.getByRole('link', { name: `Read more and apply: ${opened.title}` }).click();
  await expect(page).toHaveURL(`/job/${opened.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(opened.title);
  await expect(page.getByRole('heading', { name: 'How to apply' })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${escape(opened.title)}`));
  const html = await (await page.request.get(`/job/${opened.id}`)).text();
  expect(html).toContain('"@type":"JobPosting"');
  expect(html).toContain(`<link rel="canonical" href="`);
});

test('a job application: errors under the fields, then the CV is sent and the shop says thank you', async ({ page }) => {
  const { items } = await api<CallResponse<typeof listJobs>>(page, '/jobs/list.json');
  const job = items[0]!;
  await page.goto(`/job/${job.id}`);
  await pageSettled(page);
  const [posting] = await jsonLd(page, 'JobPosting');
  expect(posting).toMatchObject({ title: job.title, datePosted: job.created, jobLocation: { address: { addressLocality: job.location } } });
  await screenshot(page, 'job');
  await expectNoSeriousAxeViolations(page);

  const form = page.getByRole('form', { name: `Apply for this job: ${job.title}` });
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(form.getByText('Please enter your full name.')).toBeVisible();
  await expect(form.getByText('Please enter your email address.')).toBeVisible();
  await expect(form.getByText('Please enter your phone number.')).toBeVisible();
  await expect(form.getByText('Please attach your CV.')).toBeVisible();
  await expect(form.getByLabel('Full name')).toBeFocused();

  await form.getByLabel('Full name').fill('Sam Carter');
  await form.getByLabel('Email').fill('sam.carter@example.co.uk');
  await form.getByLabel('Phone').fill('07700 900123');
  await form.getByLabel('Message (optional)').fill('I have five years in a parts warehouse.');
  await form.getByLabel('Your CV').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not a cv') });
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(form.getByText('Your CV must be a PDF or Word document.')).toBeVisible();

  // A real PDF: the shop opens what starts like one (a bare header is refused).
  const pdf = await pdfCv('Sam Carter — Curriculum Vitae');
  await form.getByLabel('Your CV').setInputFiles({ name: 'sam-carter-cv.pdf', mimeType: 'application/pdf', buffer: pdf });
  const sent = page.waitForResponse((response) => response.url().endsWith(`/web-api/jobs/apply/${job.id}.json`));
  await form.getByRole('button', { name: 'Send application' }).click();
  const answer = await sent;
  expect(answer.status()).toBe(200);
  const { msg } = (await answer.json()) as { msg: string };
  await expect(page.getByRole('status').filter({ hasText: msg })).toBeVisible();
  await expect(page.getByRole('form', { name: `Apply for this job: ${job.title}` })).toHaveCount(0);
});

test('blog: filter by tag and by category tab, and open an article', async ({ page }) => {
  test.setTimeout(60_000);
  type Articles = CallResponse<typeof listArticles>;
  const tags = (await api<CallResponse<typeof listArticleTags>>(page, '/article-tags/list.json')).items;
  const categories = (await api<CallResponse<typeof listArticleCategories>>(page, '/article-categories/list.json')).items;
  const all = await api<Articles>(page, '/articles/listing.json');
  expect(all.articles.length).toBeGreaterThan(4);
  const titles = () => page.getByRole('region', { name: 'Articles' }).getByRole('article').getByRole('heading', { level: 2 }).allTextContents();

  await page.goto('/blog');
  await pageSettled(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog and News');
  // SPEC §2: the first article large, the next three small, the rest in the grid (SPEC §9 sizes).
  expect(await titles()).toEqual(all.articles.map((article) => article.title));
  // Each card's picture by its place (an article may have none: the back office can remove it).
  const cards = page.getByRole('region', { name: 'Articles' }).getByRole('article');
  for (const [index, width] of [[0, '670'], [1, '215'], [4, '440']] as const) {
    if (all.articles[index]?.main_image) await expect(cards.nth(index).getByRole('img')).toHaveAttribute('width', width);
    else await expect(cards.nth(index).getByRole('img')).toHaveCount(0);
  }
  expect(all.articles.filter((article) => article.main_image).length, 'the seeded articles have pictures').toBeGreaterThan(2);
  await screenshot(page, 'blog');
  await expectNoSeriousAxeViolations(page);

  // 'Filter by category': a radio list of tags that opens, and whose Save closes it and reloads page 1.
  const tag = tags.find((each) => all.articles.some((article) => article.article_tags.some((own) => own.slug === each.slug)))!;
  const filter = page.getByRole('button', { name: 'Filter by category' });
  await expect(filter).toHaveAttribute('aria-expanded', 'false');
  await filter.click();
  await expect(filter).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('radio', { name: tag.name, exact: true }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(filter).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('radio', { name: tag.name, exact: true })).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/blog\\?tag=${tag.slug}$`));
  const tagged = await api<Articles>(page, `/articles/listing.json?tag=${tag.slug}`);
  await expect.poll(titles).toEqual(tagged.articles.map((article) => article.title));

  // The category tabs: 'All' plus one per category; the active tab clicked again deselects.
  await filter.click();
  await page.getByRole('radio', { name: 'All tags' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  const tabs = page.getByRole('navigation', { name: 'News categories' }).getByRole('link');
  expect(await tabs.allTextContents()).toEqual(['All', ...categories.map((each) => each.name)]);
  const category = categories.find((each) => all.articles.some((article) => article.article_category.slug === each.slug))!;
  const tab = tabs.filter({ hasText: new RegExp(`^${escape(category.name)}$`) });
  await tab.click();
  await expect(page).toHaveURL(new RegExp(`/blog\\?category=${category.slug}$`));
  await expect(tab).toHaveAttribute('aria-current', 'page');
  await expect(tabs.first()).not.toHaveAttribute('aria-current');
  const inCategory = await api<Articles>(page, `/articles/listing.json?category=${category.slug}`);
  await expect.poll(titles).toEqual(inCategory.articles.map((article) => article.title));
  await tab.click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(tabs.first()).toHaveAttribute('aria-current', 'page');
  await expect(tab).not.toHaveAttribute('aria-current');
  await expect.poll(titles).toEqual(all.articles.map((article) => article.title));

  // An article: title, picture, pretty date, tags linking to /blog/tag/{tag}, the body, Article JSON-LD.
  const article = all.articles[0]!;
  await page.getByRole('link', { name: article.title, exact: true }).first().click();
  await expect(page).toHaveURL(`/blog/${article.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
  await expect(page.getByRole('img', { name: article.main_image_alt })).toBeVisible();
  await expect(page.locator('time')).toHaveText(article.pretty_public_date);
  const [ld] = await jsonLd(page, 'Article');
  expect(ld).toMatchObject({ headline: article.title, datePublished: article.public_date });
  await pageSettled(page);
  await screenshot(page, 'article');
  await expectNoSeriousAxeViolations(page);
  const firstTag = article.article_tags[0]!;
  await page.getByRole('navigation', { name: 'Tags' }).getByRole('link', { name: `#${firstTag.name}` }).click();
  await expect(page).toHaveURL(`/blog/tag/${firstTag.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Articles tagged ‘${firstTag.name}’`);
  const byTag = await api<Articles>(page, `/articles/listing.json?tag=${firstTag.slug}`);
  await expect.poll(titles).toEqual(byTag.articles.map((each) => each.title));
  await expect(page).toHaveTitle(new RegExp(escape(firstTag.name)));
});

test('the returns page states the returns window, and the part page shows the same text @wide', async ({ page }) => {
  await page.goto('/page/product-returns');
  await pageSettled(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Returns');
  const body = page.getByRole('article');
  await expect(body).toContainText(/return it within 30 days of delivery/);
  await expect(page).toHaveTitle(/^Returns — /);
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/page\/product-returns$/);
  await screenshot(page, 'page');
  await expectNoSeriousAxeViolations(page);

  // The footer's links all open (every one of the nine pages).
  const footerLinks = await page.locator('footer a[href^="/page/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  expect(footerLinks.sort()).toEqual(
    ['about', 'contact', 'cookies', 'privacy', 'product-delivery', 'product-grading', 'product-returns', 'product-warranties', 'terms'].map((slug) => `/page/${slug}`),
  );
  for (const href of footerLinks) expect((await page.request.get(href)).status(), href).toBe(200);

  // The part page's Returns section reads the same page.
  await page.goto(ALTERNATOR);
  await pageSettled(page);
  if (isPhone()) {
    await page.getByRole('button', { name: 'Returns', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Returns', exact: true })).toContainText(/return it within 30 days of delivery/);
  } else {
    await page.getByRole('tab', { name: 'Returns', exact: true }).click();
    await expect(page.getByRole('tabpanel')).toContainText(/return it within 30 days of delivery/);
  }
});

test('an unknown job, article, tag or page is a 404 page', async ({ page }) => {
  for (const path of ['/job/999999', '/job/abc', '/blog/no-such-article', '/blog/tag/no-such-tag', '/page/no-such-page']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We can’t find that page');
  }
});

test('the home page offers featured jobs and all jobs, without a job in its first HTML', async ({ page }) => {
  const html = await (await page.request.get('/')).text();
  expect(html).not.toContain('View all jobs');
  const featured = await api<{ items: { title: string }[] }>(page, '/jobs/featured.json');
  await page.goto('/');
  await pageSettled(page);
  const block = page.getByRole('region', { name: 'Work with us' });
  await block.scrollIntoViewIfNeeded();
  for (const job of featured.items) await expect(block.getByRole('heading', { name: job.title })).toBeVisible();
  await block.getByRole('link', { name: 'View all jobs' }).click();
  await expect(page).toHaveURL('/jobs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jobs at PartsFinder UK');
});
