/** The blog's queries: published articles (public_date reached by `now`), their tags and categories. */
import { and, asc, count, desc, eq, exists, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { articleCategories, articlePictures, articles, articleTagLinks, articleTags } from '../../db/schema';

export interface ArticleFilter {
  tag?: string | undefined;
  category?: string | undefined;
}

/** The publish time of a row these queries read: never null, as a draft is never read here. */
const publishedDate = sql<Date>`${articles.publicDate}`.mapWith(articles.publicDate);

const articleColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  summary: articles.summary,
  imageAlt: articles.imageAlt,
  imageSeed: articles.imageSeed,
  publicDate: publishedDate,
  categorySlug: articleCategories.slug,
  categoryName: articleCategories.name,
  /** The version of the picture staff uploaded, null for a drawn one. */
  uploadedVersion: articlePictures.version,
  /** Staff removed its picture: none is shown. */
  noPicture: articles.noPicture,
};

/** By name, whatever the database's collation ('MOT and safety' after 'Maintenance tips'). */
const byName = (column: typeof articleTags.name) => asc(sql`lower(${column})`);

export function createArticleRepository(db: Database) {
  function where(now: Date, filter: ArticleFilter): SQL | undefined {
    return and(
      lte(articles.publicDate, now),
      filter.category ? eq(articleCategories.slug, filter.category) : undefined,
      filter.tag
        ? exists(
            db
              .select({ one: articleTagLinks.articleId })
              .from(articleTagLinks)
              .innerJoin(articleTags, eq(articleTags.id, articleTagLinks.tagId))
              .where(and(eq(articleTagLinks.articleId, articles.id), eq(articleTags.slug, filter.tag))),
          )
        : undefined,
    );
  }

  return {
    async countPublished(now: Date, filter: ArticleFilter): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(articles)
        .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
        .where(where(now, filter));
      return row?.total ?? 0;
    },

    pageOfPublished(now: Date, filter: ArticleFilter, page: { offset: number; limit: number }) {
      return db
        .select(articleColumns)
        .from(articles)
        .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
        .leftJoin(articlePictures, eq(articlePictures.articleId, articles.id))
        .where(where(now, filter))
        .orderBy(desc(articles.publicDate), desc(articles.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    /** One published article with its body, or undefined. */
    async published(slug: string, now: Date) {
      const [row] = await db
        .select({ ...articleColumns, body: articles.body })
        .from(articles)
        .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
        .leftJoin(articlePictures, eq(articlePictures.articleId, articles.id))
        .where(and(eq(articles.slug, slug), lte(articles.publicDate, now)));
      return row;
    },

    /** The tags of these articles, by name. */
    async tagsOf(articleIds: readonly number[]) {
      if (articleIds.length === 0) return [];
      return db
        .select({ articleId: articleTagLinks.articleId, slug: articleTags.slug, name: articleTags.name })
        .from(articleTagLinks)
        .innerJoin(articleTags, eq(articleTags.id, articleTagLinks.tagId))
        .where(inArray(articleTagLinks.articleId, [...articleIds]))
        .orderBy(byName(articleTags.name));
    },

    tags() {
      return db.select({ slug: articleTags.slug, name: articleTags.name }).from(articleTags).orderBy(byName(articleTags.name));
    },

    categories() {
      return db.select({ slug: articleCategories.slug, name: articleCategories.name }).from(articleCategories).orderBy(asc(articleCategories.position), asc(articleCategories.id));
    },

    /** What a published article's picture is drawn from, its uploaded picture's version (null for none) and whether staff removed it; undefined for no such article. */
    async pictureOf(slug: string, now: Date) {
      const [row] = await db
        .select({ id: articles.id, title: articles.title, seed: articles.imageSeed, category: articleCategories.name, uploadedVersion: articlePictures.version, noPicture: articles.noPicture })
        .from(articles)
        .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
        .leftJoin(articlePictures, eq(articlePictures.articleId, articles.id))
        .where(and(eq(articles.slug, slug), lte(articles.publicDate, now)));
      return row;
    },

    /** One size of an article's uploaded picture, or undefined. */
    async uploadedPicture(articleId: number, size: 'big' | 'small' | 'grid'): Promise<Buffer | undefined> {
      const [row] = await db.select({ data: articlePictures[size] }).from(articlePictures).where(eq(articlePictures.articleId, articleId));
      return row?.data;
    },

    /** Published articles for the sitemap. */
    publishedSlugs(now: Date) {
      return db.select({ slug: articles.slug, publicDate: publishedDate }).from(articles).where(lte(articles.publicDate, now)).orderBy(desc(articles.publicDate));
    },
  };
}

export type ArticleRepository = ReturnType<typeof createArticleRepository>;
