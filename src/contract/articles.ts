/**
 * The blog and news calls (SPEC §2 'News/blog listing', §3 Article, §4 pretty dates, §7, §9 image
 * sizes): the listing by tag and category, the tags and categories, and one article.
 *
 * What SPEC leaves open and is designed here:
 * - The listing takes `page` (from 1), `tag` and `category` (slugs from the two lists; none is
 *   'all'); {@link ARTICLES_PAGE_SIZE} a page (SPEC §9's default 12), newest publication first
 *   (ties by id). The first article of page 1 is drawn large, 2–4 small, the rest in the grid
 *   (SPEC §2): the answer is the same list either way. An unknown tag or category is an empty
 *   page, not an error. `msg` is '' unless the page is empty.
 * - An article is visible from its `public_date` on (by the shop's clock): a scheduled one is in
 *   no list and its page answers 404 until then.
 * - `summary` is sanitised HTML (a paragraph); `body` (one article only) is the article as
 *   sanitised HTML rendered from the shop's Markdown: no script, no on* attributes, no
 *   javascript: URLs.
 * - `main_image` is the big picture's URL (SPEC §9 news big 670x400); `images` has each size the
 *   listing draws: `big` 670x400, `small` 215x185, `grid` 440x260 (WebP, served under
 *   /blog-images/, cacheable for a year: the name changes with the picture); `main_image_alt`
 *   describes it. Both are null for an article whose picture staff removed: it is shown without one.
 * - `public_date` is an ISO date-time; `pretty_public_date` is SPEC §4's pretty date (London time).
 * - One article: GET /articles/get/{slug}.json.
 */
import * as z from 'zod/mini';
import { PAGE_SIZE } from '../domain/paginator';
import { paginatorSchema } from './catalogue';
import { defineCall } from './define';
import { success } from './envelope';
import { lazySchema } from '../domain/lazy-schema';

const MAX_INTEGER = 2_147_483_647;
const wholeNumber = lazySchema(() => z.coerce.number({ error: 'Must be a number.' }).check(z.refine(Number.isInteger, 'Must be a whole number.')));
const slug = lazySchema(() => z.string().check(z.regex(/^[a-z0-9-]{1,80}$/, 'Lower-case letters, digits and dashes.')));

/** SPEC §9's default page size. */
export const ARTICLES_PAGE_SIZE = PAGE_SIZE.listing;

/** SPEC §9 news image sizes, width x height. */
export const ARTICLE_IMAGE_SIZES = {
  big: { width: 670, height: 400 },
  small: { width: 215, height: 185 },
  grid: { width: 440, height: 260 },
} as const;
export type ArticleImageSize = keyof typeof ARTICLE_IMAGE_SIZES;

/** Query of GET /articles/listing.json; an empty tag or category is 'all'. */
export const articleListQuerySchema = lazySchema(() => z.object({
  page: z._default(wholeNumber.check(z.gte(1, 'Must be 1 or more.'), z.lte(MAX_INTEGER, 'Too large.')), 1),
  tag: z.optional(z.union([z.literal(''), slug])),
  category: z.optional(z.union([z.literal(''), slug])),
}));
export type ArticleListQuery = z.input<typeof articleListQuerySchema>;

/** A tag or a category (SPEC §3: slug, name). */
export const articleTermSchema = lazySchema(() => z.object({ slug: z.string(), name: z.string() }));
export type ArticleTerm = z.infer<typeof articleTermSchema>;

/** SPEC §3 Article, as the listing shows it. */
export const articleSchema = lazySchema(() => z.object({
  id: z.int(),
  slug: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  summary: z.string(),
  /** Null when the article has no picture (staff removed it). */
  main_image: z.nullable(z.string()),
  main_image_alt: z.string(),
  images: z.nullable(z.object({ big: z.string(), small: z.string(), grid: z.string() })),
  public_date: z.string(),
  pretty_public_date: z.string(),
  article_tags: z.array(articleTermSchema),
  article_category: articleTermSchema,
}));
export type Article = z.infer<typeof articleSchema>;

/** GET /articles/listing.json — a page of published articles, newest first. */
export const listArticles = defineCall({
  method: 'GET',
  path: '/articles/listing.json',
  summary: 'A page of published articles, by tag and category',
  query: articleListQuerySchema,
  response: lazySchema(() => success({ paginator: paginatorSchema, articles: z.array(articleSchema), msg: z.string() })),
});

/** GET /article-tags/list.json — every tag, by name (the 'Filter by category' radio list). */
export const listArticleTags = defineCall({
  method: 'GET',
  path: '/article-tags/list.json',
  summary: 'The article tags',
  response: lazySchema(() => success({ items: z.array(articleTermSchema) })),
});

/** GET /article-categories/list.json — every category in the tab bar's order (the screen adds 'All'). */
export const listArticleCategories = defineCall({
  method: 'GET',
  path: '/article-categories/list.json',
  summary: 'The article categories',
  response: lazySchema(() => success({ items: z.array(articleTermSchema) })),
});

export const articleDetailSchema = lazySchema(() => z.extend(articleSchema, {
  /** The article as sanitised HTML. */
  body: z.string(),
}));
export type ArticleDetail = z.infer<typeof articleDetailSchema>;

/** GET /articles/get/{slug}.json — one published article; 404 for an unknown or scheduled one. */
export const getArticle = defineCall({
  method: 'GET',
  path: '/articles/get/:slug.json',
  summary: 'One published article',
  params: lazySchema(() => z.object({ slug })),
  response: lazySchema(() => success({ article: articleDetailSchema })),
});
