/**
 * The back office's queries of the blog: every article whatever its publish time (drafts and
 * scheduled ones too), written, deleted, given an uploaded picture or left without one.
 */
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { articleCategories, articlePictures, articles, articleTagLinks, articleTags } from '../../db/schema';

export interface ArticleValues {
  slug: string;
  title: string;
  summary: string;
  body: string;
  categoryId: number;
  imageAlt: string;
  publicDate: Date | null;
}

export interface UploadedPicture {
  version: string;
  big: Buffer;
  small: Buffer;
  grid: Buffer;
}

const summaryColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  publicDate: articles.publicDate,
  categoryId: articles.categoryId,
  categoryName: articleCategories.name,
  pictureVersion: articlePictures.version,
  noPicture: articles.noPicture,
};

export function createArticleAdminRepository(db: Database) {
  return {
    /** Every article, drafts first, then by publish time, newest first. */
    list() {
      return db
        .select(summaryColumns)
        .from(articles)
        .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
        .leftJoin(articlePictures, eq(articlePictures.articleId, articles.id))
        .orderBy(sql`${articles.publicDate} desc nulls first`, desc(articles.id));
    },

    async byId(id: number) {
      const [row] = await db
        .select({ ...summaryColumns, summary: articles.summary, body: articles.body, imageAlt: articles.imageAlt, pictureSmall: articlePictures.small })
        .from(articles)
        .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
        .leftJoin(articlePictures, eq(articlePictures.articleId, articles.id))
        .where(eq(articles.id, id));
      if (!row) return undefined;
      const tags = await db.select({ id: articleTagLinks.tagId }).from(articleTagLinks).where(eq(articleTagLinks.articleId, id)).orderBy(asc(articleTagLinks.tagId));
      return { ...row, tagIds: tags.map((tag) => tag.id) };
    },

    /** Locks the article's row for a change; false when there is none. */
    async lock(id: number): Promise<boolean> {
      const rows = await db.select({ id: articles.id }).from(articles).where(eq(articles.id, id)).for('update');
      return rows.length > 0;
    },

    /** Whether another article than `except` has this slug. */
    async slugTaken(slug: string, except: number | null): Promise<boolean> {
      const rows = await db
        .select({ id: articles.id })
        .from(articles)
        .where(except === null ? eq(articles.slug, slug) : and(eq(articles.slug, slug), ne(articles.id, except)));
      return rows.length > 0;
    },

    /** A new article, its drawn picture seeded by its slug; null when the slug is taken (the unique index decides). */
    async insert(values: ArticleValues, imageSeed: number): Promise<number | null> {
      const [row] = await db
        .insert(articles)
        .values({ ...values, imageSeed })
        .onConflictDoNothing({ target: articles.slug })
        .returning({ id: articles.id });
      return row?.id ?? null;
    },

    async update(id: number, values: ArticleValues): Promise<void> {
      await db.update(articles).set(values).where(eq(articles.id, id));
    },

    async setTags(id: number, tagIds: readonly number[]): Promise<void> {
      await db.delete(articleTagLinks).where(eq(articleTagLinks.articleId, id));
      if (tagIds.length > 0) await db.insert(articleTagLinks).values([...new Set(tagIds)].map((tagId) => ({ articleId: id, tagId })));
    },

    /** Deletes the article; its tag links and picture go with it (cascade). */
    async delete(id: number): Promise<void> {
      await db.delete(articles).where(eq(articles.id, id));
    },

    async savePicture(id: number, picture: UploadedPicture, at: Date): Promise<void> {
      await db
        .insert(articlePictures)
        .values({ articleId: id, ...picture, uploadedAt: at })
        .onConflictDoUpdate({ target: articlePictures.articleId, set: { ...picture, uploadedAt: at } });
      await db.update(articles).set({ noPicture: false }).where(eq(articles.id, id));
    },

    /** The article shows no picture: its uploaded files are deleted (as deleting the article deletes them) and the drawn one is not shown. */
    async removePicture(id: number): Promise<void> {
      await db.delete(articlePictures).where(eq(articlePictures.articleId, id));
      await db.update(articles).set({ noPicture: true }).where(eq(articles.id, id));
    },

    categories() {
      return db.select({ id: articleCategories.id, name: articleCategories.name }).from(articleCategories).orderBy(asc(articleCategories.position), asc(articleCategories.id));
    },

    tags() {
      return db.select({ id: articleTags.id, name: articleTags.name }).from(articleTags).orderBy(asc(sql`lower(${articleTags.name})`));
    },

    /**
     * Whether the category exists, its row held (key share) to the end of the transaction: a
     * category being deleted meanwhile is waited for and then missing, and one not yet deleted
     * cannot be until this article is saved (the delete then counts it and refuses).
     */
    async holdCategory(id: number): Promise<boolean> {
      return (await db.select({ id: articleCategories.id }).from(articleCategories).where(eq(articleCategories.id, id)).for('key share')).length > 0;
    },

    /** Which of these tag ids exist, each held (key share) to the end of the transaction as holdCategory holds its row. */
    async existingTags(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      return (await db.select({ id: articleTags.id }).from(articleTags).where(inArray(articleTags.id, [...ids])).orderBy(asc(articleTags.id)).for('key share')).map((row) => row.id);
    },
  };
}

export type ArticleAdminRepository = ReturnType<typeof createArticleAdminRepository>;
