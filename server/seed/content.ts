/**
 * Seeds the jobs section, the blog and the shop's static pages (server/seed/data/content-pages.ts),
 * dated from `now`. Runs again safely: categories, locations, sectors, tags, jobs and articles are
 * added when missing and otherwise kept as they are (their dates too); the static pages are
 * upserted, so a changed text reaches the shop. A database seeded before the blog existed gets all
 * of it on its next start (seedIfEmpty).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { articleCategories, articles, articleTagLinks, articleTags, contentPages, jobCategories, jobLocations, jobs, jobSectors } from '../db/schema';
import { CONTENT_PAGES } from './data/content';
import { ARTICLES_DATA, JOBS_DATA, SHOP_PAGES } from './data/content-pages';

const DAY_MS = 24 * 60 * 60 * 1000;
const excluded = (column: string) => sql.raw(`excluded."${column}"`);

function idsByKey<K extends string>(rows: readonly { id: number; key: K }[]): Map<K, number> {
  return new Map(rows.map((row) => [row.key, row.id]));
}

function required<K>(map: Map<K, number>, key: K): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`seed: ${String(key)} is missing`);
  return id;
}

/** A stable number from a slug: the seed of an article's drawn picture. */
const seedOf = (text: string) => [...text].reduce((hash, c) => (hash * 31 + c.charCodeAt(0)) % 1_000_003, 7);

export async function seedContent(db: Database, now: Date): Promise<string> {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  await db.transaction(async (tx) => {
    // The static pages: the product page's four (the returns window filled in when read) and the shop's own.
    await tx
      .insert(contentPages)
      .values([...CONTENT_PAGES, ...SHOP_PAGES].map(({ slug, title, html }) => ({ slug, title, content: html })))
      // A reseed puts the shop's HTML back, so Markdown written in the back office no longer describes the page.
      .onConflictDoUpdate({ target: contentPages.slug, set: { title: excluded('title'), content: excluded('content'), markdown: null } });

    // Jobs.
    await tx.insert(jobCategories).values(JOBS_DATA.categories).onConflictDoNothing();
    await tx.insert(jobLocations).values(JOBS_DATA.locations.map((name) => ({ name }))).onConflictDoNothing();
    await tx.insert(jobSectors).values([...new Set(JOBS_DATA.jobs.map((job) => job.sector))].map((name) => ({ name }))).onConflictDoNothing();
    const categoryIds = idsByKey(await tx.select({ id: jobCategories.id, key: jobCategories.slug }).from(jobCategories));
    const locationIds = idsByKey(await tx.select({ id: jobLocations.id, key: jobLocations.name }).from(jobLocations));
    const sectorIds = idsByKey(await tx.select({ id: jobSectors.id, key: jobSectors.name }).from(jobSectors));
    await tx
      .insert(jobs)
      .values(
        JOBS_DATA.jobs.map((job) => ({
          slug: job.slug,
          title: job.title,
          purpose: job.purpose,
          description: job.description,
          howToApply: job.how_to_apply,
          salary: job.salary,
          salaryFrom: job.salary_from,
          salaryTo: job.salary_to,
          workingHours: job.working_hours,
          workingPattern: job.working_pattern,
          categoryId: required(categoryIds, job.category),
          locationId: required(locationIds, job.location),
          sectorId: required(sectorIds, job.sector),
          featured: job.featured,
          createdAt: at(-job.created_days_ago),
          expiresAt: job.expires_in_days === null ? null : at(job.expires_in_days),
        })),
      )
      .onConflictDoNothing();

    // Articles.
    await tx
      .insert(articleCategories)
      .values(ARTICLES_DATA.categories.map((category, position) => ({ ...category, position })))
      .onConflictDoNothing();
    await tx.insert(articleTags).values(ARTICLES_DATA.tags).onConflictDoNothing();
    const articleCategoryIds = idsByKey(await tx.select({ id: articleCategories.id, key: articleCategories.slug }).from(articleCategories));
    const tagIds = idsByKey(await tx.select({ id: articleTags.id, key: articleTags.slug }).from(articleTags));
    const added = await tx
      .insert(articles)
      .values(
        ARTICLES_DATA.articles.map((article) => ({
          slug: article.slug,
          title: article.title,
          summary: article.summary,
          body: article.body,
          categoryId: required(articleCategoryIds, article.category),
          imageAlt: article.image_alt,
          imageSeed: seedOf(article.slug),
          publicDate: at(-article.published_days_ago),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: articles.id, slug: articles.slug });
    const addedIds = new Map(added.map((row) => [row.slug, row.id]));
    const links = ARTICLES_DATA.articles.flatMap((article) => {
      const articleId = addedIds.get(article.slug);
      return articleId === undefined ? [] : article.tags.map((tag) => ({ articleId, tagId: required(tagIds, tag) }));
    });
    if (links.length > 0) await tx.insert(articleTagLinks).values(links).onConflictDoNothing();
  });
  return `content: ${JOBS_DATA.jobs.length} jobs, ${ARTICLES_DATA.articles.length} articles, ${CONTENT_PAGES.length + SHOP_PAGES.length} pages`;
}
