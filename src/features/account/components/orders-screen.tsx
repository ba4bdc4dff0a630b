/**
 * 'My orders' and 'Abandoned carts' (SPEC §2, §4): order cards with the status badge, placed date,
 * number and amount to pay; 'Pay now' (to /payments/pay-now/{hash}) while the order can be paid,
 * else 'View Invoice' (downloads the PDF); each line with its image, name, warranty and value, and
 * its return's status or 'Request Return'. Sort control and paginator; 15 orders a page.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { OrderListOrder } from '../../../contract/orders';
import { formatMoney } from '../../../domain/money';
import { t } from '../../../domain/messages';
import { orderActionKey, returnStatus } from '../../../domain/orders';
import { withThumbSize } from '../../../domain/thumbs';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import RecentlyViewed from '../../../shared/offline/recently-viewed';
import { ProductImage } from '../../../shared/product/product-image';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { Paginator } from '../../../shared/ui/paginator';
import { useOrderList } from '../api/orders';
import type { OrderSearch } from '../order-search';
import { ORDER_SORT_CHOICES, orderListParams, searchForSortChoice } from '../order-sort';
import styles from './account.module.css';
import type { ReturnTarget } from './return-target';
import { StatusBadge } from './status-badge';
import { InvoiceButton } from '../../../shared/order/invoice-button';
import '../../../domain/messages-more';
import { boughtFor } from '../../../domain/garage-fit';

const ReturnModal = lazy(() => import('./return-modal'));

const placed = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });

interface OrdersScreenProps {
  abandoned: boolean;
  search: OrderSearch;
}


export function OrdersScreen({ abandoned, search }: OrdersScreenProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const params = orderListParams(search, abandoned);
  const orders = useOrderList(params, true);
  const [returning, setReturning] = useState<ReturnTarget | null>(null);
  const title = abandoned ? 'Abandoned carts' : 'My orders';

  const goTo = (next: OrderSearch) => {
    void navigate({ to: '/panel/$', params: { _splat: abandoned ? 'client/abandoned-carts' : 'client/orders' }, search: next as never });
    window.scrollTo({ top: 0 });
  };

  // SPEC §8: a list that failed to load is emptied, with no message of its own.
  const list = orders.isError ? [] : (orders.data?.orders ?? null);
  const paginator = orders.data?.paginator;

  return (
    <section aria-labelledby="orders-title">
      <div className={styles.screenHead}>
        <h1 id="orders-title">{title}</h1>
        <label className={styles.sortField}>
          <span>Sort by</span>
          <select
            value={`${params.sort}.${params.direction}`}
            disabled={!hydrated}
            onChange={(event) => goTo(searchForSortChoice(event.target.value))}
          >
            {ORDER_SORT_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {abandoned ? <p className={styles.intro}>{t('account.abandoned_intro')}</p> : null}
      {list === null ? (
        <p role="status">Loading your orders…</p>
      ) : list.length === 0 ? (
        <p className={styles.empty}>{t('orders.empty')}</p>
      ) : (
        <ul role="list" className={styles.cards} aria-busy={orders.isFetching}>
          {list.map((order) => (
            <OrderCard key={order.hash} order={order} onReturn={(line) => setReturning({ order, line })} />
          ))}
        </ul>
      )}
      {paginator ? (
        <Paginator page={paginator.page} pageCount={paginator.pageCount} label={`${title} pages`} onPageChange={(page) => goTo({ ...search, page })} />
      ) : null}
      {/* Issue 16: the parts this phone viewed, from its own store, so they open without signal too. */}
      {abandoned ? null : <RecentlyViewed />}
      {returning ? (
        <Suspense fallback={null}>
          <ReturnModal
            target={returning}
            onClose={() => setReturning(null)}
            onCreated={() => {
              setReturning(null);
              // SPEC §4: a new return reloads the orders at the current page.
              void orders.refetch();
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/** The vehicle the line was bought for and the fit the shop showed then (issue 17's snapshot). */
function BoughtFor({ vehicle }: { vehicle: NonNullable<OrderListOrder['order_products'][number]['vehicle']> }) {
  const said = boughtFor(vehicle);
  return (
    <p className={styles.muted}>
      {t('orders.bought_for', { vehicle: said.vehicle })}
      {said.fitShown ? (
        <>
          <br />
          {t('orders.fit_shown', { fit: said.fitShown })}
        </>
      ) : null}
    </p>
  );
}

function OrderCard({ order, onReturn }: { order: OrderListOrder; onReturn: (line: OrderListOrder['order_products'][number]) => void }) {
  const hydrated = useHydrated();
  const action = orderActionKey(order);
  const headingId = `order-${order.hash}`;
  return (
    <li className={styles.card}>
      <div className={styles.cardHead}>
        <dl className={styles.facts}>
          <div>
            <dt>Order number</dt>
            <dd id={headingId}>{order.number}</dd>
          </div>
          <div>
            <dt>Placed</dt>
            <dd>{placed.format(new Date(order.created))}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <StatusBadge name={order.order_status.name} colour={order.order_status.color_rgba} />
            </dd>
          </div>
          <div>
            <dt>To pay</dt>
            <dd>{formatMoney(order.to_pay)}</dd>
          </div>
          {order.shipment ? (
            <div>
              <dt>Tracking</dt>
              <dd>
                {order.shipment.carrier}: {order.shipment.tracking_number}
              </dd>
            </div>
          ) : null}
        </dl>
        {action === 'orders.pay_now' ? (
          <Link to="/payments/pay-now/$hash" params={{ hash: order.hash }} className={buttonClassName('accent')} aria-label={`Pay now for order ${order.number}`}>
            {t('orders.pay_now')}
          </Link>
        ) : action === 'orders.view_invoice' ? (
          <InvoiceButton hash={order.hash} label={t('orders.view_invoice')} accessibleName={`${t('orders.view_invoice')} for order ${order.number}`} />
        ) : null}
      </div>
      <ul role="list" className={styles.lines} aria-label={`Parts in order ${order.number}`}>
        {order.order_products.map((line) => {
          const status = line.return ? returnStatus(line.return.status) : null;
          return (
            <li key={line.id} className={styles.line}>
              <ProductImage src={withThumbSize(line.image, 'order')} alt="" width={255} height={300} className={styles.lineImage} />
              <div>
                <p className={styles.lineName}>{line.name}</p>
                <p className={styles.muted}>{line.warranty_name}</p>
                {line.vehicle ? <BoughtFor vehicle={line.vehicle} /> : null}
                <p>{formatMoney(line.gross_value)}</p>
              </div>
              <div className={styles.lineAction}>
                {status ? (
                  <StatusBadge name={status.label} colour={status.colour} />
                ) : line.has_return || order.pay_again ? null : (
                  <Button variant="secondary" disabled={!hydrated} onClick={() => onReturn(line)} aria-label={`${t('orders.request_return')}: ${line.name}`}>
                    {t('orders.request_return')}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </li>
  );
}
