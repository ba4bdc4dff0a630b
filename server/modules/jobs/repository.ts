/** The jobs section's queries: open jobs (not expired by `now`), their categories and locations, applications. */
import { and, asc, count, desc, eq, gt, ilike, isNull, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobApplications, jobCategories, jobLocations, jobs, jobSectors } from '../../db/schema';

export interface JobFilter {
  categoryId?: number | undefined;
  locationId?: number | undefined;
  /** Each word must appear in the title or the description. */
  words: readonly string[];
}

/** A LIKE pattern matching `word` anywhere, with LIKE's own characters taken literally. */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Published and not expired at `now`. */
const openAt = (now: Date) => and(lte(jobs.createdAt, now), or(isNull(jobs.expiresAt), gt(jobs.expiresAt, now)));

/** By name, whatever the database's collation. */
const byName = (column: AnyColumn) => asc(sql`lower(${column})`);

const jobColumns = {
  id: jobs.id,
  slug: jobs.slug,
  title: jobs.title,
  purpose: jobs.purpose,
  description: jobs.description,
  howToApply: jobs.howToApply,
  salary: jobs.salary,
  salaryFrom: jobs.salaryFrom,
  salaryTo: jobs.salaryTo,
  workingHours: jobs.workingHours,
  workingPattern: jobs.workingPattern,
  featured: jobs.featured,
  createdAt: jobs.createdAt,
  expiresAt: jobs.expiresAt,
  locationId: jobs.locationId,
  location: jobLocations.name,
  sector: jobSectors.name,
  categoryId: jobs.categoryId,
  category: jobCategories.name,
};

export type JobRow = Awaited<ReturnType<ReturnType<typeof createJobRepository>['byId']>> & {};

export interface NewApplication {
  jobId: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  cvFilename: string;
  cvContentType: string;
  cvData: Buffer;
  createdAt: Date;
}

export function createJobRepository(db: Database) {
  const withNames = () =>
    db
      .select(jobColumns)
      .from(jobs)
      .innerJoin(jobLocations, eq(jobLocations.id, jobs.locationId))
      .innerJoin(jobSectors, eq(jobSectors.id, jobs.sectorId))
      .innerJoin(jobCategories, eq(jobCategories.id, jobs.categoryId));

  function where(now: Date, filter: JobFilter): SQL | undefined {
    return and(
      openAt(now),
      filter.categoryId ? eq(jobs.categoryId, filter.categoryId) : undefined,
      filter.locationId ? eq(jobs.locationId, filter.locationId) : undefined,
      ...filter.words.map((word) => or(ilike(jobs.title, containing(word)), ilike(jobs.description, containing(word)))),
    );
  }

  return {
    async countOpen(now: Date, filter: JobFilter): Promise<number> {
      const [row] = await db.select({ total: count() }).from(jobs).where(where(now, filter));
      return row?.total ?? 0;
    },

    pageOfOpen(now: Date, filter: JobFilter, page: { direction: 'asc' | 'desc'; offset: number; limit: number }) {
      const order = page.direction === 'asc' ? asc : desc;
      return withNames()
        .where(where(now, filter))
        .orderBy(order(jobs.createdAt), order(jobs.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    featured(now: Date, limit: number) {
      return withNames()
        .where(and(openAt(now), eq(jobs.featured, true)))
        .orderBy(desc(jobs.createdAt), desc(jobs.id))
        .limit(limit);
    },

    /** Every category with its number of open jobs, by name. */
    categories(now: Date) {
      return db
        .select({ id: jobCategories.id, name: jobCategories.name, slug: jobCategories.slug, count: count(jobs.id) })
        .from(jobCategories)
        .leftJoin(jobs, and(eq(jobs.categoryId, jobCategories.id), openAt(now)))
        .groupBy(jobCategories.id)
        .orderBy(byName(jobCategories.name));
    },

    locations() {
      return db.select({ id: jobLocations.id, name: jobLocations.name }).from(jobLocations).orderBy(byName(jobLocations.name));
    },

    /** One open job, or undefined. */
    async byId(id: number, now: Date) {
      const [row] = await withNames().where(and(eq(jobs.id, id), openAt(now)));
      return row;
    },

    /** Open jobs for the sitemap. */
    openJobs(now: Date) {
      return db.select({ id: jobs.id, createdAt: jobs.createdAt }).from(jobs).where(openAt(now)).orderBy(asc(jobs.id));
    },

    async insertApplication(application: NewApplication): Promise<number> {
      const [row] = await db
        .insert(jobApplications)
        .values({ ...application, cvSize: application.cvData.length })
        .returning({ id: jobApplications.id });
      if (!row) throw new Error('the application was not stored');
      return row.id;
    },
  };
}

export type JobRepository = ReturnType<typeof createJobRepository>;
