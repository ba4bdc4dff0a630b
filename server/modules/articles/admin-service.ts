// The blog as the back office writes it, for the admin-content module through articles/index.ts:
// the articles and their pictures, and their tags and categories. The SQL stays in
// admin-repository.ts and term-repository.ts.
import type { Database } from '../../db/client';
import { createArticleAdminRepository } from './admin-repository';
import { createArticleTermRepository } from './term-repository';

/** The articles: list, read, lock, write, tag, delete, their pictures, and the tags and categories to choose from. */
export function createArticleAdminService(db: Database) {
  const repository = createArticleAdminRepository(db);
  return { list: repository.list, byId: repository.byId, lock: repository.lock, slugTaken: repository.slugTaken, insert: repository.insert, update: repository.update, setTags: repository.setTags, delete: repository.delete, savePicture: repository.savePicture, removePicture: repository.removePicture, categories: repository.categories, tags: repository.tags, existingTags: repository.existingTags, holdCategory: repository.holdCategory };
}

export type ArticleAdminService = ReturnType<typeof createArticleAdminService>;

/** The tags and categories: lock, read, create, rename, the articles using one, delete. */
export function createArticleTermAdminService(db: Database) {
  const repository = createArticleTermRepository(db);
  return { list: repository.list, lock: repository.lock, lockRow: repository.lockRow, byId: repository.byId, insert: repository.insert, rename: repository.rename, articleIds: repository.articleIds, delete: repository.delete };
}

export type ArticleTermAdminService = ReturnType<typeof createArticleTermAdminService>;
