/** /admin/returns: the returns queue by status, the longest waiting first. */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { RETURN_STATUSES, returnStatus } from '../../../domain/orders';
import { DataTable, formatDateTime, PageHeading, Paginator, StatusTabs } from '../../ui';
import { type ReturnListSearch, returnListQuery } from './api';
import { ReturnStatusBadge } from './status';

const TABS = [{ value: 'open', label: 'Open' }, ...RETURN_STATUSES.map((status) => ({ value: status, label: returnStatus(status)?.label ?? status }))] as const;

export function ReturnsScreen({ search, onSearch }: { search: ReturnListSearch; onSearch: (next: ReturnListSearch) => void }) {
  const { data } = useSuspenseQuery(returnListQuery(search));
  const current = search.status ?? 'open';
  const openCount = ['AWAITING_REVIEW', 'APROVED', 'IN_TRANSIT', 'DELIVERED'].reduce((sum, status) => sum + (data.counts[status] ?? 0), 0);
  return (
    <>
      <PageHeading title="Returns" description="Oldest first: the return waiting longest is at the top." />
      <StatusTabs
        label="Returns by status"
        tabs={TABS.map((tab) => ({ ...tab, count: tab.value === 'open' ? openCount : (data.counts[tab.value] ?? 0) }))}
        current={current}
        onChoose={(status) => onSearch({ status: status === 'open' ? undefined : status })}
      />
      <DataTable
        caption="Returns"
        columns={[
          {
            key: 'id',
            header: 'Return',
            cell: (row) => (
              <Link to="/returns/$id" params={{ id: String(row.id) }}>
                Return {row.id}
              </Link>
            ),
          },
          { key: 'status', header: 'Status', cell: (row) => <ReturnStatusBadge status={row.status} label={row.status_label} /> },
          { key: 'part', header: 'Part', cell: (row) => row.part_name },
          { key: 'order', header: 'Order', cell: (row) => row.order_number },
          { key: 'customer', header: 'Customer', cell: (row) => row.customer },
          { key: 'reason', header: 'Reason', cell: (row) => row.reason },
          { key: 'updated', header: 'Last change', cell: (row) => formatDateTime(row.updated) },
        ]}
        rows={data.records}
        rowKey={(row) => row.id}
        empty="No returns here."
      />
      <Paginator paginator={data.paginator} onPage={(page) => onSearch({ ...search, page })} label="Pages of returns" />
    </>
  );
}
