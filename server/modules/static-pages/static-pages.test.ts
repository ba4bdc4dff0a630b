/**
 * The shop's static pages by slug: every page of the list answers its text in British English;
 * the returns page states the returns window of the configuration (RETURNS_WINDOW_DAYS), here and
 * in the part page's copy; anything else is the 404 envelope. The seed adds them (and the jobs
 * and articles) to a database seeded before they existed, and runs again without duplicating.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getContentPage } from '../../../src/contract/catalogue';
import { getStaticPage, STATIC_PAGE_SLUGS } from '../../../src/contract/static-contents';
import { articles, contentPages, jobs, makes } from '../../db/schema';
import { seedAccounts } from '../../seed/accounts';
import { seedCheckout } from '../../seed/checkout';
import { seedIfEmpty } from '../../seed/index';
import { seedContent } from '../../seed/content';
import { hasContent, needsSeeding } from '../../seed/state';
import { contentApp, expectFailure, getJson } from '../../test/content';
import { resetDatabase, testDatabase } from '../../test/database';
import { testClock } from '../../test/payments';

describe('GET /web-api/static-contents/page/{slug}.json', () => {
  it('answers each of the nine pages with its title and text, without a session', async () => {
    const { app } = await contentApp();
    const titles: Record<string, string> = {};
    for (const slug of STATIC_PAGE_SLUGS) {
      const response = await getJson(app, `/static-contents/page/${slug}.json`);
      expect(response.statusCode, slug).toBe(200);
      expect(response.cookies).toEqual([]);
      const { page } = getStaticPage.response.parse(response.json());
      expect(page.slug).toBe(slug);
      expect(page.content.length, slug).toBeGreaterThan(400);
      expect(page.content).not.toMatch(/lorem|\{\w+\}/i);
      titles[slug] = page.title;
    }
    expect(titles).toMatchObject({ about: 'About us', terms: 'Terms and conditions', privacy: 'Privacy policy', cookies: 'Cookie policy', contact: 'Contact us', 'product-returns': 'Returns' });
  });

  it('states the configured returns window on the returns page, here and in the part page copy', async () => {
    for (const days of ['30', '45']) {
      const { app } = await contentApp({ env: { RETURNS_WINDOW_DAYS: days } });
      const page = getStaticPage.response.parse((await getJson(app, '/static-contents/page/product-returns.json')).json()).page;
      expect(page.content).toContain(`you can return it within <strong>${days} days</strong> of delivery`);
      const copy = getContentPage.response.parse((await getJson(app, '/content-pages/product-returns.json')).json()).page;
      expect(copy.content).toBe(page.content);
    }
  });

  it('answers 404 for a slug not in the list, even when a text of that name exists, and 422 for one that cannot be a slug', async () => {
    const { app } = await contentApp();
    const { db } = await testDatabase();
    await db.insert(contentPages).values({ slug: 'vehicle-banner-text-1', title: 'A banner', content: '<p>Banner</p>' });
    for (const slug of ['no-such-page', 'vehicle-banner-text-1']) expect(expectFailure(await getJson(app, `/static-contents/page/${slug}.json`), 404)).toEqual({ success: false, msg: 'Not found' });
    expect(expectFailure(await getJson(app, '/static-contents/page/About%20Us.json'), 422).errors).toHaveProperty('slug');
  });
});

describe('the content seed', () => {
  it('runs again without adding anything twice, keeping the dates', async () => {
    await contentApp();
    const { db } = await testDatabase();
    const totals = async () => ({
      jobs: (await db.select({ n: count() }).from(jobs))[0]?.n,
      articles: (await db.select({ n: count() }).from(articles))[0]?.n,
      pages: (await db.select({ n: count() }).from(contentPages))[0]?.n,
    });
    expect(await hasContent(db)).toBe(true);
    expect(await totals()).toEqual({ jobs: 12, articles: 20, pages: 9 });
    const before = await db.select({ slug: articles.slug, publicDate: articles.publicDate }).from(articles).orderBy(articles.id);

    const later = testClock('2027-02-01T08:00:00Z');
    await seedContent(db, later());
    expect(await totals()).toEqual({ jobs: 12, articles: 20, pages: 9 });
    expect(await db.select({ slug: articles.slug, publicDate: articles.publicDate }).from(articles).orderBy(articles.id)).toEqual(before);
  });

  it('is added to a shop seeded before it existed when the shop starts', async () => {
    const { db } = await testDatabase();
    await resetDatabase(db);
    // What a shop seeded before the blog has: a catalogue, the checkout's and the accounts' reference data.
    await db.insert(makes).values({ id: 1, name: 'Ford', slug: 'ford' });
    await seedCheckout(db);
    await seedAccounts(db);
    expect(await hasContent(db)).toBe(false);
    expect(await needsSeeding(db)).toBe(true);

    expect(await seedIfEmpty(db)).toBe(false);
    expect(await hasContent(db)).toBe(true);
    expect(await needsSeeding(db)).toBe(false);
    expect((await db.select({ n: count() }).from(jobs))[0]?.n).toBe(12);
    expect((await db.select({ n: count() }).from(contentPages).where(eq(contentPages.slug, 'about')))[0]?.n).toBe(1);
  });
});
