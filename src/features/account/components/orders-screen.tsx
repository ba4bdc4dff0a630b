/**
 * 'My orders' and 'Abandoned carts' (SPEC §2, §4): order cards with the status badge, placed date,
 * number and amount to pay; 'Pay now' (to /payments/pay-now/{hash}) while the order can be paid,
 * else 'View Invoice' (downloads the PDF); each line with its image, name, warranty and value, and
 * its return's status or 'Request Return' (not on a line refunded in full), and on a delivered
 * order the line's review or 'Review this part' (issue 32), and on a paid line with a warranty its
 * warranty claims and 'Make a warranty claim' while the warranty is in force and no claim of the
 * line is open or settled it (issue 32). Sort control and paginator; 15 orders a page.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import type { OrderListOrder } from '../../../contract/orders';
import type { MemberReview } from '../../../contract/reviews';
import { formatMoney } from '../../../domain/money';
import { t } from '../../../domain/messages';
import { isRefundedInFull, ORDER_STATUS, offersReturn, orderActionKey, returnStatus } from '../../../domain/orders';
import { withThumbSize } from '../../../domain/thumbs';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { useOnlineStatus } from '../../../shared/hooks/use-online-status';
import RecentlyViewed from '../../../shared/offline/recently-viewed';
import { ProductImage } from '../../../shared/product/product-image';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { Paginator } from '../../../shared/ui/paginator';
import { useOrderList } from '../api/orders';
import { useKeepReturnReasons } from '../api/returns';
import { useMyReviews } from '../api/reviews';
import { useMyClaims } from '../api/warranty-claims';
import { ClaimPanel } from './claim-panel';
import type { WarrantyClaim } from '../../../contract/warranty-claims';
import type { OrderSearch } from '../order-search';
import { ORDER_SORT_CHOICES, orderListParams, searchForSortChoice } from '../order-sort';
import styles from './account.module.css';
import type { ReturnTarget } from './return-target';
import { ReviewPanel } from './review-panel';
import { StatusBadge } from './status-badge';
import { InvoiceButton } from '../../../shared/order/invoice-button';
import { CertificateLink } from '../../../shared/order/certificate-link';
import '../../../domain/messages-more';
import { boughtFor } from '../../../domain/garage-fit';
import { lazyWhenOnline } from '../../../shared/lazy-when-online';

const ReturnModal = lazyWhenOnline(() => import('./return-modal'));
const ClaimModal = lazyWhenOnline(() => import('./claim-modal'));

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
  const [claiming, setClaiming] = useState<ReturnTarget | null>(null);
  const title = abandoned ? 'Abandoned carts' : 'My orders';

  const goTo = (next: OrderSearch) => {
    void navigate({ to: '/panel/$', params: { _splat: abandoned ? 'client/abandoned-carts' : 'client/orders' }, search: next as never });
    window.scrollTo({ top: 0 });
  };

  const online = useOnlineStatus();
  // SPEC §8: a list that failed to load is emptied, with no message of its own. Without signal the
  // orders this phone kept are shown (a return can be started and queued from them), and with
  // nothing kept the screen says what it needs instead of 'no orders yet' (issue 28).
  const kept = online ? undefined : orders.data?.orders;
  const list = kept ?? (orders.isError ? [] : (orders.data?.orders ?? null));
  const needsSignal = !online && !kept;
  // A line that could be returned: its return may be started later without signal.
  useKeepReturnReasons(Boolean(list?.some((order) => order.order_products.some((line) => offersReturn(order, line)))));
  const paginator = orders.data?.paginator;
  // Reviews are offered on delivered orders only: the member's reviews are asked for when one is shown.
  const reviews = useMyReviews(Boolean(list?.some((order) => order.order_status_id === ORDER_STATUS.DELIVERED)));
  const reviewByLine = new Map((reviews.data ?? []).map((review) => [review.order_product_id, review]));
  // Warranty claims are offered on paid orders: the member's claims are asked for when one is shown (newest first, per line).
  const claims = useMyClaims(Boolean(list?.some((order) => orderActionKey(order) === 'orders.view_invoice')));
  const claimsByLine = new Map<number, WarrantyClaim[]>();
  for (const claim of claims.data ?? []) claimsByLine.set(claim.line_id, [...(claimsByLine.get(claim.line_id) ?? []), claim]);

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
      {needsSignal ? (
        <p className={styles.empty} role="status">
          {t('orders.needs_signal')}
        </p>
      ) : list === null ? (
        <p role="status">Loading your orders…</p>
      ) : list.length === 0 ? (
        <p className={styles.empty}>{t('orders.empty')}</p>
      ) : (
        <ul role="list" className={styles.cards} aria-busy={orders.isFetching}>
          {list.map((order) => (
            <OrderCard
              key={order.hash}
              order={order}
              onReturn={(line) => setReturning({ order, line })}
              onClaim={(line) => setClaiming({ order, line })}
              reviews={reviews.isSuccess ? reviewByLine : null}
              claims={claims.isSuccess ? claimsByLine : null}
            />
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
      {claiming ? (
        <Suspense fallback={null}>
          <ClaimModal target={claiming} onClose={() => setClaiming(null)} />
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

interface OrderCardProps {
  order: OrderListOrder;
  onReturn: (line: OrderListOrder['order_products'][number]) => void;
  onClaim: (line: OrderListOrder['order_products'][number]) => void;
  /** The member's reviews by order line; null until read. */
  reviews: ReadonlyMap<number, MemberReview> | null;
  /** The warranty claims of each order line, newest first; null until read. */
  claims: ReadonlyMap<number, readonly WarrantyClaim[]> | null;
}

function OrderCard({ order, onReturn, onClaim, reviews, claims }: OrderCardProps) {
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
                {action === 'orders.view_invoice' && line.warranty_name ? <CertificateLink hash={order.hash} line={line} /> : null}
              </div>
              <div className={styles.lineAction}>
                {status ? (
                  <StatusBadge name={status.label} colour={status.colour} />
                ) : offersReturn(order, line) ? (
                  <Button variant="secondary" disabled={!hydrated} onClick={() => onReturn(line)} aria-label={`${t('orders.request_return')}: ${line.name}`}>
                    {t('orders.request_return')}
                  </Button>
                ) : isRefundedInFull(line) ? (
                  <p className={styles.muted}>{t('orders.line_refunded')}</p>
                ) : null}
              </div>
              {action === 'orders.view_invoice' && line.warranty_name && claims ? (
                <div className={styles.lineReview}>
                  <ClaimPanel claims={claims.get(line.id) ?? []} warranty={order.order_status_id === ORDER_STATUS.REFUNDED ? undefined : line.warranty} lineName={line.name} onClaim={() => onClaim(line)} />
                </div>
              ) : null}
              {order.order_status_id === ORDER_STATUS.DELIVERED && reviews ? (
                <div className={styles.lineReview}>
                  <ReviewPanel lineId={line.id} lineName={line.name} review={reviews.get(line.id)} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </li>
  );
}
