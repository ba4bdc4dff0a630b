/**
 * The blog's articles as staff write them: created, listed with their state, edited, given an
 * uploaded picture and deleted, each change with one audit entry; bad input and bad files refused
 * with 422 naming the field; a scheduled article hidden from /blog until its time by the shop's
 * clock; and the storefront's article calls showing each change on their next request.
 */
import { desc } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { adminArticleList } from '../../../../src/contract/admin-content';
import { ARTICLE_IMAGE_SIZES } from '../../../../src/contract/articles';
import { auditLog } from '../../../db/schema';
import { articleForm, pictureUpload, testPicture } from '../../../test/admin-articles';
import { shopApp, useCheckoutData } from '../../../test/checkout';
import { testDatabase } from '../../../test/database';
import { addOwner, addStaff, enrolAndSignIn, type StaffBrowser, testClock } from '../../../test/staff';

useCheckoutData();

let people = 0;

async function contentDesk() {
  const clock = testClock('2026-03-02T09:00:00Z');
  const app = await shopApp({ clock: clock.now, env: { RATE_LIMIT_SIGN_IN_MAX: '1000' } });
  const { db } = await testDatabase();
  people += 1;
  const ownerEmail = `article-owner${people}@example.com`;
  await addOwner(db, clock, ownerEmail);
  const owner = (await enrolAndSignIn(app, clock, ownerEmail)).browser;
  const email = `article-content${people}@example.com`;
  await addStaff(owner, 'content', email);
  const staff = (await enrolAndSignIn(app, clock, email)).browser;
  return { app, db, clock, staff };
}

async function auditCount(): Promise<number> {
  const { db } = await testDatabase();
  return (await db.select({ id: auditLog.id }).from(auditLog)).length;
}

async function lastAudit() {
  const { db } = await testDatabase();
  const [entry] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return entry;
}

type Answer = { statusCode: number; body: string; json: () => unknown };

async function ok(response: Promise<Answer>) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { record: { id: number; picture_preview: string | null } & Record<string, unknown> };
}

function fieldErrors(response: Answer): Record<string, string[]> {
  expect(response.statusCode, response.body).toBe(422);
  const body = response.json() as { success: boolean; errors: Record<string, string[]> };
  expect(body.success).toBe(false);
  return body.errors;
}

const list = async (staff: StaffBrowser) => adminArticleList.response.parse((await staff.get('/web-api/admin/articles/list.json')).json());

async function upload(staff: StaffBrowser, id: number, file: { name: string; data: Buffer; type?: string }) {
  const { payload, headers } = pictureUpload(file);
  return staff.post(`/web-api/admin/articles/${id}/picture`, payload, headers);
}

describe('articles in the back office', () => {
  it('creates, edits and deletes an article, each with one audit entry, and the blog shows every change at once', async () => {
    const { app, db, staff } = await contentDesk();
    const form = await articleForm(db, { title: 'Bleeding the brakes', slug: 'bleeding-the-brakes', body: '## Bleed\n\nOpen the nipple.<script>alert(1)</script>' });
    const created = await ok(staff.post('/web-api/admin/articles/create', form));
    expect(created.record).toMatchObject({ title: 'Bleeding the brakes', slug: 'bleeding-the-brakes', state: 'published', publish_at: '2026-03-01T09:00', tag_ids: form.tag_ids, uploaded_picture: false });
    const id = created.record.id;
    expect(await lastAudit()).toMatchObject({ action: 'article.create', entity: 'article', entityId: String(id), before: null });

    const page = await app.inject({ method: 'GET', url: '/web-api/articles/get/bleeding-the-brakes.json' });
    expect(page.statusCode, page.body).toBe(200);
    // Browsers ask again each time: a change shows on the next request, not a minute later.
    expect(page.headers['cache-control']).toBe('public, no-cache');
    const article = page.json().article as { body: string; title: string; article_tags: unknown[] };
    expect(article.body).toContain('<h2>Bleed</h2>');
    expect(article.body).not.toContain('script');
    expect(article.article_tags).toHaveLength(2);
    const listing = await app.inject({ method: 'GET', url: '/web-api/articles/listing.json' });
    expect(listing.headers['cache-control']).toBe('public, no-cache');
    expect((listing.json().articles as { slug: string }[]).map((a) => a.slug)).toContain('bleeding-the-brakes');

    const before = await auditCount();
    const saved = await ok(staff.post(`/web-api/admin/articles/${id}`, { ...form, title: 'Bleeding brakes properly', tag_ids: [form.tag_ids[0]] }));
    expect(saved.record).toMatchObject({ title: 'Bleeding brakes properly', tag_ids: [form.tag_ids[0]] });
    expect(await auditCount()).toBe(before + 1);
    const edit = await lastAudit();
    expect(edit).toMatchObject({ action: 'article.edit', entityId: String(id) });
    expect(edit?.before).toMatchObject({ title: 'Bleeding the brakes' });
    expect(edit?.after).toMatchObject({ title: 'Bleeding brakes properly' });
    const again = await app.inject({ method: 'GET', url: '/web-api/articles/get/bleeding-the-brakes.json' });
    expect(again.json().article).toMatchObject({ title: 'Bleeding brakes properly', article_tags: [expect.anything()] });

    await ok(staff.post(`/web-api/admin/articles/${id}/delete`));
    expect(await lastAudit()).toMatchObject({ action: 'article.delete', entityId: String(id), after: null });
    expect((await app.inject({ method: 'GET', url: '/web-api/articles/get/bleeding-the-brakes.json' })).statusCode).toBe(404);
    expect((await list(staff)).records.map((r) => r.id)).not.toContain(id);
    expect((await staff.post(`/web-api/admin/articles/${id}/delete`)).statusCode).toBe(404);
  });

  it('keeps a scheduled article and a draft off the blog until the clock reaches its time, and lists each with its state', async () => {
    const { app, db, clock, staff } = await contentDesk();
    // In March before the 29th London keeps GMT: 10:30 London is 10:30 UTC, after the clock's start (09:00).
    const scheduled = await ok(staff.post('/web-api/admin/articles/create', await articleForm(db, { slug: 'spring-checks', publish_at: '2026-03-02T10:30' })));
    const draft = await ok(staff.post('/web-api/admin/articles/create', await articleForm(db, { slug: 'a-draft', publish_at: '' })));
    expect(scheduled.record).toMatchObject({ state: 'scheduled', public_date: '2026-03-02T10:30:00.000Z' });
    expect(draft.record).toMatchObject({ state: 'draft', public_date: null, publish_at: '' });
    const states = Object.fromEntries((await list(staff)).records.map((r) => [r.slug, r.state]));
    expect(states).toMatchObject({ 'spring-checks': 'scheduled', 'a-draft': 'draft' });

    const slugs = async () => ((await app.inject({ method: 'GET', url: '/web-api/articles/listing.json' })).json().articles as { slug: string }[]).map((a) => a.slug);
    expect(await slugs()).not.toContain('spring-checks');
    expect((await app.inject({ method: 'GET', url: '/web-api/articles/get/spring-checks.json' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/blog-images/spring-checks/big.webp' })).statusCode).toBe(404);

    clock.advance(new Date('2026-03-02T10:30:00Z').getTime() - clock.now().getTime() - 1);
    expect(await slugs()).not.toContain('spring-checks');
    clock.advance(1);
    expect(await slugs()).toContain('spring-checks');
    expect((await app.inject({ method: 'GET', url: '/web-api/articles/get/spring-checks.json' })).statusCode).toBe(200);
    // A draft never shows, whatever the time.
    clock.advance(365 * 24 * 60 * 60 * 1000);
    expect(await slugs()).not.toContain('a-draft');
    expect((await app.inject({ method: 'GET', url: '/web-api/articles/get/a-draft.json' })).statusCode).toBe(404);
  });

  it('refuses bad input with 422 naming each field, a taken slug on its field, and writes nothing', async () => {
    const { db, staff } = await contentDesk();
    const before = (await list(staff)).records.length;
    const audits = await auditCount();
    const bad = fieldErrors(
      await staff.post('/web-api/admin/articles/create', { ...(await articleForm(db)), title: '', slug: 'Not A Slug', summary: '', body: '', image_alt: '', publish_at: '2026-02-30T09:00', category_id: 0 }),
    );
    expect(Object.keys(bad).sort()).toEqual(['body', 'category_id', 'image_alt', 'publish_at', 'slug', 'summary', 'title']);
    expect(fieldErrors(await staff.post('/web-api/admin/articles/create', await articleForm(db, { category_id: 99999 })))).toEqual({ category_id: ['Choose a category.'] });
    expect(fieldErrors(await staff.post('/web-api/admin/articles/create', await articleForm(db, { tag_ids: [99999] })))).toEqual({ tag_ids: ['Choose tags from the list.'] });
    const first = await ok(staff.post('/web-api/admin/articles/create', await articleForm(db, { slug: 'taken-slug' })));
    expect(fieldErrors(await staff.post('/web-api/admin/articles/create', await articleForm(db, { slug: 'taken-slug' })))).toEqual({ slug: ['Another article has this slug.'] });
    const other = await ok(staff.post('/web-api/admin/articles/create', await articleForm(db)));
    expect(fieldErrors(await staff.post(`/web-api/admin/articles/${other.record.id}`, await articleForm(db, { slug: 'taken-slug' })))).toEqual({ slug: ['Another article has this slug.'] });
    // Saving an article under its own slug is no clash.
    await ok(staff.post(`/web-api/admin/articles/${first.record.id}`, await articleForm(db, { slug: 'taken-slug' })));
    expect((await list(staff)).records.length).toBe(before + 2);
    expect(await auditCount()).toBe(audits + 3);
    expect((await staff.post('/web-api/admin/articles/99999', await articleForm(db))).statusCode).toBe(404);
  });

  it('takes an uploaded picture by its bytes, encodes it at the blog sizes, and serves it on /blog; refuses a non-image or corrupt file on `picture`', async () => {
    const { app, db, staff } = await contentDesk();
    const created = await ok(staff.post('/web-api/admin/articles/create', await articleForm(db, { slug: 'with-a-picture' })));
    const id = created.record.id;
    const audits = await auditCount();

    // Named .png and declared as PNG, but a text file: the bytes decide.
    const notImage = fieldErrors(await upload(staff, id, { name: 'pads.png', data: Buffer.from('<?php echo "hi"; ?>'), type: 'image/png' }));
    expect(Object.keys(notImage)).toEqual(['picture']);
    const jpeg = await testPicture('jpeg');
    const corrupt = fieldErrors(await upload(staff, id, { name: 'pads.jpg', data: jpeg.subarray(0, Math.floor(jpeg.length / 2)), type: 'image/jpeg' }));
    expect(Object.keys(corrupt)).toEqual(['picture']);
    expect(fieldErrors(await staff.post(`/web-api/admin/articles/${id}/picture`, { picture: 'x' }))).toHaveProperty('picture');
    expect(await auditCount()).toBe(audits);

    // A PNG named .jpg and declared as text is still a picture.
    const uploaded = await ok(upload(staff, id, { name: 'pads.jpg', data: await testPicture('png', '#cc3300', 1200, 900), type: 'text/plain' }));
    expect(uploaded.record).toMatchObject({ uploaded_picture: true });
    expect(uploaded.record.picture_preview).toMatch(/^data:image\/webp;base64,/);
    expect(await lastAudit()).toMatchObject({ action: 'article.picture', entityId: String(id), after: { picture: 'uploaded' } });
    expect(await auditCount()).toBe(audits + 1);

    const article = (await app.inject({ method: 'GET', url: '/web-api/articles/get/with-a-picture.json' })).json().article as { images: Record<string, string> };
    for (const [size, { width, height }] of Object.entries(ARTICLE_IMAGE_SIZES)) {
      const url = article.images[size] ?? '';
      const picture = await app.inject({ method: 'GET', url });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/webp');
      const meta = await sharp(picture.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
      // The uploaded colour, not the drawn scene.
      const { dominant } = await sharp(picture.rawPayload).stats();
      expect(dominant.r).toBeGreaterThan(150);
    }
    // A new upload gives a new URL.
    await ok(upload(staff, id, { name: 'other.jpg', data: await testPicture('jpeg', '#22aa44') }));
    const next = (await app.inject({ method: 'GET', url: '/web-api/articles/get/with-a-picture.json' })).json().article as { images: Record<string, string> };
    expect(next.images.big).not.toBe(article.images.big);
  });
});
