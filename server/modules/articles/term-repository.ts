/**
 * The back office's queries of the blog's tags and categories (SPEC §3 'Tag/category: slug,
 * name'): each with how many articles use it, made, renamed and deleted. A tag's links to its
 * articles go with it (the foreign key cascades); a category is never deleted under an article
 * (the foreign key refuses, and the service asks first).
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import type { ArticleTermKind } from '../../../src/domain/article-terms';
import type { Database } from '../../db/client';
import { articleCategories, articles, articleTagLinks, articleTags } from '../../db/schema';

/**
 * One advisory lock a kind, held to the end of the transaction: checking that a name is free and
 * writing it are one step, so two staff adding 'Brakes' at once get one tag and one refusal.
 */
const TERM_LOCK: Record<ArticleTermKind, number> = { tag: 6_584_797_184_001, category: 6_584_797_184_002 };

export interface TermRow {
  id: number;
  slug: string;
  name: string;
  articles: number;
}

/** By name, whatever the database's collation (as the blog lists its tags). */
const tagOrder = asc(sql`lower(${articleTags.name})`);

export function createArticleTermRepository(db: Database) {
  /** Every tag or category with how many articles use it: categories in the tab bar's order, tags by name. */
  async function list(kind: ArticleTermKind): Promise<TermRow[]> {
    if (kind === 'tag') {
      return db
        .select({ id: articleTags.id, slug: articleTags.slug, name: articleTags.name, articles: count(articleTagLinks.articleId) })
        .from(articleTags)
        .leftJoin(articleTagLinks, eq(articleTagLinks.tagId, articleTags.id))
        .groupBy(articleTags.id)
        .orderBy(tagOrder, asc(articleTags.id));
    }
    return db
      .select({ id: articleCategories.id, slug: articleCategories.slug, name: articleCategories.name, articles: count(articles.id) })
      .from(articleCategories)
      .leftJoin(articles, eq(articles.categoryId, articleCategories.id))
      .groupBy(articleCategories.id)
      .orderBy(asc(articleCategories.position), asc(articleCategories.id));
  }

  return {
    list,

    /** Takes the kind's lock for the rest of the transaction. */
    async lock(kind: ArticleTermKind): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${sql.raw(String(TERM_LOCK[kind]))})`);
    },

    /**
     * Locks the row for its change; false when there is none. A category's row locked, no article
     * can be given it meanwhile (its foreign key check waits), so its count stays true until commit.
     */
    async lockRow(kind: ArticleTermKind, id: number): Promise<boolean> {
      const table = kind === 'tag' ? articleTags : articleCategories;
      return (await db.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update')).length > 0;
    },

    async byId(kind: ArticleTermKind, id: number): Promise<TermRow | undefined> {
      return (await list(kind)).find((row) => row.id === id);
    },

    /** A new tag or category (a category last in the tab bar); null when the slug is taken (the unique index decides). */
    async insert(kind: ArticleTermKind, values: { slug: string; name: string }): Promise<number | null> {
      if (kind === 'tag') {
        const [row] = await db.insert(articleTags).values(values).onConflictDoNothing({ target: articleTags.slug }).returning({ id: articleTags.id });
        return row?.id ?? null;
      }
      const [row] = await db
        .insert(articleCategories)
        .values({ ...values, position: sql`(SELECT COALESCE(MAX(${articleCategories.position}), 0) + 1 FROM ${articleCategories})` })
        .onConflictDoNothing({ target: articleCategories.slug })
        .returning({ id: articleCategories.id });
      return row?.id ?? null;
    },

    /** A new name; the slug stays. */
    async rename(kind: ArticleTermKind, id: number, name: string): Promise<void> {
      if (kind === 'tag') await db.update(articleTags).set({ name }).where(eq(articleTags.id, id));
      else await db.update(articleCategories).set({ name }).where(eq(articleCategories.id, id));
    },

    /** The ids of the articles that use it. */
    async articleIds(kind: ArticleTermKind, id: number): Promise<number[]> {
      const rows =
        kind === 'tag'
          ? await db.select({ id: articleTagLinks.articleId }).from(articleTagLinks).where(eq(articleTagLinks.tagId, id)).orderBy(asc(articleTagLinks.articleId))
          : await db.select({ id: articles.id }).from(articles).where(eq(articles.categoryId, id)).orderBy(asc(articles.id));
      return rows.map((row) => row.id);
    },

    /** Deletes it; a tag's links to its articles go with it. */
    async delete(kind: ArticleTermKind, id: number): Promise<void> {
      if (kind === 'tag') await db.delete(articleTags).where(eq(articleTags.id, id));
      else await db.delete(articleCategories).where(eq(articleCategories.id, id));
    },
  };
}

export type ArticleTermRepository = ReturnType<typeof createArticleTermRepository>;
