import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type Column, DataTable, PageHeading } from '../../ui';
import { pageListQuery } from './api';

type PageRow = { slug: string; title: string };

/** The shop's fixed pages, each with its address on the shop and a way to edit it. */
export function PagesScreen() {
  const { data } = useSuspenseQuery(pageListQuery());
  const columns: Column<PageRow>[] = [
    {
      key: 'title',
      header: 'Page',
      cell: (page) => (
        <Link to="/content/pages/$slug" params={{ slug: page.slug }}>
          {page.title}
        </Link>
      ),
    },
    {
      key: 'address',
      header: 'On the shop',
      cell: (page) => (
        <a href={`/page/${page.slug}`} target="_blank" rel="noopener">
          /page/{page.slug}
        </a>
      ),
    },
  ];
  return (
    <>
      <PageHeading title="Pages" description="The shop's fixed pages. A saved change shows on the shop at once." />
      <DataTable caption="Pages" columns={columns} rows={data.records} rowKey={(page) => page.slug} empty="No pages." />
    </>
  );
}
