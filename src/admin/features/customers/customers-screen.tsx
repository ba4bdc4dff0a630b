/** /admin/customers: members and guests, found by name, e-mail, postcode or order number. */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { CustomerSummary } from '../../../contract/admin-customers';
import { type Column, DataTable, FilterBar, formatDateTime, PageHeading, Paginator, StatusBadge, TextField } from '../../ui';
import { type CustomerListQuery, customerListQuery } from './api';

export function CustomersScreen({ search }: { search: CustomerListQuery }) {
  const { data } = useSuspenseQuery(customerListQuery(search));
  const navigate = useNavigate();
  const go = (next: CustomerListQuery) => void navigate({ to: '/customers', search: next });
  const columns: Column<CustomerSummary>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (customer) => (
        <Link to="/customers/$id" params={{ id: String(customer.id) }}>
          {`${customer.first_name} ${customer.last_name}`.trim() || customer.email}
        </Link>
      ),
    },
    { key: 'email', header: 'E-mail', cell: (customer) => customer.email },
    { key: 'kind', header: 'Account', cell: (customer) => <StatusBadge tone={customer.is_guest ? 'neutral' : 'info'}>{customer.is_guest ? 'Guest' : customer.type === 'COMPANY' ? 'Company' : 'Member'}</StatusBadge> },
    { key: 'postcode', header: 'Postcode', cell: (customer) => customer.postcode || '—' },
    { key: 'orders', header: 'Orders', align: 'end', cell: (customer) => customer.orders },
    { key: 'created', header: 'Since', cell: (customer) => formatDateTime(customer.created_at) },
  ];
  return (
    <>
      <PageHeading title="Customers" description="Find a customer by name, e-mail, postcode or order number." />
      <FilterBar label="Find customers" onApply={(form) => go({ q: String(form.get('q') ?? '').trim() || undefined, page: 1 })} onClear={() => go({ page: 1 })}>
        <TextField label="Name, e-mail, postcode or order number" name="q" defaultValue={search.q ?? ''} key={search.q ?? ''} />
      </FilterBar>
      <DataTable caption="Customers" columns={columns} rows={data.records} rowKey={(customer) => customer.id} empty="No customer matches." />
      <Paginator paginator={data.paginator} onPage={(page) => go({ ...search, page })} label="Pages of customers" />
    </>
  );
}
