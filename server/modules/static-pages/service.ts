/** The shop's static pages by slug (src/contract/static-contents.ts), with the configured figures filled in. */
import { STATIC_PAGE_SLUGS, type StaticPage } from '../../../src/contract/static-contents';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import { fillPageFigures, type PageFigures } from './fill';
import { createStaticPageRepository } from './repository';

const SLUGS: ReadonlySet<string> = new Set(STATIC_PAGE_SLUGS);

export function createStaticPageService({ db, figures }: { db: Database; figures: PageFigures }) {
  const repository = createStaticPageRepository(db);
  return {
    async page(slug: string): Promise<StaticPage> {
      // content_pages also holds texts that are not pages (the vehicle page's banners): only the list answers.
      const row = SLUGS.has(slug) ? await repository.bySlug(slug) : undefined;
      if (!row) throw notFound();
      return { ...row, content: fillPageFigures(row.content, figures) };
    },
  };
}
