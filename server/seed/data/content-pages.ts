/**
 * The jobs section's adverts, the blog's articles and the shop's static pages (about, terms,
 * privacy, cookies, contact), in British English: jobs.json, articles.json and pages.json read
 * and checked here. Dates are given relative to the day the shop is seeded (`created_days_ago`,
 * `expires_in_days`, `published_days_ago`; a negative one is still ahead: an expired advert, a
 * scheduled article), so a freshly seeded shop always has open jobs, expired ones and a scheduled
 * article.
 */
import * as z from 'zod';
import { STATIC_PAGE_SLUGS } from '../../../src/contract/static-contents';
import { readReferenceData } from './load';

const text = z.string().min(1);
const slug = z.string().regex(/^[a-z0-9-]{1,80}$/, 'a slug');

const jobsFile = z
  .object({
    categories: z.array(z.object({ slug, name: text })).min(1),
    locations: z.array(text).min(1),
    jobs: z.array(
      z.object({
        slug,
        title: text,
        category: slug,
        location: text,
        /** Whom the role reports to (SPEC §2 'reporting to = job sector name'). */
        sector: text,
        purpose: text,
        salary: z.string().min(1).nullable(),
        salary_from: z.int().positive().nullable(),
        salary_to: z.int().positive().nullable(),
        working_hours: text,
        working_pattern: text,
        featured: z.boolean(),
        created_days_ago: z.int().min(0),
        /** Null: open until withdrawn; negative: already expired. */
        expires_in_days: z.int().nullable(),
        description: text,
        how_to_apply: text,
      }),
    ),
  })
  .superRefine((file, ctx) => {
    const categories = new Set(file.categories.map((c) => c.slug));
    const locations = new Set(file.locations);
    file.jobs.forEach((job, i) => {
      if (!categories.has(job.category)) ctx.addIssue({ code: 'custom', path: ['jobs', i, 'category'], message: `no category ${job.category}` });
      if (!locations.has(job.location)) ctx.addIssue({ code: 'custom', path: ['jobs', i, 'location'], message: `no location ${job.location}` });
      if ((job.salary_from ?? 0) > (job.salary_to ?? Infinity)) ctx.addIssue({ code: 'custom', path: ['jobs', i, 'salary_to'], message: 'below salary_from' });
    });
  });

const articlesFile = z
  .object({
    categories: z.array(z.object({ slug, name: text })).min(1),
    tags: z.array(z.object({ slug, name: text })).min(1),
    articles: z.array(
      z.object({
        slug,
        title: text,
        category: slug,
        tags: z.array(slug).min(1),
        /** Negative: scheduled that many days ahead. */
        published_days_ago: z.int(),
        image_alt: text,
        /** Markdown. */
        summary: text,
        /** Markdown. */
        body: text,
      }),
    ),
  })
  .superRefine((file, ctx) => {
    const categories = new Set(file.categories.map((c) => c.slug));
    const tags = new Set(file.tags.map((t) => t.slug));
    file.articles.forEach((article, i) => {
      if (!categories.has(article.category)) ctx.addIssue({ code: 'custom', path: ['articles', i, 'category'], message: `no category ${article.category}` });
      for (const tag of article.tags) if (!tags.has(tag)) ctx.addIssue({ code: 'custom', path: ['articles', i, 'tags'], message: `no tag ${tag}` });
    });
  });

const NEW_PAGE_SLUGS = STATIC_PAGE_SLUGS.filter((s) => !s.startsWith('product-')) as ['about', 'terms', 'privacy', 'cookies', 'contact'];
const pagesFile = z.object({
  /** Trusted HTML written by the shop. */
  pages: z.array(z.object({ slug: z.enum(NEW_PAGE_SLUGS), title: text, html: text })),
});

export const JOBS_DATA = readReferenceData('jobs.json', jobsFile);
export const ARTICLES_DATA = readReferenceData('articles.json', articlesFile);
/** The static pages beside the product page's four (content.ts CONTENT_PAGES). */
export const SHOP_PAGES = readReferenceData('pages.json', pagesFile).pages;
