/**
 * The blog's tags and categories as staff keep them, and an article's picture taken off: each
 * change with one audit entry in its transaction; bad names refused with 422 on `name` and nothing
 * written; a category still used refused naming how many; a tag deleted from its articles; a rename
 * keeping the address; the blog's own reads (the filters' lists, the listing by tag, an article
 * and its picture) showing each change on their next request; and every call refused to a
 * warehouse or sales member of staff (403) and to a visitor with no staff session (401).
 */
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { adminArticleTermList } from '../../../../src/contract/admin-content';
import { listArticleCategories, listArticles, listArticleTags } from '../../../../src/contract/articles';
import { articleCategories, articlePictures, articles, articleTagLinks, articleTags, auditLog } from '../../../db/schema';
import { articleForm, pictureUpload, testPicture } from '../../../test/admin-articles';
import { sourceRenderEntry } from '../../../test/app';
import { shopApp, useCheckoutData } from '../../../test/checkout';
import { testDatabase } from '../../../test/database';
import { addOwner, addStaff, enrolAndSignIn, type StaffBrowser, StaffBrowser as Browser, testClock } from '../../../test/staff';

useCheckoutData();

let people = 0;

async function contentDesk() {
  const clock = testClock('2026-03-02T09:00:00Z');
  // Pages are drawn from the app's sources, so a blog page's HTML can be read.
  const app = await shopApp({ clock: clock.now, env: { RATE_LIMIT_SIGN_IN_MAX: '1000' }, loadRenderEntry: sourceRenderEntry });
  const { db } = await testDatabase();
  people += 1;
  const ownerEmail = `terms-owner${people}@example.com`;
  await addOwner(db, clock, ownerEmail);
  const owner = (await enrolAndSignIn(app, clock, ownerEmail)).browser;
  const email = `terms-content${people}@example.com`;
  await addStaff(owner, 'content', email);
  const staff = (await enrolAndSignIn(app, clock, email)).browser;
  return { app, db, clock, owner, staff };
}

type Answer = { statusCode: number; body: string; json: () => unknown };

async function ok<T = { msg: string; record: { id: number; name: string; slug: string; articles: number } }>(response: Promise<Answer>): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as T;
}

function fieldErrors(response: Answer): Record<string, string[]> {
  expect(response.statusCode, response.body).toBe(422);
  const body = response.json() as { success: boolean; errors: Record<string, string[]> };
  expect(body.success).toBe(false);
  return body.errors;
}

async function lastAudit() {
  const { db } = await testDatabase();
  const [entry] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return entry;
}

/** What a refused change must leave as it was: every row of the tables it could touch, and the audit log's length. */
async function snapshot() {
  const { db } = await testDatabase();
  return {
    tags: await db.select().from(articleTags).orderBy(articleTags.id),
    categories: await db.select().from(articleCategories).orderBy(articleCategories.id),
    links: await db.select().from(articleTagLinks).orderBy(articleTagLinks.articleId, articleTagLinks.tagId),
    articles: await db.select({ id: articles.id, categoryId: articles.categoryId, noPicture: articles.noPicture }).from(articles).orderBy(articles.id),
    pictures: await db.select({ id: articlePictures.articleId, version: articlePictures.version }).from(articlePictures).orderBy(articlePictures.articleId),
    audits: (await db.select({ n: count() }).from(auditLog))[0]?.n,
  };
}

const terms = async (staff: StaffBrowser) => adminArticleTermList.response.parse((await staff.get('/web-api/admin/article-terms/list.json')).json());

async function blogTags(app: FastifyInstance) {
  const response = await app.inject({ method: 'GET', url: '/web-api/article-tags/list.json' });
  // Nothing keeps an old copy: the blog's filter asks again on every page.
  expect(response.headers['cache-control']).toBe('public, no-cache');
  return listArticleTags.response.parse(response.json()).items;
}

async function blogCategories(app: FastifyInstance) {
  const response = await app.inject({ method: 'GET', url: '/web-api/article-categories/list.json' });
  expect(response.headers['cache-control']).toBe('public, no-cache');
  return listArticleCategories.response.parse(response.json()).items;
}

async function blogList(app: FastifyInstance, query: string) {
  return listArticles.response.parse((await app.inject({ method: 'GET', url: `/web-api/articles/listing.json${query}` })).json()).articles;
}

describe('article tags and categories in the back office', () => {
  it('creates a tag and a category with a slug from the name, each with one audit entry, and the blog lists them at once', async () => {
    const { app, db, staff } = await contentDesk();
    const tag = await ok(staff.post('/web-api/admin/article-tags/create', { name: '  Clutch & Gearbox ' }));
    expect(tag).toMatchObject({ msg: 'Tag created.', record: { name: 'Clutch & Gearbox', slug: 'clutch-gearbox', articles: 0 } });
    expect(await lastAudit()).toMatchObject({ action: 'article-tag.create', entity: 'article-tag', entityId: String(tag.record.id), before: null, after: { name: 'Clutch & Gearbox', slug: 'clutch-gearbox' } });
    expect(await blogTags(app)).toContainEqual({ slug: 'clutch-gearbox', name: 'Clutch & Gearbox' });

    const category = await ok(staff.post('/web-api/admin/article-categories/create', { name: 'Électrics' }));
    expect(category.record).toMatchObject({ name: 'Électrics', slug: 'electrics', articles: 0 });
    expect(await lastAudit()).toMatchObject({ action: 'article-category.create', entity: 'article-category', entityId: String(category.record.id), before: null });
    // A new category is the tab bar's last.
    expect((await blogCategories(app)).at(-1)).toEqual({ slug: 'electrics', name: 'Électrics' });

    // Used on an article, the tag filters the blog and the counts say so.
    const form = await articleForm(db, { slug: 'clutch-judder', category_id: category.record.id });
    await ok(staff.post('/web-api/admin/articles/create', { ...form, tag_ids: [tag.record.id] }));
    expect((await blogList(app, '?tag=clutch-gearbox')).map((a) => a.slug)).toEqual(['clutch-judder']);
    expect((await blogList(app, '?category=electrics')).map((a) => a.slug)).toEqual(['clutch-judder']);
    const listed = await terms(staff);
    expect(listed.tags.find((t) => t.id === tag.record.id)).toMatchObject({ articles: 1 });
    expect(listed.categories.find((c) => c.id === category.record.id)).toMatchObject({ articles: 1 });
    // The article form's choices have them too.
    const choices = (await staff.get('/web-api/admin/articles/list.json')).json() as { tags: { id: number }[]; categories: { id: number }[] };
    expect(choices.tags.map((t) => t.id)).toContain(tag.record.id);
    expect(choices.categories.map((c) => c.id)).toContain(category.record.id);
  });

  it('refuses an empty, too long, letterless or taken name with 422 on `name`, and writes nothing', async () => {
    const { staff } = await contentDesk();
    const brakes = await ok(staff.post('/web-api/admin/article-tags/create', { name: 'Brake work' }));
    const news = await ok(staff.post('/web-api/admin/article-categories/create', { name: 'Shop news' }));
    const before = await snapshot();
    for (const base of ['/web-api/admin/article-tags', '/web-api/admin/article-categories']) {
      expect(fieldErrors(await staff.post(`${base}/create`, { name: '   ' }))).toEqual({ name: ['Enter a name.'] });
      expect(fieldErrors(await staff.post(`${base}/create`, {}))).toHaveProperty('name');
      expect(fieldErrors(await staff.post(`${base}/create`, { name: 'x'.repeat(61) }))).toEqual({ name: ['At most 60 characters.'] });
      expect(fieldErrors(await staff.post(`${base}/create`, { name: '!!!' }))).toEqual({ name: ['Use letters or digits in the name: its address on the blog is made from them.'] });
    }
    // Taken: the same address, or a name that reads the same.
    expect(fieldErrors(await staff.post('/web-api/admin/article-tags/create', { name: 'BRAKE WORK!' }))).toEqual({ name: ['There is already a tag named "Brake work" (address brake-work).'] });
    expect(fieldErrors(await staff.post('/web-api/admin/article-categories/create', { name: 'shop-news' }))).toEqual({ name: ['There is already a category named "Shop news" (address shop-news).'] });
    // A rename as well, and to a name another one has.
    const other = await ok(staff.post('/web-api/admin/article-tags/create', { name: 'Suspension' }));
    const afterOther = await snapshot();
    expect(fieldErrors(await staff.post(`/web-api/admin/article-tags/${other.record.id}`, { name: 'brake work' }))).toEqual({ name: ['There is already a tag named "Brake work" (address brake-work).'] });
    expect(fieldErrors(await staff.post(`/web-api/admin/article-categories/${news.record.id}`, { name: '' }))).toEqual({ name: ['Enter a name.'] });
    expect(await snapshot()).toEqual(afterOther);
    expect(afterOther.tags.length).toBe(before.tags.length + 1);
    expect(afterOther.audits).toBe((before.audits ?? 0) + 1);
    // A tag and a category may share a name: they are different lists.
    await ok(staff.post('/web-api/admin/article-categories/create', { name: 'Brake work' }));
    expect((await staff.post(`/web-api/admin/article-tags/999999`, { name: 'Anything' })).statusCode).toBe(404);
    expect(brakes.record.slug).toBe('brake-work');
  });

  it('renames keeping the address, so the blog’s links to it keep working, with one audit entry', async () => {
    const { app, db, staff } = await contentDesk();
    const tag = await ok(staff.post('/web-api/admin/article-tags/create', { name: 'Timing belts' }));
    const category = await ok(staff.post('/web-api/admin/article-categories/create', { name: 'How to' }));
    const form = await articleForm(db, { slug: 'belt-change', category_id: category.record.id });
    await ok(staff.post('/web-api/admin/articles/create', { ...form, tag_ids: [tag.record.id] }));

    const renamed = await ok(staff.post(`/web-api/admin/article-tags/${tag.record.id}`, { name: 'Cambelts' }));
    expect(renamed).toMatchObject({ msg: 'Tag renamed.', record: { id: tag.record.id, name: 'Cambelts', slug: 'timing-belts', articles: 1 } });
    expect(await lastAudit()).toMatchObject({ action: 'article-tag.rename', entityId: String(tag.record.id), before: { name: 'Timing belts' }, after: { name: 'Cambelts', slug: 'timing-belts' } });
    // Renaming to its own name in other letters is no clash with itself.
    await ok(staff.post(`/web-api/admin/article-tags/${tag.record.id}`, { name: 'CAMBELTS' }));
    await ok(staff.post(`/web-api/admin/article-categories/${category.record.id}`, { name: 'Guides and how-tos' }));

    expect(await blogTags(app)).toContainEqual({ slug: 'timing-belts', name: 'CAMBELTS' });
    expect(await blogCategories(app)).toContainEqual({ slug: 'how-to', name: 'Guides and how-tos' });
    const [article] = await blogList(app, '?tag=timing-belts&category=how-to');
    expect(article).toMatchObject({ slug: 'belt-change', article_tags: [{ slug: 'timing-belts', name: 'CAMBELTS' }], article_category: { slug: 'how-to', name: 'Guides and how-tos' } });
    // The tag's page at its old address is still there, under its new name.
    const page = await app.inject({ method: 'GET', url: '/blog/tag/timing-belts' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('CAMBELTS');
  });

  it('deletes a tag from its articles, which stay; refuses a category still used, naming how many; deletes an unused one', async () => {
    const { app, db, staff } = await contentDesk();
    const tag = await ok(staff.post('/web-api/admin/article-tags/create', { name: 'Exhausts' }));
    const keep = await ok(staff.post('/web-api/admin/article-tags/create', { name: 'Emissions' }));
    const used = await ok(staff.post('/web-api/admin/article-categories/create', { name: 'Repairs' }));
    const unused = await ok(staff.post('/web-api/admin/article-categories/create', { name: 'Events' }));
    const ids: number[] = [];
    for (const slug of ['exhaust-one', 'exhaust-two']) {
      const form = await articleForm(db, { slug, category_id: used.record.id });
      ids.push((await ok<{ record: { id: number } }>(staff.post('/web-api/admin/articles/create', { ...form, tag_ids: [tag.record.id, keep.record.id] }))).record.id);
    }

    const before = await snapshot();
    const refused = await staff.post(`/web-api/admin/article-categories/${used.record.id}/delete`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, msg: 'Repairs is the category of 2 articles: move them to another category first.' });
    expect(await snapshot()).toEqual(before);

    expect(await ok(staff.post(`/web-api/admin/article-tags/${tag.record.id}/delete`))).toEqual({ success: true, msg: 'Tag deleted.' });
    expect(await lastAudit()).toMatchObject({ action: 'article-tag.delete', entityId: String(tag.record.id), before: { name: 'Exhausts', slug: 'exhausts', articles: 2, article_ids: ids }, after: null });
    expect(await db.select().from(articleTagLinks).where(eq(articleTagLinks.tagId, tag.record.id))).toEqual([]);
    for (const article of await blogList(app, '?category=repairs')) expect(article.article_tags).toEqual([{ slug: 'emissions', name: 'Emissions' }]);
    expect((await blogList(app, '?category=repairs')).length).toBe(2);
    expect((await blogTags(app)).map((t) => t.slug)).not.toContain('exhausts');
    expect((await app.inject({ method: 'GET', url: '/blog/tag/exhausts' })).statusCode).toBe(404);

    await ok(staff.post(`/web-api/admin/article-categories/${unused.record.id}/delete`));
    expect(await lastAudit()).toMatchObject({ action: 'article-category.delete', entityId: String(unused.record.id), before: { name: 'Events', articles: 0, article_ids: [] }, after: null });
    expect((await blogCategories(app)).map((c) => c.slug)).not.toContain('events');
    expect((await staff.post(`/web-api/admin/article-categories/${unused.record.id}/delete`)).statusCode).toBe(404);
    expect((await staff.post(`/web-api/admin/article-tags/${tag.record.id}/delete`)).statusCode).toBe(404);
  });
});

describe("an article's picture taken off", () => {
  it('deletes the uploaded files and shows the article with no picture on its page and card; an upload brings one back', async () => {
    const { app, db, staff } = await contentDesk();
    const created = await ok<{ record: { id: number } }>(staff.post('/web-api/admin/articles/create', await articleForm(db, { slug: 'picture-gone' })));
    const id = created.record.id;
    const { payload, headers } = pictureUpload({ name: 'pads.jpg', data: await testPicture('jpeg', '#cc3300') });
    expect((await staff.post(`/web-api/admin/articles/${id}/picture`, payload, headers)).statusCode).toBe(200);
    const shown = (await app.inject({ method: 'GET', url: '/web-api/articles/get/picture-gone.json' })).json().article as { images: Record<string, string> };
    expect((await app.inject({ method: 'GET', url: shown.images.big ?? '' })).statusCode).toBe(200);

    const removed = await ok<{ msg: string; record: Record<string, unknown> }>(staff.post(`/web-api/admin/articles/${id}/picture/delete`));
    expect(removed.record).toMatchObject({ picture: 'none', uploaded_picture: false, picture_preview: null });
    expect(await lastAudit()).toMatchObject({ action: 'article.picture-remove', entityId: String(id), before: { picture: 'uploaded' }, after: { picture: 'none' } });
    expect(await db.select().from(articlePictures).where(eq(articlePictures.articleId, id))).toEqual([]);

    const page = (await app.inject({ method: 'GET', url: '/web-api/articles/get/picture-gone.json' })).json().article;
    expect(page).toMatchObject({ main_image: null, images: null });
    const card = (await blogList(app, '')).find((a) => a.slug === 'picture-gone');
    expect(card).toMatchObject({ main_image: null, images: null });
    // Neither the uploaded picture nor the drawn one is served any more.
    for (const size of ['big', 'small', 'grid']) expect((await app.inject({ method: 'GET', url: `/blog-images/picture-gone/${size}.webp` })).statusCode).toBe(404);
    // The article's page draws no picture and names none for sharing.
    const articlePage = await app.inject({ method: 'GET', url: '/blog/picture-gone' });
    expect(articlePage.statusCode).toBe(200);
    const html = articlePage.body;
    expect(html).toContain('Changing brake pads');
    expect(html).not.toContain('/blog-images/picture-gone/');
    expect(html).not.toContain('og:image');

    // Nothing left to remove.
    const before = await snapshot();
    const again = await staff.post(`/web-api/admin/articles/${id}/picture/delete`);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ msg: 'This article has no picture to remove.' });
    expect(await snapshot()).toEqual(before);
    expect((await staff.post('/web-api/admin/articles/999999/picture/delete')).statusCode).toBe(404);

    // A new upload shows again.
    const upload = pictureUpload({ name: 'new.png', data: await testPicture('png', '#22aa44') });
    const back = await ok<{ record: Record<string, unknown> }>(staff.post(`/web-api/admin/articles/${id}/picture`, upload.payload, upload.headers));
    expect(back.record).toMatchObject({ picture: 'uploaded', uploaded_picture: true });
    const images = ((await app.inject({ method: 'GET', url: '/web-api/articles/get/picture-gone.json' })).json().article as { images: Record<string, string> | null }).images;
    expect((await app.inject({ method: 'GET', url: images?.grid ?? '' })).statusCode).toBe(200);
  });

  it('takes the drawn picture off an article that never had one uploaded', async () => {
    const { app, db, staff } = await contentDesk();
    const created = await ok<{ record: { id: number; picture: string } }>(staff.post('/web-api/admin/articles/create', await articleForm(db, { slug: 'drawn-gone' })));
    expect(created.record.picture).toBe('drawn');
    expect((await app.inject({ method: 'GET', url: '/blog-images/drawn-gone/big.webp' })).statusCode).toBe(200);
    await ok(staff.post(`/web-api/admin/articles/${created.record.id}/picture/delete`));
    expect(await lastAudit()).toMatchObject({ action: 'article.picture-remove', before: { picture: 'drawn' }, after: { picture: 'none' } });
    expect((await app.inject({ method: 'GET', url: '/web-api/articles/get/drawn-gone.json' })).json().article).toMatchObject({ images: null });
    expect((await app.inject({ method: 'GET', url: '/blog-images/drawn-gone/big.webp' })).statusCode).toBe(404);
  });
});

describe('who may keep the tags, categories and pictures', () => {
  it('refuses every call to warehouse and sales staff (403) and to a visitor with no staff session (401), writing nothing', async () => {
    const { app, clock, owner, db, staff } = await contentDesk();
    const tag = await ok(staff.post('/web-api/admin/article-tags/create', { name: 'Gaskets' }));
    const category = await ok(staff.post('/web-api/admin/article-categories/create', { name: 'Seals' }));
    const article = await ok<{ record: { id: number } }>(staff.post('/web-api/admin/articles/create', await articleForm(db, { slug: 'who-may' })));
    const calls: [string, Record<string, unknown>?][] = [
      ['/web-api/admin/article-terms/list.json'],
      ['/web-api/admin/article-tags/create', { name: 'Refused tag' }],
      [`/web-api/admin/article-tags/${tag.record.id}`, { name: 'Refused name' }],
      [`/web-api/admin/article-tags/${tag.record.id}/delete`, {}],
      ['/web-api/admin/article-categories/create', { name: 'Refused category' }],
      [`/web-api/admin/article-categories/${category.record.id}`, { name: 'Refused name' }],
      [`/web-api/admin/article-categories/${category.record.id}/delete`, {}],
      [`/web-api/admin/articles/${article.record.id}/picture/delete`, {}],
    ];
    people += 1;
    const others: [StaffBrowser, number][] = [];
    for (const role of ['warehouse', 'sales'] as const) {
      const email = `terms-${role}${people}@example.com`;
      await addStaff(owner, role, email);
      others.push([(await enrolAndSignIn(app, clock, email)).browser, 403]);
    }
    // A visitor who opened the back office: a staff session with no one signed in, so writes pass CSRF.
    const visitor = new Browser(app);
    await visitor.get('/web-api/admin/me');
    others.push([visitor, 401]);

    const before = await snapshot();
    for (const [browser, status] of others) {
      for (const [url, body] of calls) {
        const response = body ? await browser.post(url, body) : await browser.get(url);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
      }
    }
    expect(await snapshot()).toEqual(before);
    // The content role may make them (its article permission, content.manage).
    expect((await staff.get('/web-api/admin/article-terms/list.json')).statusCode).toBe(200);
  });
});
