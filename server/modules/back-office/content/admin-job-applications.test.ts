/**
 * Job applications read by staff (issue 32): an application sent on the shop is listed under its
 * advert for content staff and owners, its CV downloads as an attachment of its own type (the
 * bytes as sent, nosniff, never cached), it is marked reviewed or rejected with one audit entry
 * naming no applicant; sales staff are refused, visitors asked to sign in. The retention round
 * deletes applications (with their CVs) older than the configured months on the shop's clock.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { adminJobApplicationList, adminJobApplicationMark } from '../../../../src/contract/admin-job-applications';
import { auditLog, jobApplications, jobs } from '../../../db/schema';
import { storedApplication } from '../../../test/admin-content';
import { applyForJob, contentApp } from '../../../test/content';
import { pdfCv } from '../../../test/cv-files';
import { testDatabase } from '../../../test/database';
import type { TestClock } from '../../../test/payments';
import { addOwner, addStaff, enrolAndSignIn, StaffBrowser } from '../../../test/staff';

const MONTH = 31 * 24 * 60 * 60 * 1000;

async function desk(app: FastifyInstance, clock: TestClock) {
  const { db } = await testDatabase();
  const staffClock = { now: () => clock(), advance: (ms: number) => clock.advance(ms) };
  await addOwner(db, staffClock);
  const owner = (await enrolAndSignIn(app, staffClock, 'owner@example.com')).browser;
  await addStaff(owner, 'content');
  await addStaff(owner, 'sales');
  const content = (await enrolAndSignIn(app, staffClock, 'content@example.com')).browser;
  const sales = (await enrolAndSignIn(app, staffClock, 'sales@example.com')).browser;
  return { db, owner, content, sales };
}

async function jobIdOf(slug: string): Promise<number> {
  const { db } = await testDatabase();
  const [row] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.slug, slug));
  if (!row) throw new Error(`no job ${slug}`);
  return row.id;
}

describe('job applications in the back office', () => {
  it('lists an advert’s applications for content staff and owners, downloads the CV as sent, and marks it with an audit entry', { timeout: 300_000 }, async () => {
    const { app, clock } = await contentApp();
    const { db, owner, content, sales } = await desk(app, clock);
    const jobId = await jobIdOf('vehicle-dismantler-birmingham');
    const cv = await pdfCv('Sam Carter — parts warehouse, five years');
    const sent = await applyForJob(app, jobId, { name: 'Sam Carter', email: 'sam.carter@example.co.uk', phone: '07700 900123', message: 'Five years in a parts warehouse.' }, [{ name: 'Sam Carter CV (2026).pdf', bytes: cv }]);
    expect(sent.statusCode, sent.body).toBe(200);

    const listed = await content.get(`/web-api/admin/jobs/${jobId}/applications.json`);
    expect(listed.statusCode, listed.body).toBe(200);
    const { job, records } = adminJobApplicationList.response.parse(listed.json());
    expect(job).toMatchObject({ id: jobId, title: expect.stringContaining('Vehicle Dismantler') });
    expect(records).toEqual([
      {
        id: expect.any(Number),
        job_id: jobId,
        name: 'Sam Carter',
        email: 'sam.carter@example.co.uk',
        phone: '07700 900123',
        message: 'Five years in a parts warehouse.',
        received_at: clock().toISOString(),
        status: 'received',
        status_changed_at: null,
        cv: { filename: 'Sam Carter CV (2026).pdf', content_type: 'application/pdf', size: cv.length },
      },
    ]);
    const id = records[0]!.id;
    expect((await owner.get(`/web-api/admin/jobs/${jobId}/applications.json`)).statusCode).toBe(200);

    const download = await content.get(`/web-api/admin/job-applications/${id}/cv`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(cv)).toBe(true);
    expect(download.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-disposition': `attachment; filename="Sam Carter CV (2026).pdf"; filename*=UTF-8''Sam%20Carter%20CV%20%282026%29.pdf`,
    });

    clock.advance(60_000);
    const marked = await content.post(`/web-api/admin/job-applications/${id}/status`, { status: 'reviewed' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(adminJobApplicationMark.response.parse(marked.json())).toMatchObject({ msg: 'Application marked reviewed.', record: { id, status: 'reviewed', status_changed_at: clock().toISOString() } });
    const [entry] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    // The log outlives the application: it keeps the status, not the person.
    expect(entry).toMatchObject({ action: 'job-application.reviewed', entity: 'job-application', entityId: String(id), before: { job_id: jobId, status: 'received' }, after: { job_id: jobId, status: 'reviewed' } });
    expect(JSON.stringify(entry)).not.toContain('Sam');

    expect((await owner.post(`/web-api/admin/job-applications/${id}/status`, { status: 'rejected' })).json()).toMatchObject({ msg: 'Application marked rejected.', record: { status: 'rejected' } });
    const refusedMark = await content.post(`/web-api/admin/job-applications/${id}/status`, { status: 'received' });
    expect(refusedMark.statusCode).toBe(422);
    expect(refusedMark.json().errors).toEqual({ status: ['Choose reviewed or rejected.'] });

    // Another role, and nobody signed in: refused before anything is read or changed.
    for (const url of [`/web-api/admin/jobs/${jobId}/applications.json`, `/web-api/admin/job-applications/${id}/cv`]) {
      expect((await sales.get(url)).statusCode, url).toBe(403);
      const visitor = new StaffBrowser(app);
      expect((await visitor.get(url)).statusCode, url).toBe(401);
    }
    expect((await sales.post(`/web-api/admin/job-applications/${id}/status`, { status: 'reviewed' })).statusCode).toBe(403);
    expect((await new StaffBrowser(app).post(`/web-api/admin/job-applications/${id}/status`, { status: 'reviewed' })).statusCode).toBe(401);
    const [row] = await db.select({ status: jobApplications.status }).from(jobApplications).where(eq(jobApplications.id, id));
    expect(row?.status).toBe('rejected');

    // No such advert or application.
    expect((await content.get('/web-api/admin/jobs/999999/applications.json')).statusCode).toBe(404);
    expect((await content.get('/web-api/admin/job-applications/999999/cv')).statusCode).toBe(404);
    expect((await content.post('/web-api/admin/job-applications/999999/status', { status: 'reviewed' })).statusCode).toBe(404);
  });

  it('deletes applications and their CVs once older than the retention (6 months by default) in the background round', async () => {
    const { app, clock } = await contentApp();
    const { db } = await testDatabase();
    const jobId = await jobIdOf('vehicle-dismantler-birmingham');
    const start = clock();
    const old = await storedApplication(db, start, { jobId });
    clock.advance(2 * MONTH);
    const recent = await storedApplication(db, clock(), { jobId });

    // Just under six months after the first: nothing is old enough yet.
    clock.advance(4 * MONTH - 2 * MONTH + 60 * 60 * 1000);
    expect(await app.jobApplicationRetention.runRound()).toEqual({ deleted: 0 });
    // A little over six calendar months after the first: it goes, the later one stays.
    clock.advance(start.getTime() + 6 * MONTH - clock().getTime());
    expect(await app.jobApplicationRetention.runRound()).toEqual({ deleted: 1 });
    const left = await db.select({ id: jobApplications.id }).from(jobApplications);
    expect(left).toEqual([{ id: recent }]);
    expect(left.map((row) => row.id)).not.toContain(old);
    // A round again deletes nothing more.
    expect(await app.jobApplicationRetention.runRound()).toEqual({ deleted: 0 });
  });

  it('keeps applications for the configured number of months', async () => {
    const { app, clock } = await contentApp({ env: { JOB_APPLICATION_RETENTION_MONTHS: '1' } });
    const { db } = await testDatabase();
    await storedApplication(db, clock(), { jobId: await jobIdOf('vehicle-dismantler-birmingham') });
    clock.advance(MONTH + 60_000);
    expect(await app.jobApplicationRetention.runRound()).toEqual({ deleted: 1 });
    expect((await db.select({ n: count() }).from(jobApplications))[0]?.n).toBe(0);
  });
});
