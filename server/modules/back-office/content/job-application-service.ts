/**
 * Staff's reading of job applications (issue 32): an advert's applications, one's CV, and marking
 * one reviewed or rejected with its audit entry in the same transaction. The audit entry records
 * the status only, not the applicant's details: the log outlives the application, which the
 * retention round deletes with its CV.
 */
import type { JobApplicationRecord, JobApplicationStatus } from '../../../../src/contract/admin-job-applications';
import type { Database } from '../../../db/client';
import { notFound } from '../../../errors';
import { createJobAdminService, createJobApplicationAdminService, type JobApplicationRow, type StoredCv } from '../../jobs/index';
import type { Audit } from './service';

export const JOB_APPLICATION_MESSAGES = {
  marked: { reviewed: 'Application marked reviewed.', rejected: 'Application marked rejected.' },
} as const;

function applicationRecord(row: JobApplicationRow): JobApplicationRecord {
  return {
    id: row.id,
    job_id: row.jobId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    received_at: row.createdAt.toISOString(),
    status: row.status as JobApplicationStatus,
    status_changed_at: row.statusChangedAt?.toISOString() ?? null,
    cv: { filename: row.cvFilename, content_type: row.cvContentType, size: row.cvSize },
  };
}

export function createJobApplicationContentService({ db, now }: { db: Database; now: () => Date }) {
  return {
    async list(jobId: number): Promise<{ job: { id: number; title: string }; records: JobApplicationRecord[] }> {
      const job = await createJobAdminService(db).byId(jobId);
      if (!job) throw notFound();
      const rows = await createJobApplicationAdminService(db).forJob(jobId);
      return { job: { id: job.id, title: job.title }, records: rows.map(applicationRecord) };
    },

    async cv(id: number): Promise<StoredCv> {
      const cv = await createJobApplicationAdminService(db).cv(id);
      if (!cv) throw notFound();
      return cv;
    },

    async mark(id: number, status: 'reviewed' | 'rejected', audit: Audit): Promise<JobApplicationRecord> {
      return db.transaction(async (tx) => {
        const applications = createJobApplicationAdminService(tx);
        const before = await applications.lock(id);
        if (!before) throw notFound();
        await applications.setStatus(id, status, now());
        const after = await applications.byId(id);
        if (!after) throw notFound();
        await audit(tx, { action: `job-application.${status}`, entity: 'job-application', entityId: String(id), before: { job_id: before.jobId, status: before.status }, after: { job_id: after.jobId, status: after.status } });
        return applicationRecord(after);
      });
    },
  };
}
