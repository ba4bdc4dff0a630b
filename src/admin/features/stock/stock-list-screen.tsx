/** /admin/stock: parts, newest first; search by Tag, stock number or OEM number; filters; pages. */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { StockPartSummary } from '../../../contract/admin-stock';
import { useCan } from '../../session';
import { buttonClass, type Column, DataTable, FilterBar, formatDateTime, formatMoney, PageHeading, Paginator, SelectField, StatusBadge, TextField } from '../../ui';
import { type StockListQuery, stockListQuery, stockReferenceQuery } from './api';
import styles from './stock.module.css';
import { PART_STATUS } from './status';

const STATUS_OPTIONS = [{ value: '', label: 'Any status' }, ...Object.entries(PART_STATUS).map(([value, { label }]) => ({ value, label }))];

export function StockListScreen({ search }: { search: StockListQuery }) {
  const { data } = useSuspenseQuery(stockListQuery(search));
  const { data: reference } = useSuspenseQuery(stockReferenceQuery());
  const navigate = useNavigate();
  const can = useCan();
  const go = (next: StockListQuery) => void navigate({ to: '/stock', search: next });

  const columns: Column<StockPartSummary>[] = [
    {
      key: 'photo',
      header: 'Photo',
      cell: (part) => (part.image ? <img src={part.image} alt="" width={80} height={60} className={styles.thumb} loading="lazy" /> : <span className={styles.noPhoto}>No photo</span>),
    },
    {
      key: 'tag',
      header: 'Tag',
      cell: (part) => (
        <>
          <Link to="/stock/$id" params={{ id: String(part.id) }}>
            {part.tag}
          </Link>
          <br />
          <span className={[styles.muted, styles.nowrap].join(' ')}>{part.stock_number}</span>
        </>
      ),
    },
    {
      key: 'part',
      header: 'Part',
      cell: (part) => (
        <>
          {part.part_type}
          <br />
          <span className={styles.muted}>{`${part.make} ${part.model}, ${part.year}`}</span>
        </>
      ),
    },
    { key: 'oem', header: 'OEM', cell: (part) => part.oem },
    { key: 'grade', header: 'Grade', cell: (part) => part.grade },
    { key: 'price', header: 'Price (net)', align: 'end', cell: (part) => formatMoney(part.price_net) },
    { key: 'status', header: 'Status', cell: (part) => <StatusBadge tone={PART_STATUS[part.status].tone}>{PART_STATUS[part.status].label}</StatusBadge> },
    { key: 'updated', header: 'Changed', cell: (part) => formatDateTime(part.updated_at) },
  ];

  return (
    <>
      <PageHeading
        title="Stock"
        description="Every part of the yard: find one by its Tag, stock number or OEM number."
        actions={
          can('stock.manage') ? (
            <>
              <Link to="/stock/import" className={buttonClass('secondary')}>
                Import CSV
              </Link>
              <Link to="/stock/new" className={buttonClass('primary')}>
                Add a part
              </Link>
            </>
          ) : null
        }
      />
      <FilterBar
        label="Find parts"
        onApply={(form) => {
          const text = (key: string) => String(form.get(key) ?? '').trim() || undefined;
          const id = (key: string) => Number(form.get(key)) || undefined;
          go({ q: text('q'), status: text('status') as StockListQuery['status'], part_type_id: id('part_type_id'), make_id: id('make_id'), page: 1 });
        }}
        onClear={() => go({ page: 1 })}
      >
        <TextField label="Tag, stock or OEM number" name="q" defaultValue={search.q ?? ''} key={`q-${search.q ?? ''}`} />
        <SelectField label="Status" name="status" options={STATUS_OPTIONS} defaultValue={search.status ?? ''} key={`s-${search.status ?? ''}`} />
        <SelectField
          label="Part type"
          name="part_type_id"
          options={[{ value: '', label: 'Any part type' }, ...reference.part_types.map((type) => ({ value: String(type.id), label: type.name }))]}
          defaultValue={String(search.part_type_id ?? '')}
          key={`t-${search.part_type_id ?? ''}`}
        />
        <SelectField
          label="Make"
          name="make_id"
          options={[{ value: '', label: 'Any make' }, ...reference.makes.map((make) => ({ value: String(make.id), label: make.name }))]}
          defaultValue={String(search.make_id ?? '')}
          key={`m-${search.make_id ?? ''}`}
        />
      </FilterBar>
      <DataTable caption="Parts" columns={columns} rows={data.records} rowKey={(part) => part.id} empty="No part matches." />
      <Paginator paginator={data.paginator} onPage={(page) => go({ ...search, page })} label="Pages of parts" />
    </>
  );
}
