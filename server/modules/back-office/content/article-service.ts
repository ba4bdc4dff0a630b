/**
 * The blog's articles as staff write them: listed whatever their publish time, created, edited,
 * given an uploaded picture or left without one, and deleted, each change with its one audit entry (before and after)
 * in its transaction. The rows are the blog's own (through the articles module's repository), so
 * /blog shows a change on its next request, and a scheduled article only from its time by the
 * shop's clock.
 */
import { createHash } from 'node:crypto';
import type { ArticlePicture, ArticleRecord, ArticleSummary } from '../../../../src/contract/admin-content';
import { type ArticleForm, articlePublicDate, articlePublishAt, articleState } from '../../../../src/domain/admin-content';
import type { Database } from '../../../db/client';
import { conflict, invalidField, notFound } from '../../../errors';
import { type ArticleValues, createArticleAdminService, encodeUploadedPicture } from '../../articles/index';
import type { Audit } from './service';

export const ARTICLE_MESSAGES = {
  slugTaken: 'Another article has this slug.',
  created: 'Article created.',
  saved: 'Article saved.',
  pictureSaved: 'Picture uploaded.',
  pictureRemoved: 'Picture removed: the blog shows this article without one.',
  noPicture: 'This article has no picture to remove.',
  deleted: 'Article deleted.',
} as const;

type Repository = ReturnType<typeof createArticleAdminService>;
type SummaryRow = Awaited<ReturnType<Repository['list']>>[number];

function summary(row: SummaryRow, now: Date): ArticleSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    category_name: row.categoryName,
    public_date: row.publicDate ? row.publicDate.toISOString() : null,
    state: articleState(row.publicDate, now),
    uploaded_picture: row.pictureVersion !== null,
  };
}

/** What the blog shows for an article: its uploaded picture, the drawn one, or none. */
const pictureOf = (row: Pick<SummaryRow, 'pictureVersion' | 'noPicture'>): ArticlePicture => (row.noPicture ? 'none' : row.pictureVersion !== null ? 'uploaded' : 'drawn');

function values(form: ArticleForm): ArticleValues {
  return {
    slug: form.slug,
    title: form.title,
    summary: form.summary,
    body: form.body,
    categoryId: form.category_id,
    imageAlt: form.image_alt,
    publicDate: articlePublicDate(form.publish_at),
  };
}

/** The drawn picture's palette for a new article: from its slug, so the same article always looks the same. */
const seedOf = (slug: string) => createHash('sha256').update(slug).digest().readUInt32BE(0) & 0x7fffffff;

/**
 * The category and tags a form names, each checked so a bad choice is a 422 on its field, not a
 * 500, and held until the article is saved: one deleted meanwhile is a 422 here, never a foreign
 * key failure at the insert.
 */
async function checkChoices(repository: Repository, form: ArticleForm): Promise<void> {
  if (!(await repository.holdCategory(form.category_id))) throw invalidField('category_id', 'Choose a category.');
  const known = new Set(await repository.existingTags(form.tag_ids));
  if (form.tag_ids.some((id) => !known.has(id))) throw invalidField('tag_ids', 'Choose tags from the list.');
}

export function createArticleContentService({ db, now }: { db: Database; now: () => Date }) {
  async function record(tx: Database, id: number): Promise<ArticleRecord> {
    const row = await createArticleAdminService(tx).byId(id);
    if (!row) throw notFound();
    return {
      ...summary(row, now()),
      category_id: row.categoryId,
      tag_ids: row.tagIds,
      summary: row.summary,
      body: row.body,
      image_alt: row.imageAlt,
      publish_at: articlePublishAt(row.publicDate),
      picture_preview: row.pictureSmall ? `data:image/webp;base64,${row.pictureSmall.toString('base64')}` : null,
      picture: pictureOf(row),
    };
  }

  /** What the audit log keeps of an article: the record without the picture's bytes. */
  const audited = ({ picture_preview: _preview, ...rest }: ArticleRecord) => rest;

  return {
    async articles() {
      const repository = createArticleAdminService(db);
      const at = now();
      const [rows, categories, tags] = await Promise.all([repository.list(), repository.categories(), repository.tags()]);
      return { records: rows.map((row) => summary(row, at)), categories, tags };
    },

    article: (id: number): Promise<ArticleRecord> => record(db, id),

    async createArticle(form: ArticleForm, audit: Audit): Promise<ArticleRecord> {
      return db.transaction(async (tx) => {
        const repository = createArticleAdminService(tx);
        await checkChoices(repository, form);
        const id = await repository.insert(values(form), seedOf(form.slug));
        if (id === null) throw invalidField('slug', ARTICLE_MESSAGES.slugTaken);
        await repository.setTags(id, form.tag_ids);
        const after = await record(tx, id);
        await audit(tx, { action: 'article.create', entity: 'article', entityId: String(id), before: null, after: audited(after) });
        return after;
      });
    },

    async saveArticle(id: number, form: ArticleForm, audit: Audit): Promise<ArticleRecord> {
      return db.transaction(async (tx) => {
        const repository = createArticleAdminService(tx);
        if (!(await repository.lock(id))) throw notFound();
        await checkChoices(repository, form);
        if (await repository.slugTaken(form.slug, id)) throw invalidField('slug', ARTICLE_MESSAGES.slugTaken);
        const before = await record(tx, id);
        await repository.update(id, values(form));
        await repository.setTags(id, form.tag_ids);
        const after = await record(tx, id);
        await audit(tx, { action: 'article.edit', entity: 'article', entityId: String(id), before: audited(before), after: audited(after) });
        return after;
      });
    },

    /** Checks the article is there before the upload is read (a missing one is a 404, not a wasted decode). */
    async exists(id: number): Promise<void> {
      if (!(await createArticleAdminService(db).byId(id))) throw notFound();
    },

    async savePicture(id: number, upright: Buffer, audit: Audit): Promise<ArticleRecord> {
      const picture = await encodeUploadedPicture(upright);
      return db.transaction(async (tx) => {
        const repository = createArticleAdminService(tx);
        if (!(await repository.lock(id))) throw notFound();
        const before = await record(tx, id);
        await repository.savePicture(id, picture, now());
        const after = await record(tx, id);
        await audit(tx, {
          action: 'article.picture',
          entity: 'article',
          entityId: String(id),
          before: { picture: before.picture },
          after: { picture: 'uploaded', version: picture.version },
        });
        return after;
      });
    },

    /**
     * Removes the picture: the uploaded files are deleted with the row that holds them, as
     * deleting the article deletes them, and the blog shows the article with no picture (not the
     * drawn one) until one is uploaded again.
     */
    async removePicture(id: number, audit: Audit): Promise<ArticleRecord> {
      return db.transaction(async (tx) => {
        const repository = createArticleAdminService(tx);
        if (!(await repository.lock(id))) throw notFound();
        const before = await record(tx, id);
        if (before.picture === 'none') throw conflict(ARTICLE_MESSAGES.noPicture);
        await repository.removePicture(id);
        const after = await record(tx, id);
        await audit(tx, { action: 'article.picture-remove', entity: 'article', entityId: String(id), before: { picture: before.picture }, after: { picture: 'none' } });
        return after;
      });
    },

    async deleteArticle(id: number, audit: Audit): Promise<void> {
      await db.transaction(async (tx) => {
        const repository = createArticleAdminService(tx);
        if (!(await repository.lock(id))) throw notFound();
        const before = await record(tx, id);
        await repository.delete(id);
        await audit(tx, { action: 'article.delete', entity: 'article', entityId: String(id), before: audited(before), after: null });
      });
    },
  };
}
