import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { JobRecord } from '../../../contract/admin-content';
import { messageOf } from '../../api';
import { Button, buttonClass, type Column, ConfirmDialog, DataTable, formatDateTime, PageHeading, StatusBadge, useToast } from '../../ui';
import { jobListQuery, useDeleteJob, useUnpublishJob } from './api';
import styles from './content.module.css';

type Pending = { job: JobRecord; action: 'unpublish' | 'delete' } | null;

/** Every job advert, open or expired, newest first, with the ways to edit, withdraw or delete it. */
export function JobsScreen() {
  const { data } = useSuspenseQuery(jobListQuery());
  const unpublish = useUnpublishJob();
  const remove = useDeleteJob();
  const notify = useToast();
  const [pending, setPending] = useState<Pending>(null);
  const change = pending?.action === 'delete' ? remove : unpublish;

  const columns: Column<JobRecord>[] = [
    {
      key: 'title',
      header: 'Job',
      cell: (job) => (
        <Link to="/content/jobs/$id" params={{ id: String(job.id) }}>
          {job.title}
        </Link>
      ),
    },
    { key: 'created', header: 'Published', cell: (job) => formatDateTime(job.created_at) },
    { key: 'expires', header: 'Closes', cell: (job) => (job.expires_at ? formatDateTime(job.expires_at) : 'Open until withdrawn') },
    {
      key: 'applications',
      header: 'Applications',
      cell: (job) =>
        job.applications === 0 ? (
          '0'
        ) : (
          <Link to="/content/jobs/$id/applications" params={{ id: String(job.id) }} aria-label={`${job.applications} applications for ${job.title}`}>
            {job.applications}
          </Link>
        ),
      align: 'end',
    },
    { key: 'state', header: 'State', cell: (job) => (job.state === 'open' ? <StatusBadge tone="success">On the shop</StatusBadge> : <StatusBadge>Expired</StatusBadge>) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (job) => (
        <span className={styles.actions}>
          {job.state === 'open' ? (
            <Button variant="secondary" small onClick={() => setPending({ job, action: 'unpublish' })} aria-label={`Take ${job.title} off the shop`}>
              Take off
            </Button>
          ) : null}
          {job.applications === 0 ? (
            <Button variant="danger" small onClick={() => setPending({ job, action: 'delete' })} aria-label={`Delete ${job.title}`}>
              Delete
            </Button>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeading
        title="Jobs"
        description="Job adverts as the shop's /jobs page shows them; a change shows there at once."
        actions={
          <Link to="/content/jobs/new" className={buttonClass('primary')}>
            New job advert
          </Link>
        }
      />
      <DataTable caption="Job adverts" columns={columns} rows={data.records} rowKey={(job) => job.id} empty="No job adverts yet." />
      <ConfirmDialog
        open={pending !== null}
        title={pending?.action === 'delete' ? `Delete ${pending.job.title}?` : `Take ${pending?.job.title ?? ''} off the shop?`}
        confirmLabel={pending?.action === 'delete' ? 'Delete' : 'Take off the shop'}
        tone="danger"
        busy={change.isPending}
        error={change.error ? messageOf(change.error) : undefined}
        onCancel={() => {
          change.reset();
          setPending(null);
        }}
        onConfirm={() => {
          if (!pending) return;
          change.mutate(pending.job.id, {
            onSuccess: (answer) => {
              notify(answer.msg);
              setPending(null);
            },
          });
        }}
      >
        {pending?.action === 'delete' ? 'The advert is deleted for good.' : 'It expires now and leaves /jobs; its applications are kept.'}
      </ConfirmDialog>
    </>
  );
}
