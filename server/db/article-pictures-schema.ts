/**
 * Pictures staff upload for articles, kept as the blog serves them: one WebP per size of SPEC §9's
 * news sizes (big, small, grid), encoded once at upload. An article without a row here keeps its
 * drawn picture. Re-exported by schema.ts.
 */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { articles, bytea } from './content-schema';

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
