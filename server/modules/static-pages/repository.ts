import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contentPages } from '../../db/schema';

const columns = { slug: contentPages.slug, title: contentPages.title, content: contentPages.content };

/** The static pages' rows; pass a transaction to write with the change's audit entry. */
export function createStaticPageRepository(db: Database) {
  return {
    async bySlug(slug: string) {
      const [row] = await db.select(columns).from(contentPages).where(eq(contentPages.slug, slug));
      return row;
    },

    /** The rows of these slugs, with the Markdown staff wrote (null for a page as seeded). */
    manyForEditing(slugs: readonly string[]) {
      return db.select({ ...columns, markdown: contentPages.markdown }).from(contentPages).where(inArray(contentPages.slug, [...slugs]));
    },

    /** The row locked for this transaction, or undefined. */
    async lockForEditing(slug: string) {
      const [row] = await db.select({ ...columns, markdown: contentPages.markdown }).from(contentPages).where(eq(contentPages.slug, slug)).for('update');
      return row;
    },

    async save(slug: string, page: { title: string; content: string; markdown: string }): Promise<void> {
      await db.update(contentPages).set(page).where(eq(contentPages.slug, slug));
    },

    /** A text kept among the content pages (the loyalty page's), made with `title` if it is not there yet. */
    async saveText(slug: string, title: string, text: { content: string; markdown: string }): Promise<void> {
      await db.insert(contentPages).values({ slug, title, ...text }).onConflictDoUpdate({ target: contentPages.slug, set: text });
    },
  };
}
