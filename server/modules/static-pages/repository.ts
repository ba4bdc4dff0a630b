import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contentPages } from '../../db/schema';

export function createStaticPageRepository(db: Database) {
  return {
    async bySlug(slug: string) {
      const [row] = await db.select({ slug: contentPages.slug, title: contentPages.title, content: contentPages.content }).from(contentPages).where(eq(contentPages.slug, slug));
      return row;
    },
  };
}
