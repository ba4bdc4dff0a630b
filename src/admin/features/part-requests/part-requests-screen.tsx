/** /admin/part-requests: the queue of part requests, the oldest open one first. */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type BadgeTone, DataTable, FilterBar, formatDateTime, PageHeading, Paginator, StatusBadge, StatusTabs, TextField } from '../../ui';
import { type PartRequestListSearch, partRequestListQuery } from './api';

export const REQUEST_TONES: Record<string, BadgeTone> = { new: 'warning', searching: 'info', found: 'success', not_found: 'neutral' };
const TABS = [
  { value: undefined, label: 'Open' },
  { value: 'new', label: 'New' },
  { value: 'searching', label: 'Searching' },
  { value: 'found', label: 'Found' },
  { value: 'not_found', label: 'Not found' },
] as const;

export function PartRequestsScreen({ search, onSearch }: { search: PartRequestListSearch; onSearch: (next: PartRequestListSearch) => void }) {
  const { data } = useSuspenseQuery(partRequestListQuery(search));
  const count = (value: string | undefined) => (value === undefined ? (data.counts.new ?? 0) + (data.counts.searching ?? 0) : (data.counts[value] ?? 0));
  return (
    <>
      <PageHeading title="Part requests" description="Customers asking for a part we did not list: find it, or tell them." />
      <StatusTabs label="Part requests by status" tabs={TABS.map((tab) => ({ ...tab, count: count(tab.value) }))} current={search.status} onChoose={(status) => onSearch({ status, q: search.q })} />
      <FilterBar
        label="Find part requests"
        onApply={(form) => {
          const q = form.get('q');
          onSearch({ status: search.status, q: typeof q === 'string' && q.trim() !== '' ? q.trim() : undefined });
        }}
        onClear={() => onSearch({ status: search.status })}
      >
        <TextField label="Search" name="q" type="search" defaultValue={search.q ?? ''} hint="Registration, e-mail, name or the part asked for" />
      </FilterBar>
      <DataTable
        caption="Part requests"
        columns={[
          {
            key: 'id',
            header: 'Request',
            cell: (row) => (
              <Link to="/part-requests/$id" params={{ id: String(row.id) }}>
                {row.part_name} for {row.car_reg}
              </Link>
            ),
          },
          { key: 'status', header: 'Status', cell: (row) => <StatusBadge tone={REQUEST_TONES[row.status.code] ?? 'neutral'}>{row.status.name}</StatusBadge> },
          { key: 'who', header: 'Customer', cell: (row) => `${row.name} (${row.email})` },
          { key: 'created', header: 'Asked', cell: (row) => formatDateTime(row.created) },
        ]}
        rows={data.records}
        rowKey={(row) => row.id}
        empty="No part requests here."
      />
      <Paginator paginator={data.paginator} onPage={(page) => onSearch({ ...search, page })} label="Pages of part requests" />
    </>
  );
}
