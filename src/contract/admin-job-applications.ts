/**
 * The back office's job applications (content.manage, as the adverts): an advert's applications,
 * each one's CV as the applicant sent it (an attachment of its own type, never shown in the page),
 * and marking one reviewed or rejected. Applications and their CVs are deleted by the shop after
 * JOB_APPLICATION_RETENTION_MONTHS (6 by default), so none is older than that here.
 */
import * as z from 'zod/mini';
import { defineAdminCall } from './admin-access';
import { success } from './envelope';
import { idParam } from './trade-fields';
import { lazySchema } from '../domain/lazy-schema';

/** Received: nobody has marked it yet. */
export const JOB_APPLICATION_STATUSES = ['received', 'reviewed', 'rejected'] as const;
export type JobApplicationStatus = (typeof JOB_APPLICATION_STATUSES)[number];
/** What staff may mark an application as. */
export const JOB_APPLICATION_MARKS = ['reviewed', 'rejected'] as const;

export const jobApplicationRecordSchema = lazySchema(() => z.object({
  id: z.int(),
  job_id: z.int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The covering message as written; '' when none. */
  message: z.string(),
  received_at: z.string(),
  status: z.enum(JOB_APPLICATION_STATUSES),
  status_changed_at: z.nullable(z.string()),
  cv: z.object({ filename: z.string(), content_type: z.string(), size: z.int() }),
}));
export type JobApplicationRecord = z.infer<typeof jobApplicationRecordSchema>;

/** GET /admin/jobs/:id/applications.json — the advert's applications, newest first. 404 for no such advert. */
export const adminJobApplicationList = defineAdminCall('content.manage', {
  method: 'GET',
  path: '/admin/jobs/:id/applications.json',
  summary: "A job advert's applications",
  params: z.object({ id: idParam }),
  response: success({ job: z.object({ id: z.int(), title: z.string() }), records: z.array(jobApplicationRecordSchema) }),
});

/**
 * GET /admin/job-applications/:id/cv — the CV's bytes with their own Content-Type, as an
 * attachment named as stored (`Content-Disposition: attachment`, `X-Content-Type-Options:
 * nosniff`, never cached). 404 for no such application.
 */
export const adminJobApplicationCv = defineAdminCall('content.manage', {
  method: 'GET',
  path: '/admin/job-applications/:id/cv',
  summary: "A job application's CV",
  params: z.object({ id: idParam }),
  response: z.unknown(),
});

export const jobApplicationMarkSchema = lazySchema(() => z.object({ status: z.enum(JOB_APPLICATION_MARKS, 'Choose reviewed or rejected.') }));

/** POST /admin/job-applications/:id/status — marks it reviewed or rejected (audited). 404 for no such application. */
export const adminJobApplicationMark = defineAdminCall('content.manage', {
  method: 'POST',
  path: '/admin/job-applications/:id/status',
  summary: 'Mark a job application reviewed or rejected',
  params: z.object({ id: idParam }),
  body: jobApplicationMarkSchema,
  response: success({ msg: z.string(), record: jobApplicationRecordSchema }),
});
