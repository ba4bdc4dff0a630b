/**
 * /order-paid?hash=… (SPEC §2 storefront path order-paid): where a payment ends. The order's
 * number, its status badge (Paid once the payment is recorded), the amount, what happens next and
 * the invoice. Read from GET /orders/created/{hash}, its owner only. An order whose payment has
 * not been recorded yet (a provider still confirming) says so and offers the pay-now page.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { t } from '../../../domain/messages';
import { ORDER_STATUS } from '../../../domain/orders';
import { analyticsItem, poundsFromPence, pushEcommerceEvent } from '../../../shared/analytics';
import type { CreatedOrder } from '../../../contract/checkout';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { Breadcrumbs } from '../../../shared/ui/breadcrumbs';
import { buttonClassName } from '../../../shared/ui/button';
import { paymentOrderQueryOptions } from '../api/payment-queries';
import { InvoiceButton } from '../../../shared/order/invoice-button';
import { OrderLines } from './order-lines';
import styles from './payment-pages.module.css';
import '../../../domain/messages-more';
import { OrderFacts } from '../../../shared/order/order-facts';


export function OrderPaidPage({ hash }: { hash: string }) {
  const { data: order } = useSuspenseQuery(paymentOrderQueryOptions(hash));
  const isPaid = order.order_status_id === ORDER_STATUS.PAID;
  useDocumentTitle(isPaid ? `Order ${order.number} paid` : `Order ${order.number}`);
  usePurchaseEvent(isPaid ? order : null);
  return (
    <div className={styles.page}>
      <Breadcrumbs crumbs={[{ label: `Order ${order.number}` }]} />
      <section className={isPaid ? styles.hero : styles.heroPending} aria-labelledby="order-paid-title">
        <span className={styles.tick} aria-hidden="true">
          {isPaid ? '✓' : '…'}
        </span>
        <h1 id="order-paid-title" className={styles.title}>
          {isPaid ? `Thank you. Your order ${order.number} is paid.` : `Your order ${order.number} is waiting for its payment.`}
        </h1>
        <OrderFacts order={order} amountLabel={isPaid ? 'Amount paid' : 'To pay'} />
        {isPaid ? (
          <p>
            We have sent the confirmation to <strong>{order.email}</strong>.
          </p>
        ) : (
          <p>If you have just paid, your bank or PayPal may still be confirming it: this page shows it as paid once they have.</p>
        )}
        <div className={styles.actions}>
          {isPaid ? (
            <InvoiceButton hash={order.hash} variant="primary" />
          ) : order.pay_again ? (
            <Link to="/payments/pay-now/$hash" params={{ hash: order.hash }} className={buttonClassName('primary')}>
              Pay now
            </Link>
          ) : null}
          <Link to="/" className={buttonClassName('secondary')}>
            Continue shopping
          </Link>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="paid-next-title">
        <h2 id="paid-next-title" className={styles.sectionTitle}>
          What happens next
        </h2>
        <ol className={styles.steps}>
          <li>{t('order_paid.next_check')}</li>
          <li>{t('order_paid.next_returns')}</li>
        </ol>
      </section>

      <section className={styles.section} aria-labelledby="paid-items-title">
        <h2 id="paid-items-title" className={styles.sectionTitle}>
          Parts
        </h2>
        <OrderLines lines={order.order_products} certificatesOf={isPaid ? order.hash : null} />
        <p className={styles.total}>
          Delivery: {order.delivery_name} to {order.region_name}
        </p>
      </section>
    </div>
  );
}

/**
 * SPEC §7 analytics: purchase once the order is paid, with the order's number as GA4's
 * transaction_id (GA4 counts one purchase per id, so a reload of this page is not a second sale).
 */
function usePurchaseEvent(order: CreatedOrder | null) {
  const number = order?.number;
  useEffect(() => {
    if (!order) return;
    pushEcommerceEvent({
      event: 'purchase',
      ecommerce: {
        transaction_id: order.number,
        currency: 'GBP',
        value: poundsFromPence(order.total_value),
        shipping: poundsFromPence(order.delivery_value),
        items: order.order_products.map(analyticsItem),
      },
    });
    // One event per paid order: a refetch of the same order is not another purchase.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [number]);
}
