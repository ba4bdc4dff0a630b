/**
 * The blog: tags, categories, the articles (Markdown, published from public_date on), their tags and
 * pictures.
 * Owned by server/modules/articles: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../columns';

export const articlePictures = pgTable('article_pictures', {
  articleId: integer('article_id')
    .primaryKey()
    .references(() => articles.id, { onDelete: 'cascade' }),
  /** A hash of the encoded picture: the URL carries it, so a new upload gets a new URL. */
  version: text('version').notNull(),
  big: bytea('big').notNull(),
  small: bytea('small').notNull(),
  grid: bytea('grid').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
});

export const articleTags = pgTable('article_tags', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

export const articleCategories = pgTable('article_categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** The tab bar's order. */
  position: integer('position').notNull(),
});

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    /** Markdown, one paragraph. */
    summary: text('summary').notNull(),
    /** Markdown, rendered and sanitised when read. */
    body: text('body').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => articleCategories.id),
    /** What the drawn picture shows (its alt text) and its palette's seed. */
    imageAlt: text('image_alt').notNull(),
    imageSeed: integer('image_seed').notNull(),
    /**
     * Staff removed its picture: the blog shows none (not the drawn one either) until a picture is
     * uploaded again. Otherwise the uploaded picture (article_pictures) or the drawn one.
     */
    noPicture: boolean('no_picture').notNull().default(false),
    /** Visible from this instant on; null for a draft, which the shop never shows. */
    publicDate: timestamp('public_date', { withTimezone: true }),
  },
  (t) => [index('articles_public_date_idx').on(t.publicDate, t.id), index('articles_category_idx').on(t.categoryId)],
);

export const articleTagLinks = pgTable(
  'article_tag_links',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => articleTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.tagId] }), index('article_tag_links_tag_idx').on(t.tagId)],
);
