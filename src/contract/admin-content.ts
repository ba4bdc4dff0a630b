/**
 * The back office's content calls, under /web-api/admin: discount codes (discount-codes.manage),
 * the static pages, the job adverts and the blog's articles (content.manage), the loyalty levels
 * (loyalty.manage). Bodies are the forms of
 * src/domain/admin-content.ts (and the blog's tags and categories, src/domain/article-terms.ts), so the screen and the server refuse the same input. Every change
 * answers the record as it now stands; the storefront reads the same rows, so it shows a change
 * on its next request.
 */
import * as z from 'zod/mini';
import { articleTermFormSchema } from '../domain/article-terms';
import { ARTICLE_STATES, articleFormSchema, DISCOUNT_CODE_KIND_LIST, DISCOUNT_CODE_STATES, discountCodeFormSchema, jobFormSchema, loyaltyFormSchema, staticPageFormSchema } from '../domain/admin-content';
import { STATIC_PAGE_SLUGS } from './static-contents';
import { defineAdminCall } from './admin-access';
import { success } from './envelope';
import { idParam } from './trade-fields';
import { lazySchema } from '../domain/lazy-schema';

// --- discount codes

export const discountCodeRecordSchema = lazySchema(() => z.object({
  id: z.int(),
  code: z.string(),
  display_name: z.string(),
  kind: z.enum(DISCOUNT_CODE_KIND_LIST),
  /** PERCENT: percent off. AMOUNT: pence off, VAT included. */
  value: z.number(),
  valid_from: z.nullable(z.string()),
  valid_to: z.nullable(z.string()),
  usage_limit: z.nullable(z.int()),
  minimum_basket: z.nullable(z.int()),
  /** Orders that have used it. */
  times_used: z.int(),
  state: z.enum(DISCOUNT_CODE_STATES),
  created_at: z.string(),
}));
export type DiscountCodeRecord = z.infer<typeof discountCodeRecordSchema>;

/** GET /admin/discount-codes/list.json — every code, newest first, with how often it was used. */
export const adminDiscountCodeList = defineAdminCall('discount-codes.manage', {
  method: 'GET',
  path: '/admin/discount-codes/list.json',
  summary: 'Discount codes',
  response: success({ records: z.array(discountCodeRecordSchema) }),
});

/** POST /admin/discount-codes/create — a new code, usable in carts at once. 422 'code' when it is taken. */
export const adminDiscountCodeCreate = defineAdminCall('discount-codes.manage', {
  method: 'POST',
  path: '/admin/discount-codes/create',
  summary: 'Create a discount code',
  body: discountCodeFormSchema,
  response: success({ msg: z.string(), record: discountCodeRecordSchema }),
});

/**
 * POST /admin/discount-codes/:id/disable — ends a code now: its validity ends at this instant, so
 * carts holding it say it has expired and no new cart takes it. Orders that used it keep it.
 */
export const adminDiscountCodeDisable = defineAdminCall('discount-codes.manage', {
  method: 'POST',
  path: '/admin/discount-codes/:id/disable',
  summary: 'Disable a discount code',
  params: z.object({ id: idParam }),
  response: success({ msg: z.string(), record: discountCodeRecordSchema }),
});

// --- static pages

const pageSlugParam = lazySchema(() => z.object({ slug: z.enum(STATIC_PAGE_SLUGS, 'Not a page of the shop.') }));

export const staticPageSummarySchema = lazySchema(() => z.object({ slug: z.enum(STATIC_PAGE_SLUGS), title: z.string() }));

/** GET /admin/pages/list.json — the shop's static pages, in the list's order. */
export const adminStaticPageList = defineAdminCall('content.manage', {
  method: 'GET',
  path: '/admin/pages/list.json',
  summary: 'Static pages',
  response: success({ records: z.array(staticPageSummarySchema) }),
});

export const staticPageRecordSchema = lazySchema(() => z.object({
  slug: z.enum(STATIC_PAGE_SLUGS),
  title: z.string(),
  /** The body as staff write it: Markdown (a page never edited here holds the shop's HTML, which Markdown passes through). */
  body: z.string(),
  /** The page as the storefront shows it. */
  html: z.string(),
}));
export type StaticPageRecord = z.infer<typeof staticPageRecordSchema>;

/** GET /admin/pages/:slug.json — one page to edit. */
export const adminStaticPage = defineAdminCall('content.manage', {
  method: 'GET',
  path: '/admin/pages/:slug.json',
  summary: 'A static page',
  params: pageSlugParam,
  response: success({ record: staticPageRecordSchema }),
});

/** POST /admin/pages/:slug — saves the title and Markdown body; /page/{slug} shows it on its next request. */
export const adminStaticPageSave = defineAdminCall('content.manage', {
  method: 'POST',
  path: '/admin/pages/:slug',
  summary: 'Edit a static page',
  params: pageSlugParam,
  body: staticPageFormSchema,
  response: success({ msg: z.string(), record: staticPageRecordSchema }),
});

// --- job adverts

export const JOB_STATES = ['open', 'expired'] as const;

export const jobRecordSchema = lazySchema(() => z.object({
  id: z.int(),
  title: z.string(),
  slug: z.string(),
  purpose: z.string(),
  description: z.string(),
  how_to_apply: z.string(),
  salary: z.string(),
  salary_from: z.nullable(z.int()),
  salary_to: z.nullable(z.int()),
  working_hours: z.string(),
  working_pattern: z.string(),
  category_id: z.int(),
  location_id: z.int(),
  sector_id: z.int(),
  featured: z.boolean(),
  /** The last day it is open, 'YYYY-MM-DD' (London); '' for open until withdrawn. */
  expires_on: z.string(),
  expires_at: z.nullable(z.string()),
  state: z.enum(JOB_STATES),
  created_at: z.string(),
  applications: z.int(),
}));
export type JobRecord = z.infer<typeof jobRecordSchema>;

const choiceSchema = lazySchema(() => z.object({ id: z.int(), name: z.string() }));

/** GET /admin/jobs/list.json — every advert, open or expired, newest first, and the form's choices. */
export const adminJobList = defineAdminCall('content.manage', {
  method: 'GET',
  path: '/admin/jobs/list.json',
  summary: 'Job adverts',
  response: success({
    records: z.array(jobRecordSchema),
    categories: z.array(choiceSchema),
    locations: z.array(choiceSchema),
    sectors: z.array(choiceSchema),
  }),
});

/** POST /admin/jobs/create — a new advert, on /jobs at once. 422 'slug' when another advert has it. */
export const adminJobCreate = defineAdminCall('content.manage', {
  method: 'POST',
  path: '/admin/jobs/create',
  summary: 'Create a job advert',
  body: jobFormSchema,
  response: success({ msg: z.string(), record: jobRecordSchema }),
});

/** POST /admin/jobs/:id — saves an advert. 422 'slug' when another advert has it. */
export const adminJobSave = defineAdminCall('content.manage', {
  method: 'POST',
  path: '/admin/jobs/:id',
  summary: 'Edit a job advert',
  params: z.object({ id: idParam }),
  body: jobFormSchema,
  response: success({ msg: z.string(), record: jobRecordSchema }),
});

/** POST /admin/jobs/:id/unpublish — takes an advert off /jobs now (it expires at this instant); its applications stay. */
export const adminJobUnpublish = defineAdminCall('content.manage', {
  method: 'POST',
  path: '/admin/jobs/:id/unpublish',
  summary: 'Take a job advert off the shop',
  params: z.object({ id: idParam }),
  response: success({ msg: z.string(), record: jobRecordSchema }),
});

/** POST /admin/jobs/:id/delete — deletes an advert that has no applications (422 otherwise: unpublish it instead). */
export const adminJobDelete = defineAdminCall('content.manage', {
  method: 'POST',
  path: '/admin/jobs/:id/delete',
  summary: 'Delete a job advert',
  params: z.object({ id: idParam }),
  response: success({ msg: z.string() }),
});

// --- loyalty levels and texts

export const loyaltySettingsSchema = lazySchema(() => z.object({
  levels: z.array(
    z.object({ id: z.int(), name: z.string(), color: z.string(), icon: z.string(), discount: z.number(), amount_from: z.int(), amount_to: z.nullable(z.int()) }),
  ),
  /** The texts as staff write them (Markdown; the shop's seeded HTML passes through Markdown). */
  top_text: z.string(),
  bottom_text: z.string(),
}));
export type LoyaltySettings = z.infer<typeof loyaltySettingsSchema>;

/** GET /admin/loyalty.json — the loyalty levels, lowest first, and the loyalty page's texts. */
export const adminLoyalty = defineAdminCall('loyalty.manage', {
  method: 'GET',
  path: '/admin/loyalty.json',
  summary: 'Loyalty levels and texts',
  response: success({ settings: loyaltySettingsSchema }),
});

/**
 * POST /admin/loyalty — replaces the levels and texts at once; the loyalty page and the cart's
 * loyalty discount read them on their next request. 422 names the field (`levels.1.amount_from`).
 */
export const adminLoyaltySave = defineAdminCall('loyalty.manage', {
  method: 'POST',
  path: '/admin/loyalty',
  summary: 'Edit the loyalty levels and texts',
  body: loyaltyFormSchema,
  response: success({ msg: z.string(), settings: loyaltySettingsSchema }),
});

// --- articles

/** An uploaded article picture's largest file (SPEC §9 limits uploads to 10 MB). */
export const ARTICLE_PICTURE_MAX_BYTES = 10 * 1024 * 1024;

export const ARTICLE_PICTURES = ['uploaded', 'drawn', 'none'] as const;
export type ArticlePicture = (typeof ARTICLE_PICTURES)[number];

export const articleSummarySchema = lazySchema(() => z.object({
  id: z.int(),
  title: z.string(),
  slug: z.string(),
  category_name: z.string(),
  /** The instant it goes (or went) on the blog; null for a draft. */
  public_date: z.nullable(z.string()),
  state: z.enum(ARTICLE_STATES),
  /** Whether staff uploaded its picture (otherwise the blog draws one). */
  uploaded_picture: z.boolean(),
}));
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const articleRecordSchema = lazySchema(() => z.object({
  ...articleSummarySchema.shape,
  category_id: z.int(),
  tag_ids: z.array(z.int()),
  /** Markdown, as staff write them. */
  summary: z.string(),
  body: z.string(),
  image_alt: z.string(),
  /** The publish time as the form shows it (London, 'YYYY-MM-DDTHH:MM'), '' for a draft. */
  publish_at: z.string(),
  /** The uploaded picture at the blog's small size as a data: URL, for the form's preview; null for none. */
  picture_preview: z.nullable(z.string()),
  /** What the blog shows: the picture staff uploaded, the one it draws (the default), or none (staff removed it). */
  picture: z.enum(ARTICLE_PICTURES),
}));
export type ArticleRecord = z.infer<typeof articleRecordSchema>;

/** GET /admin/articles/list.json — every article (published, scheduled and drafts), newest first, and the form's choices. */
export const adminArticleList = defineAdminCall('content.manage', {
  method: 'GET',
  path: '/admin/articles/list.json',
  summary: 'Articles',
  response: success({ records: z.array(articleSummarySchema), categories: z.array(choiceSchema), tags: z.array(choiceSchema) }),
});

/** GET /admin/articles/:id.json — one article to edit. */
export const adminArticle = defineAdminCall('content.manage', {
  method: 'GET',
  path: '/admin/articles/:id.json',
  summary: 'An article',
  params: z.object({ id: idParam }),
  response: success({ record: articleRecordSchema }),
});

/** POST /admin/articles/create — a new article, on /blog from its publish time. 422 'slug' when another article has it. */
export const adminArticleCreate = defineAdminCall('content.manage', {
  method: 'POST',
  path: '/admin/articles/create',
  summary: 'Create an article',
  body: articleFormSchema,
  response: success({ msg: z.string(), record: articleRecordSchema }),
});

/** POST /admin/articles/:id — saves an article. 422 'slug' when another article has it. */
export const adminArticleSave = defineAdminCall('content.manage', {
  method: 'POST',
  path: '/admin/articles/:id',
  summary: 'Edit an article',
  params: z.object({ id: idParam }),
  body: articleFormSchema,
  response: success({ msg: z.string(), record: articleRecordSchema }),
});

/**
 * POST /admin/articles/:id/picture — multipart/form-data with one file part `picture` (at most
 * {@link ARTICLE_PICTURE_MAX_BYTES}; JPEG, PNG or WebP, the type read from the bytes). It is
 * decoded and encoded into the blog's three sizes and replaces the article's picture. A file that
 * is not an image or cannot be decoded answers 422 under `picture`; nothing is kept then.
 */
export const adminArticlePicture = defineAdminCall('content.manage', {
  method: 'POST',
  path: '/admin/articles/:id/picture',
  summary: "Upload an article's picture (multipart/form-data)",
  params: z.object({ id: idParam }),
  response: success({ msg: z.string(), record: articleRecordSchema }),
});

/** POST /admin/articles/:id/delete — deletes an article, its tags' links and its picture; /blog drops it at once. */
export const adminArticleDelete = defineAdminCall('content.manage', {
  method: 'POST',
  path: '/admin/articles/:id/delete',
  summary: 'Delete an article',
  params: z.object({ id: idParam }),
  response: success({ msg: z.string() }),
});

/**
 * POST /admin/articles/:id/picture/delete — removes the article's picture: the uploaded files are
 * deleted (as deleting the article deletes them) and the blog shows the article with no picture,
 * not the drawn one, until a picture is uploaded again. 409 when it has none.
 */
export const adminArticlePictureDelete = defineAdminCall('content.manage', {
  method: 'POST',
  path: '/admin/articles/:id/picture/delete',
  summary: "Remove an article's picture",
  params: z.object({ id: idParam }),
  response: success({ msg: z.string(), record: articleRecordSchema }),
});

// --- the blog's tags and categories

export const articleTermRecordSchema = lazySchema(() => z.object({
  id: z.int(),
  name: z.string(),
  /** The address on the blog (/blog/tag/{slug}, /blog?category={slug}): made at creation, kept by a rename. */
  slug: z.string(),
  /** Articles that use it, drafts and scheduled ones too. */
  articles: z.int(),
}));
export type ArticleTermRecord = z.infer<typeof articleTermRecordSchema>;

/** GET /admin/article-terms/list.json — the categories (the tab bar's order) and the tags (by name), each with how many articles use it. */
export const adminArticleTermList = defineAdminCall('content.manage', {
  method: 'GET',
  path: '/admin/article-terms/list.json',
  summary: "The blog's categories and tags",
  response: success({ categories: z.array(articleTermRecordSchema), tags: z.array(articleTermRecordSchema) }),
});

const termParams = lazySchema(() => z.object({ id: idParam }));
const termAnswer = lazySchema(() => success({ msg: z.string(), record: articleTermRecordSchema }));

/** POST /admin/article-tags/create — a new tag, its slug made from its name; in /blog's 'Filter by category' at once. 422 'name' when empty, too long or taken. */
export const adminArticleTagCreate = defineAdminCall('content.manage', {
  method: 'POST',
  path: '/admin/article-tags/create',
  summary: 'Create an article tag',
  body: articleTermFormSchema,
  response: termAnswer,
});

/** POST /admin/article-tags/:id — a new name; the slug stays, so /blog/tag/{slug} links keep working. 422 'name' as for create. */
export const adminArticleTagRename = defineAdminCall('content.manage', {
  method: 'POST',
  path: '/admin/article-tags/:id',
  summary: 'Rename an article tag',
  params: termParams,
  body: articleTermFormSchema,
  response: termAnswer,
});

/** POST /admin/article-tags/:id/delete — deletes a tag; it leaves every article that had it (the articles stay). */
export const adminArticleTagDelete = defineAdminCall('content.manage', {
  method: 'POST',
  path: '/admin/article-tags/:id/delete',
  summary: 'Delete an article tag',
  params: termParams,
  response: success({ msg: z.string() }),
});

/** POST /admin/article-categories/create — a new category, last in the blog's tab bar, its slug made from its name. 422 'name' when empty, too long or taken. */
export const adminArticleCategoryCreate = defineAdminCall('content.manage', {
  method: 'POST',
  path: '/admin/article-categories/create',
  summary: 'Create an article category',
  body: articleTermFormSchema,
  response: termAnswer,
});

/** POST /admin/article-categories/:id — a new name; the slug stays, so /blog?category={slug} links keep working. 422 'name' as for create. */
export const adminArticleCategoryRename = defineAdminCall('content.manage', {
  method: 'POST',
  path: '/admin/article-categories/:id',
  summary: 'Rename an article category',
  params: termParams,
  body: articleTermFormSchema,
  response: termAnswer,
});

/** POST /admin/article-categories/:id/delete — deletes a category no article uses; one still used is refused (409, naming how many use it). */
export const adminArticleCategoryDelete = defineAdminCall('content.manage', {
  method: 'POST',
  path: '/admin/article-categories/:id/delete',
  summary: 'Delete an article category',
  params: termParams,
  response: success({ msg: z.string() }),
});
