/** /admin/customers/$id: a customer's details, addresses, orders, returns, part requests and garage (no secret is ever sent). */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Customer } from '../../../contract/admin-customers';
import { type Column, DataTable, formatDateTime, formatMoney, PageHeading, StatusBadge } from '../../ui';
import { customerQuery } from './api';
import styles from './customers.module.css';

type Order = Customer['orders'][number];
type Return = Customer['returns'][number];
type PartRequest = Customer['part_requests'][number];

const RETURN_WORDS: Record<string, string> = {
  AWAITING_REVIEW: 'Awaiting review',
  APROVED: 'Approved',
  IN_TRANSIT: 'In transit',
  DELIVERED: 'Delivered',
  REFUNDED: 'Refunded',
  REJECTED: 'Rejected',
};

/** A status badge in the status's own colour is not needed here: the words say it; the tone follows them. */
const toneOf = (name: string) => (/paid|found|refunded|delivered|approved/i.test(name) ? 'success' : /not|reject|cancel/i.test(name) ? 'neutral' : 'info') as 'success' | 'neutral' | 'info';

export function CustomerScreen({ id }: { id: number }) {
  const { data } = useSuspenseQuery(customerQuery(id));
  const { customer } = data;
  const name = `${customer.first_name} ${customer.last_name}`.trim() || customer.email;
  const orderColumns: Column<Order>[] = [
    { key: 'number', header: 'Order', cell: (order) => order.number },
    { key: 'created', header: 'Placed', cell: (order) => formatDateTime(order.created) },
    { key: 'lines', header: 'Parts', align: 'end', cell: (order) => order.lines },
    { key: 'total', header: 'Total', align: 'end', cell: (order) => formatMoney(order.total_value) },
    { key: 'status', header: 'Status', cell: (order) => <StatusBadge tone={toneOf(order.status.name)}>{order.status.name}</StatusBadge> },
  ];
  const returnColumns: Column<Return>[] = [
    { key: 'order', header: 'Order', cell: (row) => row.order_number },
    { key: 'part', header: 'Part', cell: (row) => row.part },
    { key: 'created', header: 'Asked', cell: (row) => formatDateTime(row.created) },
    { key: 'status', header: 'Status', cell: (row) => <StatusBadge tone={toneOf(RETURN_WORDS[row.status] ?? row.status)}>{RETURN_WORDS[row.status] ?? row.status}</StatusBadge> },
  ];
  const requestColumns: Column<PartRequest>[] = [
    { key: 'reg', header: 'Registration', cell: (row) => row.car_reg },
    { key: 'part', header: 'Part', cell: (row) => row.part_name },
    { key: 'created', header: 'Asked', cell: (row) => formatDateTime(row.created) },
    { key: 'status', header: 'Status', cell: (row) => <StatusBadge tone={toneOf(row.status.name)}>{row.status.name}</StatusBadge> },
    { key: 'found', header: 'Found part', cell: (row) => row.found_part_tag ?? '—' },
  ];
  return (
    <>
      <PageHeading title={name} description={customer.is_guest ? 'A guest: an account for one checkout.' : `A ${customer.type === 'COMPANY' ? 'company' : 'private'} member since ${formatDateTime(customer.created_at)}.`} actions={<Link to="/customers">Back to customers</Link>} />
      <div className={styles.columns}>
        <section className={styles.section} aria-labelledby="customer-details">
          <h2 id="customer-details">Details</h2>
          <dl className={styles.facts}>
            <dt>E-mail</dt>
            <dd>{customer.email}</dd>
            <dt>Last signed in</dt>
            <dd>{formatDateTime(customer.last_login_at)}</dd>
            <dt>Newsletter</dt>
            <dd>{customer.newsletter ? 'Yes' : 'No'}</dd>
            {customer.profile.company_name ? (
              <>
                <dt>Company</dt>
                <dd>
                  {customer.profile.company_name}
                  {customer.profile.vat_no ? ` (VAT ${customer.profile.vat_no})` : ''}
                </dd>
              </>
            ) : null}
            {[
              ['Mobile', customer.profile.mobile],
              ['Phone', customer.profile.phone],
              ['Work', customer.profile.work],
            ]
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label} className={styles.pair}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
        </section>
        <section className={styles.section} aria-labelledby="customer-addresses">
          <h2 id="customer-addresses">Addresses ({customer.addresses.length})</h2>
          {customer.addresses.length === 0 ? <p>None.</p> : null}
          <ul className={styles.addresses}>
            {customer.addresses.map((address) => (
              <li key={address.id}>
                <address>
                  {[address.name, address.company_name, ...address.lines, address.postcode, address.phone].filter(Boolean).map((line, index) => (
                    <span key={index}>
                      {line}
                      <br />
                    </span>
                  ))}
                </address>
                <span className={styles.muted}>{address.address_type === 'BOTH' ? 'Billing and delivery' : address.address_type === 'BILLING' ? 'Billing' : 'Delivery'}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <section className={styles.section} aria-labelledby="customer-orders">
        <h2 id="customer-orders">Orders ({customer.orders.length})</h2>
        <DataTable caption={`Orders of ${name}`} columns={orderColumns} rows={customer.orders} rowKey={(order) => order.id} empty="No orders." />
      </section>
      <section className={styles.section} aria-labelledby="customer-returns">
        <h2 id="customer-returns">Returns ({customer.returns.length})</h2>
        <DataTable caption={`Returns of ${name}`} columns={returnColumns} rows={customer.returns} rowKey={(row) => row.id} empty="No returns." />
      </section>
      <section className={styles.section} aria-labelledby="customer-requests">
        <h2 id="customer-requests">Part requests ({customer.part_requests.length})</h2>
        <DataTable caption={`Part requests of ${name}`} columns={requestColumns} rows={customer.part_requests} rowKey={(row) => row.id} empty="No part requests." />
      </section>
      <section className={styles.section} aria-labelledby="customer-garage">
        <h2 id="customer-garage">Garage ({customer.garage.length})</h2>
        {customer.garage.length === 0 ? <p>No vehicles.</p> : null}
        <ul>
          {customer.garage.map((vehicle) => (
            <li key={vehicle.id}>
              {vehicle.vrn ? `${vehicle.vrn}: ` : ''}
              {vehicle.vehicle}
              {vehicle.is_current ? ' (current)' : ''}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
