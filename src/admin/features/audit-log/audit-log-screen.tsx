/**
 * The audit log (owner): every change made by staff, newest first, 20 a page, filtered by who made
 * it and by what it changed; each entry's before and after shown as the fields that changed.
 */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { adminAuditLog } from '../../../contract/admin';
import type { CallResponse } from '../../../contract/define';
import { DataTable, FilterBar, formatDateTime, Paginator, PageHeading, SelectField, TextField } from '../../ui';
import { type AuditLogSearch, auditLogQuery, staffChoicesQuery } from './api';
import { auditDiff } from './diff';

type Entry = CallResponse<typeof adminAuditLog>['records'][number];

function Change({ entry }: { entry: Entry }) {
  const lines = auditDiff(entry.before, entry.after);
  if (lines.length === 0) return <span>—</span>;
  return (
    <ul className="bo-diff">
      {lines.map((line) => (
        <li key={line.field}>
          <strong>{line.field}</strong>:{' '}
          {line.before !== undefined ? (
            <del>
              <span className="bo-visually-hidden">was </span>
              {line.before}
            </del>
          ) : null}
          {line.before !== undefined && line.after !== undefined ? ' → ' : null}
          {line.after !== undefined ? (
            <ins>
              <span className="bo-visually-hidden">now </span>
              {line.after}
            </ins>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function AuditLogScreen({ search, onSearch }: { search: AuditLogSearch; onSearch: (search: AuditLogSearch) => void }) {
  const { data } = useSuspenseQuery(auditLogQuery(search));
  // Who can be chosen: every staff account (the owner reads both lists).
  const staff = useQuery(staffChoicesQuery());
  const staffOptions = [{ value: '', label: 'Anyone' }, ...(staff.data?.records ?? []).map((record) => ({ value: String(record.id), label: `${record.name} (${record.email})` }))];
  return (
    <>
      <PageHeading title="Audit log" description="Every change made in the back office: who, what, before and after, when. Nobody can edit it." />
      <FilterBar
        label="Filter the audit log"
        onApply={(form) => {
          const staffId = Number(form.get('staff_id'));
          const entity = String(form.get('entity') ?? '').trim();
          onSearch({ staff_id: staffId >= 1 ? staffId : undefined, entity: entity || undefined, page: undefined });
        }}
        onClear={search.staff_id || search.entity ? () => onSearch({}) : undefined}
      >
        <SelectField key={`staff-${search.staff_id ?? ''}`} label="Made by" name="staff_id" defaultValue={search.staff_id ? String(search.staff_id) : ''} options={staffOptions} />
        <TextField key={`entity-${search.entity ?? ''}`} label="What was changed" name="entity" defaultValue={search.entity ?? ''} hint="For example staff, order, part." />
      </FilterBar>
      <DataTable
        caption="Audit log entries"
        rows={data.records}
        rowKey={(entry) => entry.id}
        empty="No entries match."
        columns={[
          { key: 'at', header: 'When', cell: (entry) => formatDateTime(entry.at) },
          { key: 'who', header: 'Who', cell: (entry) => entry.staff_name ?? 'Command line' },
          { key: 'action', header: 'Action', cell: (entry) => entry.action },
          { key: 'entity', header: 'Record', cell: (entry) => `${entry.entity}${entry.entity_id ? ` #${entry.entity_id}` : ''}` },
          { key: 'change', header: 'Change', cell: (entry) => <Change entry={entry} /> },
        ]}
      />
      <Paginator paginator={data.paginator} onPage={(page) => onSearch({ ...search, page })} label="Audit log pages" />
    </>
  );
}
