/**
 * What the jobs and blog pages say about themselves to search engines (SPEC §2 'Jobs and blog'):
 * a schema.org JobPosting for a job's page and an Article for an article's page, written into the
 * HTML by the routes' head(), so a crawler needs no JavaScript.
 */
import { t } from './messages';
import './messages-more';
import { plainText, shorten } from './product-seo';

export interface JobPostingInput {
  title: string;
  /** The whole advert as HTML. */
  descriptionHtml: string;
  /** ISO date-times. */
  created: string;
  expires: string | null;
  location: string;
  workingPattern: string;
  workingHours: string;
  sector: string;
  /** Whole pounds a year. */
  salaryFrom: number | null;
  salaryTo: number | null;
  url: string;
}

/** schema.org employmentType for the advert's working pattern ('Full-time', 'Part-time, 20 hours'…); undefined when none fits. */
export function employmentType(pattern: string): string | undefined {
  const words = pattern.toLowerCase();
  if (/full[\s-]?time/.test(words)) return 'FULL_TIME';
  if (/part[\s-]?time/.test(words)) return 'PART_TIME';
  if (/temporary|fixed[\s-]?term|seasonal/.test(words)) return 'TEMPORARY';
  if (/contract/.test(words)) return 'CONTRACTOR';
  if (/apprentice|intern/.test(words)) return 'INTERN';
  return undefined;
}

export function jobPostingJsonLd(job: JobPostingInput): Record<string, unknown> {
  const type = employmentType(job.workingPattern);
  const salary = job.salaryFrom ?? job.salaryTo;
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: job.descriptionHtml,
    datePosted: job.created,
    ...(job.expires ? { validThrough: job.expires } : {}),
    ...(type ? { employmentType: type } : {}),
    workHours: job.workingHours,
    industry: job.sector,
    hiringOrganization: { '@type': 'Organization', name: t('seo.site_name') },
    jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: job.location, addressCountry: 'GB' } },
    ...(salary === null
      ? {}
      : {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: 'GBP',
            value: {
              '@type': 'QuantitativeValue',
              unitText: 'YEAR',
              ...(job.salaryFrom !== null && job.salaryTo !== null && job.salaryFrom !== job.salaryTo
                ? { minValue: job.salaryFrom, maxValue: job.salaryTo }
                : { value: salary }),
            },
          },
        }),
    url: job.url,
  };
}

export interface ArticleJsonLdInput {
  title: string;
  summaryHtml: string;
  /** The picture's absolute URL; null for an article shown without one. */
  image: string | null;
  /** ISO date-time. */
  published: string;
  tags: readonly string[];
  category: string;
  url: string;
}

export function articleJsonLd(article: ArticleJsonLdInput): Record<string, unknown> {
  const shop = { '@type': 'Organization', name: t('seo.site_name') };
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: shorten(article.title, 110),
    description: shorten(plainText(article.summaryHtml)),
    ...(article.image ? { image: [article.image] } : {}),
    datePublished: article.published,
    author: shop,
    publisher: shop,
    articleSection: article.category,
    ...(article.tags.length ? { keywords: article.tags.join(', ') } : {}),
    mainEntityOfPage: { '@type': 'WebPage', '@id': article.url },
    url: article.url,
  };
}
