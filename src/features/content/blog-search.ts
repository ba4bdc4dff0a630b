/**
 * The query string of /blog (SPEC §2 'News/blog listing'): the tag chosen in 'Filter by
 * category', the category tab, and the page. Read without zod (every route's validateSearch is in
 * the first download); a bad value is dropped, and defaults (no tag, no category, page 1) stay out
 * of the URL.
 */

/** A tag's or category's slug as the shop writes them. */
export const BLOG_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX = 80;
const PAGE_MAX = 10_000;

export interface BlogSearch {
  tag?: string | undefined;
  category?: string | undefined;
  /** Only pages after the first are written. */
  page?: number | undefined;
}

/** A slug from a URL value, or undefined. */
export function blogSlug(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const slug = value.trim().toLowerCase();
  return slug.length <= SLUG_MAX && BLOG_SLUG.test(slug) ? slug : undefined;
}

function page(value: unknown): number | undefined {
  if (typeof value !== 'number' && !(typeof value === 'string' && /^\s*\d+\s*$/.test(value))) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= 2 && number <= PAGE_MAX ? number : undefined;
}

/** The /blog and /blog/tag/{tag} routes' validateSearch. */
export function blogSearch(input: Readonly<Record<string, unknown>>): BlogSearch {
  const search: BlogSearch = {};
  const tag = blogSlug(input.tag);
  if (tag !== undefined) search.tag = tag;
  const category = blogSlug(input.category);
  if (category !== undefined) search.category = category;
  const chosenPage = page(input.page);
  if (chosenPage !== undefined) search.page = chosenPage;
  return search;
}

/**
 * SPEC §2: a click on the category tab bar chooses that category, 'All' (null) clears it, and a
 * click on the tab already chosen deselects it. Either way the list starts again at page 1.
 */
export function searchForCategoryTab(current: BlogSearch, clicked: string | null): BlogSearch {
  const category = clicked === null || clicked === current.category ? undefined : clicked;
  return blogSearch({ tag: current.tag, category });
}

/** SPEC §2: Save in 'Filter by category' chooses a tag (or none) and reloads page 1. */
export function searchForTag(current: BlogSearch, tag: string | null): BlogSearch {
  return blogSearch({ tag: tag ?? undefined, category: current.category });
}

/** SPEC §2 and §9 news layout: 1 big, then 3 small, then the rest in a grid. */
export function newsLayout<T>(articles: readonly T[]): { big: T | undefined; small: T[]; grid: T[] } {
  return { big: articles[0], small: articles.slice(1, 4), grid: articles.slice(4) };
}

/** What the blog's list call is asked for a search (with the tag of /blog/tag/{tag} when shown there). */
export function articleListParams(search: BlogSearch): { page: number; tag?: string | undefined; category?: string | undefined } {
  return { page: search.page ?? 1, tag: search.tag, category: search.category };
}
