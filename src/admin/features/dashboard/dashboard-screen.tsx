/**
 * The dashboard: what needs attention now, each block only for a role that may see its area
 * (the server leaves the others out of the answer).
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useStaff } from '../../session';
import { DataTable, formatDateTime, formatMoney, Notice, PageHeading } from '../../ui';
import { dashboardQuery } from './api';

function Stat({ label, value, link }: { label: string; value: ReactNode; link?: ReactNode }) {
  return (
    <section className="bo-stat" aria-label={label}>
      <h2 className="bo-stat__label">{label}</h2>
      <p className="bo-stat__value">{value}</p>
      {link}
    </section>
  );
}

export function DashboardScreen() {
  const staff = useStaff();
  const router = useRouter();
  const { data } = useSuspenseQuery(dashboardQuery());
  // A link to an area's screen once that screen exists in the back office.
  const areaLink = (path: string, text: string) => (path in router.routesByPath ? <Link to={path as '/'}>{text}</Link> : null);
  const nothing = !data.today_orders && !data.holds_ending && data.open_returns === undefined && data.open_part_requests === undefined;
  return (
    <>
      <PageHeading title="Dashboard" description={`Signed in as ${staff.name}.`} />
      {nothing ? <Notice>Your areas are in the menu.</Notice> : null}
      <div className="bo-stats">
        {data.today_orders ? <Stat label="Today's orders" value={`${data.today_orders.count} · ${formatMoney(data.today_orders.total)}`} link={areaLink('/orders', 'Orders')} /> : null}
        {data.open_returns !== undefined ? <Stat label="Open returns" value={data.open_returns} link={areaLink('/returns', 'Returns')} /> : null}
        {data.open_part_requests !== undefined ? <Stat label="Open part requests" value={data.open_part_requests} link={areaLink('/part-requests', 'Part requests')} /> : null}
      </div>
      {data.holds_ending ? (
        <section className="bo-section" aria-labelledby="holds-ending">
          <h2 id="holds-ending">Unpaid orders whose hold ends within {data.holds_ending.within_minutes} minutes</h2>
          <DataTable
            caption="Unpaid orders whose hold ends soon"
            rows={data.holds_ending.orders}
            rowKey={(order) => order.id}
            empty="No hold ends in the next half hour."
            columns={[
              { key: 'number', header: 'Order', cell: (order) => order.number },
              { key: 'email', header: 'Customer email', cell: (order) => order.email },
              { key: 'to_pay', header: 'To pay', align: 'end', cell: (order) => formatMoney(order.to_pay) },
              { key: 'hold', header: 'Hold ends', cell: (order) => formatDateTime(order.hold_expires_at) },
            ]}
          />
        </section>
      ) : null}
    </>
  );
}
