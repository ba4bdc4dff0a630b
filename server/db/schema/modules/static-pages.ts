/**
 * The shop's static pages and other editable texts (content_pages).
 * Owned by server/modules/static-pages: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { pgTable, text } from 'drizzle-orm/pg-core';

/** Content pages by slug: product-returns, product-delivery, product-warranties, product-grading. */
export const contentPages = pgTable('content_pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  /** The HTML pages show: the shop's own, or rendered and sanitised from `markdown`. */
  content: text('content').notNull(),
  /** The Markdown staff wrote in the back office, kept to edit again; null for a page as seeded. */
  markdown: text('markdown'),
});
