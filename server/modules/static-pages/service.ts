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

/** The pages' rows as the back office edits them (SQL: repository.ts); on `db`, a transaction's handle or the database. */
export function createStaticPageAdminService(db: Database) {
  const repository = createStaticPageRepository(db);
  return { bySlug: repository.bySlug, manyForEditing: repository.manyForEditing, lockForEditing: repository.lockForEditing, save: repository.save, saveText: repository.saveText };
}

export type StaticPageAdminService = ReturnType<typeof createStaticPageAdminService>;
