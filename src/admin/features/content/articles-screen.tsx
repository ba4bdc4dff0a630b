import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ArticleSummary } from '../../../contract/admin-content';
import { messageOf } from '../../api';
import { Button, buttonClass, type Column, ConfirmDialog, DataTable, formatDateTime, PageHeading, StatusBadge, useToast } from '../../ui';
import { articleListQuery, useDeleteArticle } from './api';
import styles from './content.module.css';

function StateBadge({ article }: { article: ArticleSummary }) {
  if (article.state === 'published') return <StatusBadge tone="success">Published</StatusBadge>;
  if (article.state === 'scheduled') return <StatusBadge tone="info">Scheduled</StatusBadge>;
  return <StatusBadge>Draft</StatusBadge>;
}

/** Every article of the blog, drafts first, then newest first, with its state and the ways to edit or delete it. */
export function ArticlesScreen() {
  const { data } = useSuspenseQuery(articleListQuery());
  const remove = useDeleteArticle();
  const notify = useToast();
  const [pending, setPending] = useState<ArticleSummary | null>(null);

  const columns: Column<ArticleSummary>[] = [
    {
      key: 'title',
      header: 'Article',
      cell: (article) => (
        <Link to="/content/articles/$id" params={{ id: String(article.id) }}>
          {article.title}
        </Link>
      ),
    },
    { key: 'category', header: 'Category', cell: (article) => article.category_name },
    { key: 'date', header: 'Publish time', cell: (article) => (article.public_date ? formatDateTime(article.public_date) : 'Not set') },
    { key: 'state', header: 'State', cell: (article) => <StateBadge article={article} /> },
    {
      key: 'actions',
      header: 'Actions',
      cell: (article) => (
        <span className={styles.actions}>
          {article.state === 'published' ? (
            <a className={buttonClass('quiet', true)} href={`/blog/${article.slug}`} target="_blank" rel="noreferrer" aria-label={`See ${article.title} on the shop`}>
              On the shop
            </a>
          ) : null}
          <Button variant="danger" small onClick={() => setPending(article)} aria-label={`Delete ${article.title}`}>
            Delete
          </Button>
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeading
        title="Articles"
        description="The blog as the shop's /blog page shows it; a published change shows there at once, a scheduled article from its time."
        actions={
          <>
            <Link to="/content/articles/tags" className={buttonClass('secondary')}>
              Tags and categories
            </Link>
            <Link to="/content/articles/new" className={buttonClass('primary')}>
              New article
            </Link>
          </>
        }
      />
      <DataTable caption="Articles" columns={columns} rows={data.records} rowKey={(article) => article.id} empty="No articles yet." />
      <ConfirmDialog
        open={pending !== null}
        title={`Delete ${pending?.title ?? ''}?`}
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        error={remove.error ? messageOf(remove.error) : undefined}
        onCancel={() => {
          remove.reset();
          setPending(null);
        }}
        onConfirm={() => {
          if (!pending) return;
          remove.mutate(pending.id, {
            onSuccess: (answer) => {
              notify(answer.msg);
              setPending(null);
            },
          });
        }}
      >
        The article and its picture are deleted for good and leave /blog at once.
      </ConfirmDialog>
    </>
  );
}
