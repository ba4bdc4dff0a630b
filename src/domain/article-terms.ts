/**
 * The blog's tags and categories as staff keep them (SPEC §3 'Tag/category: slug, name'): the
 * name staff write, the slug the shop makes from it, when two names are one, and what deleting
 * one does. The form's schema is both the staff screen's check and the body the server checks.
 *
 * The slug is the address: /blog/tag/{slug} and /blog?tag={slug}&category={slug} (SPEC §2). It
 * is made once, from the name a tag or category is created with, and a rename keeps it, so every
 * link already shared or indexed goes on working (the shop keeps no table of old addresses to
 * redirect from). A rename changes what the blog shows, never where it is.
 */
import * as z from 'zod/mini';
import { slugOf, textField } from './admin-content';
import { lazySchema } from './lazy-schema';

export const ARTICLE_TERM_KINDS = ['tag', 'category'] as const;
export type ArticleTermKind = (typeof ARTICLE_TERM_KINDS)[number];

/** A name's longest: a tab in the blog's category bar or a radio in 'Filter by category'. */
export const ARTICLE_TERM_NAME_MAX = 60;
/** The blog reads a tag's or category's slug of at most 80 characters from its URLs (src/features/content/blog-url.ts). */
export const ARTICLE_TERM_SLUG_MAX = 80;

/** The slug a new tag or category gets: the shop's slug rule (the article form's), cut to what /blog reads. */
export function articleTermSlug(name: string): string {
  return slugOf(name).slice(0, ARTICLE_TERM_SLUG_MAX).replace(/-+$/, '');
}

export const ARTICLE_TERM_MESSAGES = {
  name: 'Enter a name.',
  noSlug: 'Use letters or digits in the name: its address on the blog is made from them.',
} as const;

/** A new tag or category, or a new name for one. */
export const articleTermFormSchema = lazySchema(() => z.object({
  name: textField(ARTICLE_TERM_NAME_MAX, ARTICLE_TERM_MESSAGES.name).check(z.refine((name) => name === '' || articleTermSlug(name) !== '', ARTICLE_TERM_MESSAGES.noSlug)),
}));
export type ArticleTermForm = z.infer<typeof articleTermFormSchema>;

export interface StoredTerm {
  id: number;
  slug: string;
  name: string;
}

/**
 * The other tag (or category) a name clashes with, if any: one whose address is the slug this
 * name makes, or whose own name makes the same slug ('Brakes' and 'brakes!' are one tag to a
 * reader). `except` is the one being renamed.
 */
export function articleTermClash<T extends StoredTerm>(terms: readonly T[], name: string, except: number | null = null): T | undefined {
  const slug = articleTermSlug(name);
  return terms.find((term) => term.id !== except && (term.slug === slug || articleTermSlug(term.name) === slug));
}

const KIND_WORD: Record<ArticleTermKind, string> = { tag: 'tag', category: 'category' };

/** What the name field says when the name is taken. */
export const articleTermTaken = (kind: ArticleTermKind, clash: StoredTerm): string =>
  `There is already a ${KIND_WORD[kind]} named "${clash.name}" (address ${clash.slug}).`;

const articlesWord = (count: number) => (count === 1 ? '1 article' : `${count} articles`);

/**
 * Why a category cannot be deleted, or null when it can: every article has one category, so one
 * still used is refused, naming how many use it (drafts and scheduled ones count too).
 */
export function categoryDeleteRefusal(name: string, articles: number): string | null {
  if (articles === 0) return null;
  return `${name} is the category of ${articlesWord(articles)}: move ${articles === 1 ? 'it' : 'them'} to another category first.`;
}

/** What the screen asks before a tag is deleted: it leaves every article that has it. */
export function tagDeleteWarning(name: string, articles: number): string {
  if (articles === 0) return `${name} is on no article.`;
  return `${name} is removed from ${articlesWord(articles)}; the articles stay.`;
}
