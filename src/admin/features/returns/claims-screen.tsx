/** /admin/warranty-claims: the warranty claims queue by status, the claim waiting longest first. */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CLAIM_STATUS_LABELS, CLAIM_STATUSES, OPEN_CLAIM_STATUSES } from '../../../domain/warranty-claims';
import { DataTable, formatDateTime, PageHeading, Paginator, StatusTabs } from '../../ui';
import { type ClaimListSearch, claimListQuery } from './claims-api';
import { ClaimStatusBadge } from './status';

const TABS = [{ value: 'open', label: 'Open' }, ...CLAIM_STATUSES.map((status) => ({ value: status, label: CLAIM_STATUS_LABELS[status] }))] as const;

export function ClaimsScreen({ search, onSearch }: { search: ClaimListSearch; onSearch: (next: ClaimListSearch) => void }) {
  const { data } = useSuspenseQuery(claimListQuery(search));
  const waiting = OPEN_CLAIM_STATUSES.reduce((sum, status) => sum + (data.counts[status] ?? 0), 0);
  return (
    <>
      <PageHeading title="Warranty claims" description="The claim waiting longest is at the top. Open: submitted, or waiting for the customer's answer." />
      <StatusTabs
        label="Warranty claims by status"
        tabs={TABS.map((tab) => ({ ...tab, count: tab.value === 'open' ? waiting : (data.counts[tab.value] ?? 0) }))}
        current={search.status ?? 'open'}
        onChoose={(status) => onSearch({ status: status === 'open' ? undefined : status })}
      />
      <DataTable
        caption="Warranty claims"
        columns={[
          { key: 'reference', header: 'Claim', cell: (row) => <Link to="/warranty-claims/$id" params={{ id: String(row.id) }}>{row.reference}</Link> },
          { key: 'status', header: 'Status', cell: (row) => <ClaimStatusBadge status={row.status} label={row.status_label} /> },
          { key: 'customer', header: 'Customer', cell: (row) => row.customer },
          { key: 'part', header: 'Part (order)', cell: (row) => `${row.part_name} (${row.order_number})` },
          { key: 'reason', header: 'What is wrong', cell: (row) => row.reason },
          { key: 'updated', header: 'Last change', cell: (row) => formatDateTime(row.updated) },
        ]}
        rows={data.records}
        rowKey={(row) => row.id}
        empty="No warranty claims here."
      />
      <Paginator paginator={data.paginator} onPage={(page) => onSearch({ ...search, page })} label="Pages of warranty claims" />
    </>
  );
}
