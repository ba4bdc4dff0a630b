/**
 * Job applications as staff read them: an advert's applications without their CVs' bytes, one
 * CV's bytes, a status change; and the retention round's deletion of those received before a
 * cutoff. Pass a transaction to change a status with its audit entry.
 */
import { desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobApplications } from '../../db/schema';

const listed = {
  id: jobApplications.id,
  jobId: jobApplications.jobId,
  name: jobApplications.name,
  email: jobApplications.email,
  phone: jobApplications.phone,
  message: jobApplications.message,
  cvFilename: jobApplications.cvFilename,
  cvContentType: jobApplications.cvContentType,
  cvSize: jobApplications.cvSize,
  createdAt: jobApplications.createdAt,
  status: jobApplications.status,
  statusChangedAt: jobApplications.statusChangedAt,
};

/** An application without its CV's bytes. */
export type JobApplicationRow = Omit<typeof jobApplications.$inferSelect, 'cvData'>;

export interface StoredCv {
  filename: string;
  contentType: string;
  data: Buffer;
}

export function createJobApplicationRepository(db: Database) {
  return {
    /** Newest first. */
    forJob(jobId: number): Promise<JobApplicationRow[]> {
      return db.select(listed).from(jobApplications).where(eq(jobApplications.jobId, jobId)).orderBy(desc(jobApplications.createdAt), desc(jobApplications.id));
    },

    async byId(id: number): Promise<JobApplicationRow | null> {
      const [row] = await db.select(listed).from(jobApplications).where(eq(jobApplications.id, id));
      return row ?? null;
    },

    /** The application locked for this transaction, or null. */
    async lock(id: number): Promise<JobApplicationRow | null> {
      const [row] = await db.select(listed).from(jobApplications).where(eq(jobApplications.id, id)).for('update');
      return row ?? null;
    },

    async cv(id: number): Promise<StoredCv | null> {
      const [row] = await db
        .select({ filename: jobApplications.cvFilename, contentType: jobApplications.cvContentType, data: jobApplications.cvData })
        .from(jobApplications)
        .where(eq(jobApplications.id, id));
      return row ?? null;
    },

    async setStatus(id: number, status: string, at: Date): Promise<void> {
      await db.update(jobApplications).set({ status, statusChangedAt: at }).where(eq(jobApplications.id, id));
    },

    /** Deletes every application (with its CV) received before `cutoff`; answers how many. */
    async deleteReceivedBefore(cutoff: Date): Promise<number> {
      const rows = await db.delete(jobApplications).where(lt(jobApplications.createdAt, cutoff)).returning({ id: jobApplications.id });
      return rows.length;
    },
  };
}
