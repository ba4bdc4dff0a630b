/**
 * Rows and bodies the back office's article calls work on, for the API tests and the permission
 * matrix: the form's choices, a valid form, an article, tag or category stored directly, a
 * picture and the multipart body a browser sends it in.
 */
import sharp from 'sharp';
import type { ArticleForm } from '../../src/domain/admin-content';
import type { Database } from '../db/client';
import { articleCategories, articles, articleTags } from '../db/schema';

let made = 0;

/** A category and two tags for article forms (made when missing). */
export async function articleChoices(db: Database): Promise<{ category_id: number; tag_ids: number[] }> {
  await db.insert(articleCategories).values({ slug: 'workshop', name: 'Workshop', position: 9 }).onConflictDoNothing();
  await db.insert(articleTags).values([{ slug: 'brakes', name: 'Brakes' }, { slug: 'servicing', name: 'Servicing' }]).onConflictDoNothing();
  const [category] = await db.select({ id: articleCategories.id }).from(articleCategories).limit(1);
  const tags = await db.select({ id: articleTags.id }).from(articleTags).limit(2);
  if (!category || tags.length < 2) throw new Error('article choices were not made');
  return { category_id: category.id, tag_ids: tags.map((tag) => tag.id) };
}

/** A valid article form with a new slug, published at `publish_at` (London wall time). */
export async function articleForm(db: Database, changes: Partial<ArticleForm> = {}): Promise<ArticleForm> {
  made += 1;
  return {
    title: `Changing brake pads ${made}`,
    slug: `changing-brake-pads-${made}`,
    ...(await articleChoices(db)),
    summary: 'How to tell your pads are **worn**.',
    body: '## Check the pads\n\nLook through the wheel at the pad.',
    image_alt: 'A car on a ramp',
    publish_at: '2026-03-01T09:00',
    ...changes,
  };
}

/** An article stored directly, published at `at`; answers its id. */
export async function storedArticle(db: Database, at: Date): Promise<number> {
  const form = await articleForm(db);
  const [row] = await db
    .insert(articles)
    .values({ slug: form.slug, title: form.title, summary: form.summary, body: form.body, categoryId: form.category_id, imageAlt: form.image_alt, imageSeed: 3, publicDate: at })
    .returning({ id: articles.id });
  if (!row) throw new Error('the article was not stored');
  return row.id;
}

/** A tag or category stored directly, with a new name; answers its id. */
export async function storedArticleTerm(db: Database, kind: 'tag' | 'category'): Promise<number> {
  made += 1;
  const values = { slug: `sample-${kind}-${made}`, name: `Sample ${kind} ${made}` };
  const [row] =
    kind === 'tag'
      ? await db.insert(articleTags).values(values).returning({ id: articleTags.id })
      : await db.insert(articleCategories).values({ ...values, position: 100 + made }).returning({ id: articleCategories.id });
  if (!row) throw new Error(`the ${kind} was not stored`);
  return row.id;
}

/** A name no tag or category has yet. */
export function newTermName(kind: 'tag' | 'category'): string {
  made += 1;
  return `New ${kind} ${made}`;
}

/** A plain picture of `width` × `height` in one colour. */
export function testPicture(format: 'jpeg' | 'png' = 'jpeg', colour = '#1f6f8b', width = 800, height = 600): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: colour } });
  return format === 'jpeg' ? image.jpeg().toBuffer() : image.png().toBuffer();
}

/** A multipart/form-data body with one file under `field`, as a browser sends an upload. */
export function pictureUpload(file: { name: string; data: Buffer; type?: string }, field = 'picture'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----shopTestBoundary${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
