/** The blog's queries: published articles (public_date reached by `now`), their tags and categories. */
import { and, asc, count, desc, eq, exists, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { articleCategories, articles, articleTagLinks, articleTags } from '../../db/schema';

export interface ArticleFilter {
  tag?: string | undefined;
  category?: string | undefined;
}

const articleColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  summary: articles.summary,
  imageAlt: articles.imageAlt,
  imageSeed: articles.imageSeed,
  publicDate: articles.publicDate,
  categorySlug: articleCategories.slug,
  categoryName: articleCategories.name,
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

    /** What a published article's picture is drawn from, or undefined. */
    async pictureOf(slug: string, now: Date) {
      const [row] = await db
        .select({ title: articles.title, seed: articles.imageSeed, category: articleCategories.name })
        .from(articles)
        .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
        .where(and(eq(articles.slug, slug), lte(articles.publicDate, now)));
      return row;
    },

    /** Published articles for the sitemap. */
    publishedSlugs(now: Date) {
      return db.select({ slug: articles.slug, publicDate: articles.publicDate }).from(articles).where(lte(articles.publicDate, now)).orderBy(desc(articles.publicDate));
    },
  };
}

export type ArticleRepository = ReturnType<typeof createArticleRepository>;
