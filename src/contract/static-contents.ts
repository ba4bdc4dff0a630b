/**
 * The shop's static pages by slug (SPEC §3 'Content pages by slug', extended with the pages every
 * shop has). The two other static-contents calls stay where they were built: the sign-up texts
 * (members.ts getSignUpStatics) and the loyalty texts (loyalty.ts getDiscountThresholdStatics).
 *
 * What SPEC leaves open and is designed here:
 * - GET /static-contents/page/{slug}.json answers `{ success, page: { slug, title, content } }`,
 *   `content` being trusted HTML the shop writes (never visitor input), for the slugs of
 *   {@link STATIC_PAGE_SLUGS}; any other slug is 404 'Not found'.
 * - The product-returns page states the returns window the account's returns use
 *   (RETURNS_WINDOW_DAYS), filled in when the page is read.
 * - The older GET /content-pages/{slug}.json (catalogue.ts getContentPage, the part page's
 *   pop-ups) reads the same pages.
 */
import * as z from 'zod/mini';
import { contentPageSchema } from './catalogue';
import { defineCall } from './define';
import { success } from './envelope';
import { lazySchema } from '../domain/lazy-schema';

export const STATIC_PAGE_SLUGS = [
  'product-returns',
  'product-delivery',
  'product-warranties',
  'product-grading',
  'about',
  'terms',
  'privacy',
  'cookies',
  'contact',
] as const;
export type StaticPageSlug = (typeof STATIC_PAGE_SLUGS)[number];

export const staticPageSchema = contentPageSchema;
export type StaticPage = z.infer<typeof staticPageSchema>;

/** GET /static-contents/page/{slug}.json — one static page; 404 for a slug not in the list. */
export const getStaticPage = defineCall({
  method: 'GET',
  path: '/static-contents/page/:slug.json',
  summary: 'A static page of the shop by slug',
  params: lazySchema(() => z.object({ slug: z.string().check(z.regex(/^[a-z0-9-]{1,60}$/, 'Lower-case letters, digits and dashes.')) })),
  response: lazySchema(() => success({ page: staticPageSchema })),
});
