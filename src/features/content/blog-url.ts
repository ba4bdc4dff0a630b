/**
 * The query string of /blog (SPEC §2 'News/blog listing'): the tag chosen in 'Filter by
 * category', the category tab, and the page. Read without zod, and apart from the page's other
 * rules (blog-search.ts): every route's validateSearch is in the home page's first download. A bad
 * value is dropped, and defaults (no tag, no category, page 1) stay out of the URL.
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
