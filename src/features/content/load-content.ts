/**
 * The loaders of the jobs, blog and static pages: each puts its page's data in the query cache
 * the screen reads (the same queryOptions) and answers the page's head — title, description,
 * canonical and, for a job or an article, its JSON-LD — so the server's HTML says it all.
 * An unknown job, article or page is the router's not-found (a 404 page); a list that fails is
 * shown by the screen itself (SPEC §8), never as a broken page.
 */
import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { articleJsonLd, jobPostingJsonLd } from '../../domain/content-seo';
import { t } from '../../domain/messages';
import '../../domain/messages-more';
import { plainText, shorten } from '../../domain/product-seo';
import { isApiError } from '../../shared/api/api-error';
import { jsonLdTag, pageHead, pageTitle, type Head } from '../../shared/head';
import { articleCategoriesQueryOptions, articleListQueryOptions, articleQueryOptions, articleTagsQueryOptions } from './api/articles';
import { jobCategoriesQueryOptions, jobListQueryOptions, jobLocationsQueryOptions, jobQueryOptions } from './api/jobs';
import { staticPageQueryOptions } from './api/static-pages';
import { articleListParams } from './blog-search';
import { blogSlug, type BlogSearch } from './blog-url';
import { jobListParams } from './jobs-search';
import type { JobsSearch } from './jobs-url';

interface LoaderContext {
  queryClient: QueryClient;
  publicUrl: string;
}

const isNotFound = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 422);

/** Runs a page's one essential read; 'not found' answers become the router's 404. */
async function essential<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw isNotFound(error) ? notFound() : error;
  }
}

/** A list's read: its failure is the screen's to show (SPEC §8), so the page still renders. */
const optional = (read: Promise<unknown>) => read.then(() => undefined, () => undefined);

export async function loadJobs({ queryClient, publicUrl }: LoaderContext, search: JobsSearch): Promise<{ head: Head }> {
  await Promise.all([
    optional(queryClient.ensureQueryData(jobListQueryOptions(jobListParams(search)))),
    optional(queryClient.ensureQueryData(jobCategoriesQueryOptions())),
    optional(queryClient.ensureQueryData(jobLocationsQueryOptions())),
  ]);
  return { head: pageHead({ title: pageTitle('Jobs'), description: t('jobs.seo_description'), canonicalPath: '/jobs', publicUrl }) };
}

/** A job's id in its path: digits only, else the page does not exist. */
export function jobIdOf(text: string): number {
  if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2_147_483_647) throw notFound();
  return Number(text);
}

export async function loadJob({ queryClient, publicUrl }: LoaderContext, idText: string): Promise<{ id: number; head: Head }> {
  const id = jobIdOf(idText);
  const job = await essential(() => queryClient.ensureQueryData(jobQueryOptions(id)));
  const canonicalPath = `/job/${id}`;
  return {
    id,
    head: pageHead({
      title: pageTitle(`${job.title}, ${job.location}`),
      description: shorten(`${job.title} in ${job.location}: ${job.purpose} ${job.description}`),
      canonicalPath,
      publicUrl,
      meta: [
        jsonLdTag(
          jobPostingJsonLd({
            title: job.title,
            descriptionHtml: job.description_html,
            created: job.created,
            expires: job.expires,
            location: job.location,
            workingPattern: job.working_pattern,
            workingHours: job.working_hours,
            sector: job.job_sector.name,
            salaryFrom: job.salary_from,
            salaryTo: job.salary_to,
            url: publicUrl + canonicalPath,
          }),
        ),
      ],
    }),
  };
}

export async function loadBlog({ queryClient, publicUrl }: LoaderContext, search: BlogSearch, tagInPath: boolean): Promise<{ head: Head }> {
  if (tagInPath && !(search.tag && blogSlug(search.tag) === search.tag)) throw notFound();
  const [, tags] = await Promise.all([
    optional(queryClient.ensureQueryData(articleListQueryOptions(articleListParams(search)))),
    queryClient.ensureQueryData(articleTagsQueryOptions()).catch(() => []),
    optional(queryClient.ensureQueryData(articleCategoriesQueryOptions())),
  ]);
  if (!tagInPath || !search.tag) {
    return { head: pageHead({ title: pageTitle(t('blog.heading')), description: t('blog.seo_description'), canonicalPath: '/blog', publicUrl }) };
  }
  const tag = tags.find((each) => each.slug === search.tag);
  // A tag the blog does not have is no page (when the tags could be read at all).
  if (!tag && tags.length > 0) throw notFound();
  const name = tag?.name ?? search.tag;
  return {
    head: pageHead({
      title: pageTitle(t('blog.tag_heading', { tag: name })),
      description: t('blog.tag_description', { tag: name }),
      canonicalPath: `/blog/tag/${encodeURIComponent(search.tag)}`,
      publicUrl,
    }),
  };
}

export async function loadArticle({ queryClient, publicUrl }: LoaderContext, slug: string): Promise<{ head: Head }> {
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) throw notFound();
  const article = await essential(() => queryClient.ensureQueryData(articleQueryOptions(slug)));
  const canonicalPath = `/blog/${slug}`;
  const big = article.images?.big;
  // An article shown without a picture has no og:image and no image in its JSON-LD.
  const image = big === undefined ? null : /^https?:\/\//.test(big) ? big : publicUrl + big;
  return {
    head: pageHead({
      title: pageTitle(article.title),
      description: shorten(plainText(article.summary)),
      canonicalPath,
      publicUrl,
      meta: [
        { property: 'og:type', content: 'article' },
        { property: 'og:title', content: article.title },
        ...(image ? [{ property: 'og:image', content: image }] : []),
        { property: 'og:url', content: publicUrl + canonicalPath },
        jsonLdTag(
          articleJsonLd({
            title: article.title,
            summaryHtml: article.summary,
            image,
            published: article.public_date,
            tags: article.article_tags.map((tag) => tag.name),
            category: article.article_category.name,
            url: publicUrl + canonicalPath,
          }),
        ),
      ],
    }),
  };
}

export async function loadStaticPage({ queryClient, publicUrl }: LoaderContext, slug: string): Promise<{ head: Head }> {
  if (!/^[a-z0-9-]{1,60}$/.test(slug)) throw notFound();
  const page = await essential(() => queryClient.ensureQueryData(staticPageQueryOptions(slug)));
  return {
    head: pageHead({ title: pageTitle(page.title), description: shorten(plainText(page.content)), canonicalPath: `/page/${slug}`, publicUrl }),
  };
}
