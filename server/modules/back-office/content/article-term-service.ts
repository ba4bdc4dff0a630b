/**
 * The blog's tags and categories as staff keep them: listed with how many articles use each,
 * created (the slug made from the name by the shop's rule), renamed (the slug stays: it is the
 * address of /blog/tag/{slug} and /blog?category={slug}, and links already out there keep
 * working) and deleted (a tag leaves its articles; a category still used is refused). Each change
 * is one transaction with its one audit entry. The blog reads the same rows on every request (its
 * answers are `no-cache`), so /blog's filters show a change on the next page.
 */
import type { ArticleTermRecord } from '../../../../src/contract/admin-content';
import {
  articleTermClash,
  type ArticleTermForm,
  type ArticleTermKind,
  articleTermSlug,
  articleTermTaken,
  categoryDeleteRefusal,
} from '../../../../src/domain/article-terms';
import type { Database } from '../../../db/client';
import { conflict, invalidField, notFound } from '../../../errors';
import { createArticleTermAdminService } from '../../articles/index';
import type { Audit } from './service';

const WORD: Record<ArticleTermKind, string> = { tag: 'Tag', category: 'Category' };

export const ARTICLE_TERM_MESSAGES = {
  created: (kind: ArticleTermKind) => `${WORD[kind]} created.`,
  renamed: (kind: ArticleTermKind) => `${WORD[kind]} renamed.`,
  deleted: (kind: ArticleTermKind) => `${WORD[kind]} deleted.`,
} as const;

const recordOf = ({ id, name, slug, articles }: { id: number; name: string; slug: string; articles: number }): ArticleTermRecord => ({ id, name, slug, articles });

export function createArticleTermService({ db }: { db: Database }) {
  return {
    async list(): Promise<{ categories: ArticleTermRecord[]; tags: ArticleTermRecord[] }> {
      const repository = createArticleTermAdminService(db);
      const [categories, tags] = await Promise.all([repository.list('category'), repository.list('tag')]);
      return { categories: categories.map(recordOf), tags: tags.map(recordOf) };
    },

    async create(kind: ArticleTermKind, form: ArticleTermForm, audit: Audit): Promise<ArticleTermRecord> {
      return db.transaction(async (tx) => {
        const repository = createArticleTermAdminService(tx);
        await repository.lock(kind);
        const clash = articleTermClash(await repository.list(kind), form.name);
        if (clash) throw invalidField('name', articleTermTaken(kind, clash));
        const slug = articleTermSlug(form.name);
        const id = await repository.insert(kind, { slug, name: form.name });
        // The lock makes this a backstop only: the unique index has the last word.
        if (id === null) throw invalidField('name', articleTermTaken(kind, { id: 0, slug, name: form.name }));
        const after = await repository.byId(kind, id);
        if (!after) throw notFound();
        await audit(tx, { action: `article-${kind}.create`, entity: `article-${kind}`, entityId: String(id), before: null, after: recordOf(after) });
        return recordOf(after);
      });
    },

    /** A new name; the slug is kept (see the module's note). */
    async rename(kind: ArticleTermKind, id: number, form: ArticleTermForm, audit: Audit): Promise<ArticleTermRecord> {
      return db.transaction(async (tx) => {
        const repository = createArticleTermAdminService(tx);
        await repository.lock(kind);
        const before = await repository.byId(kind, id);
        if (!before) throw notFound();
        const clash = articleTermClash(await repository.list(kind), form.name, id);
        if (clash) throw invalidField('name', articleTermTaken(kind, clash));
        await repository.rename(kind, id, form.name);
        const after = { ...before, name: form.name };
        await audit(tx, { action: `article-${kind}.rename`, entity: `article-${kind}`, entityId: String(id), before: recordOf(before), after: recordOf(after) });
        return recordOf(after);
      });
    },

    /** A tag leaves every article that has it; a category still used by an article is refused (409) naming how many. */
    async delete(kind: ArticleTermKind, id: number, audit: Audit): Promise<void> {
      await db.transaction(async (tx) => {
        const repository = createArticleTermAdminService(tx);
        await repository.lock(kind);
        if (!(await repository.lockRow(kind, id))) throw notFound();
        const before = await repository.byId(kind, id);
        if (!before) throw notFound();
        const articleIds = await repository.articleIds(kind, id);
        if (kind === 'category') {
          const refusal = categoryDeleteRefusal(before.name, articleIds.length);
          if (refusal) throw conflict(refusal);
        }
        await repository.delete(kind, id);
        // The articles it was on, so the log tells what a deleted tag was taken from.
        await audit(tx, { action: `article-${kind}.delete`, entity: `article-${kind}`, entityId: String(id), before: { ...recordOf(before), article_ids: articleIds }, after: null });
      });
    },
  };
}
