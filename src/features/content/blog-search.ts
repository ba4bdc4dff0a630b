/** The rules of the news list beyond reading its URL (blog-url.ts): the tab bar, the tag filter, the layout and the list call. */
import { blogSearch, type BlogSearch } from './blog-url';

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
