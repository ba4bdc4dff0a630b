/**
 * /admin/content/jobs/$id/applications: an advert's applications, newest first, each with the
 * applicant's contact, covering message, when it came and its CV to download (saved, never shown
 * in the back office), and the buttons that mark it reviewed or rejected.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { JobApplicationRecord, JobApplicationStatus } from '../../../contract/admin-job-applications';
import { messageOf } from '../../api';
import { Button, type BadgeTone, type Column, DataTable, formatDateTime, Notice, PageHeading, StatusBadge, useToast } from '../../ui';
import { jobApplicationCvUrl, jobApplicationsQuery, useMarkJobApplication } from './api';
import styles from './content.module.css';

const STATUS: Record<JobApplicationStatus, { label: string; tone: BadgeTone }> = {
  received: { label: 'New', tone: 'info' },
  reviewed: { label: 'Reviewed', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'neutral' },
};

const sizeOf = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function JobApplicationsScreen({ jobId }: { jobId: number }) {
  const { data } = useSuspenseQuery(jobApplicationsQuery(jobId));
  const mark = useMarkJobApplication();
  const notify = useToast();
  const change = (application: JobApplicationRecord, status: 'reviewed' | 'rejected') =>
    mark.mutate({ id: application.id, status }, { onSuccess: (answer) => notify(answer.msg) });

  const columns: Column<JobApplicationRecord>[] = [
    { key: 'received', header: 'Received', cell: (application) => formatDateTime(application.received_at) },
    { key: 'name', header: 'Applicant', cell: (application) => application.name },
    {
      key: 'contact',
      header: 'Contact',
      cell: (application) => (
        <span className={styles.contact}>
          <a href={`mailto:${application.email}`}>{application.email}</a>
          <a href={`tel:${application.phone.replace(/\s+/g, '')}`}>{application.phone}</a>
        </span>
      ),
    },
    { key: 'message', header: 'Message', cell: (application) => (application.message === '' ? <i>No message</i> : <span className={styles.message}>{application.message}</span>) },
    {
      key: 'cv',
      header: 'CV',
      cell: (application) => (
        <a href={jobApplicationCvUrl(application.id)} download={application.cv.filename} aria-label={`Download the CV of ${application.name}: ${application.cv.filename}`}>
          {application.cv.filename} ({sizeOf(application.cv.size)})
        </a>
      ),
    },
    { key: 'status', header: 'Status', cell: (application) => <StatusBadge tone={STATUS[application.status].tone}>{STATUS[application.status].label}</StatusBadge> },
    {
      key: 'actions',
      header: 'Actions',
      cell: (application) => (
        <span className={styles.actions}>
          {application.status !== 'reviewed' ? (
            <Button variant="secondary" small disabled={mark.isPending} onClick={() => change(application, 'reviewed')} aria-label={`Mark the application of ${application.name} reviewed`}>
              Mark reviewed
            </Button>
          ) : null}
          {application.status !== 'rejected' ? (
            <Button variant="danger" small disabled={mark.isPending} onClick={() => change(application, 'rejected')} aria-label={`Reject the application of ${application.name}`}>
              Reject
            </Button>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeading
        title={`Applications: ${data.job.title}`}
        description="Applications and their CVs are deleted automatically once they are six months old (or as the shop is configured)."
        actions={<Link to="/content/jobs">All job adverts</Link>}
      />
      {mark.error ? <Notice tone="error">{messageOf(mark.error)}</Notice> : null}
      <DataTable caption={`Applications for ${data.job.title}`} columns={columns} rows={data.records} rowKey={(application) => application.id} empty="No applications for this advert." />
    </>
  );
}
