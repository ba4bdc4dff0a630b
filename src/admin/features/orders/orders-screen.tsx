/**
 * /admin/orders: every order, found by number, e-mail, name, postcode or a part's Tag or stock
 * number, filtered by status, payment method and date, sorted and paged; the URL holds it all.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AdminOrderRow } from '../../../contract/admin-sales';
import { ORDER_STATUS, orderStatusDisplay } from '../../../domain/orders';
import { type Column, DataTable, FilterBar, formatDateTime, formatMoney, PageHeading, Paginator, SelectField, TextField } from '../../ui';
import { type OrderListSearch, orderListQuery } from './api';
import { OrderStatus, PAYMENT_LABELS } from './order-status';

const STATUS_OPTIONS = [{ value: '', label: 'Any status' }, ...Object.values(ORDER_STATUS).map((id) => ({ value: String(id), label: orderStatusDisplay(id).name }))];
const PAYMENT_OPTIONS = [{ value: '', label: 'Any payment' }, ...Object.entries(PAYMENT_LABELS).map(([value, label]) => ({ value, label })), { value: 'none', label: 'Not paid' }];
const SORT_KEYS: Record<string, OrderListSearch['sort']> = { created: 'created', number: 'number', total: 'total' };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

export function OrdersScreen({ search, onSearch }: { search: OrderListSearch; onSearch: (next: OrderListSearch) => void }) {
  const { data } = useSuspenseQuery(orderListQuery(search));
  const columns: Column<AdminOrderRow>[] = [
    {
      key: 'number',
      header: 'Order',
      sortable: true,
      cell: (order) => (
        <Link to="/orders/$number" params={{ number: order.number }}>
          {order.number}
        </Link>
      ),
    },
    { key: 'created', header: 'Placed', sortable: true, cell: (order) => formatDateTime(order.created) },
    { key: 'customer', header: 'Customer', cell: (order) => (
        <>
          {order.customer || '—'}
          <br />
          <small>{order.email}</small>
        </>
      ) },
    { key: 'postcode', header: 'Postcode', cell: (order) => order.postcode },
    { key: 'status', header: 'Status', cell: (order) => <OrderStatus id={order.status.id} name={order.status.name} /> },
    { key: 'payment', header: 'Payment', cell: (order) => (order.payment_method ? (PAYMENT_LABELS[order.payment_method] ?? order.payment_method) : '—') },
    { key: 'total', header: 'Total', sortable: true, align: 'end', cell: (order) => formatMoney(order.total) },
  ];
  const sort = { key: search.sort ?? 'created', direction: (search.direction ?? 'DESC') === 'ASC' ? ('asc' as const) : ('desc' as const) };

  return (
    <>
      <PageHeading title="Orders" description={`${data.paginator.count} ${data.paginator.count === 1 ? 'order' : 'orders'}`} />
      <FilterBar
        label="Find orders"
        onApply={(form) => {
          const status = text(form, 'status');
          onSearch({
            ...search,
            q: text(form, 'q'),
            status: status ? Number(status) : undefined,
            payment: text(form, 'payment') as OrderListSearch['payment'],
            from: text(form, 'from'),
            to: text(form, 'to'),
            page: undefined,
          });
        }}
        onClear={() => onSearch({})}
      >
        <TextField label="Search" name="q" type="search" defaultValue={search.q ?? ''} hint="Number, e-mail, name, postcode or a part's Tag" />
        <SelectField label="Status" name="status" options={STATUS_OPTIONS} defaultValue={search.status ? String(search.status) : ''} />
        <SelectField label="Payment" name="payment" options={PAYMENT_OPTIONS} defaultValue={search.payment ?? ''} />
        <TextField label="From" name="from" type="date" defaultValue={search.from ?? ''} />
        <TextField label="To" name="to" type="date" defaultValue={search.to ?? ''} />
      </FilterBar>
      <DataTable
        caption="Orders"
        columns={columns}
        rows={data.records}
        rowKey={(order) => order.number}
        sort={sort}
        onSort={(next) => onSearch({ ...search, sort: SORT_KEYS[next.key], direction: next.direction === 'asc' ? 'ASC' : 'DESC', page: undefined })}
        empty="No orders match."
      />
      <Paginator paginator={data.paginator} onPage={(page) => onSearch({ ...search, page })} label="Pages of orders" />
    </>
  );
}
