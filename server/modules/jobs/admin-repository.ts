/**
 * Job adverts as the back office keeps them: every advert, open or expired, with its number of
 * applications; a new advert, an edit, an expiry set, a deletion. The storefront's queries
 * (repository.ts) read the same rows, so /jobs shows a change on its next request. Pass a
 * transaction to write with the change's audit entry.
 */
import { asc, count, desc, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobApplications, jobCategories, jobLocations, jobs, jobSectors } from '../../db/schema';

export type JobAdvertRow = typeof jobs.$inferSelect & { applications: number };
export type JobAdvertValues = Omit<typeof jobs.$inferInsert, 'id' | 'createdAt'>;

const byName = (column: AnyColumn) => asc(sql`lower(${column})`);

export function createJobAdminRepository(db: Database) {
  const withApplications = () =>
    db
      .select({ job: jobs, applications: count(jobApplications.id) })
      .from(jobs)
      .leftJoin(jobApplications, eq(jobApplications.jobId, jobs.id))
      .groupBy(jobs.id);

  return {
    /** Newest first. */
    async list(): Promise<JobAdvertRow[]> {
      const rows = await withApplications().orderBy(desc(jobs.createdAt), desc(jobs.id));
      return rows.map((row) => ({ ...row.job, applications: row.applications }));
    },

    async byId(id: number): Promise<JobAdvertRow | null> {
      const [row] = await withApplications().where(eq(jobs.id, id));
      return row ? { ...row.job, applications: row.applications } : null;
    },

    /** The advert locked for this transaction, or null. */
    async lock(id: number): Promise<typeof jobs.$inferSelect | null> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).for('update');
      return row ?? null;
    },

    /** The id of the advert with this slug, or null. */
    async idOfSlug(slug: string): Promise<number | null> {
      const [row] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.slug, slug));
      return row?.id ?? null;
    },

    /** The new advert's id, or null when its slug is taken. */
    async insert(values: JobAdvertValues & { createdAt: Date }): Promise<number | null> {
      const [row] = await db.insert(jobs).values(values).onConflictDoNothing({ target: jobs.slug }).returning({ id: jobs.id });
      return row?.id ?? null;
    },

    async update(id: number, values: Partial<JobAdvertValues>): Promise<void> {
      await db.update(jobs).set(values).where(eq(jobs.id, id));
    },

    async delete(id: number): Promise<void> {
      await db.delete(jobs).where(eq(jobs.id, id));
    },

    categories: () => db.select({ id: jobCategories.id, name: jobCategories.name }).from(jobCategories).orderBy(byName(jobCategories.name)),
    locations: () => db.select({ id: jobLocations.id, name: jobLocations.name }).from(jobLocations).orderBy(byName(jobLocations.name)),
    sectors: () => db.select({ id: jobSectors.id, name: jobSectors.name }).from(jobSectors).orderBy(byName(jobSectors.name)),
  };
}
