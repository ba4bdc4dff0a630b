/**
 * /payments/pay-now/{hash} (SPEC §2 storefront path payments/pay-now/{id}): any unpaid order of
 * the visitor's, with its parts, the amount and the payment panel, from the order e-mail, the
 * account's 'Pay now' or after a refused card. A paid order says so and points to /order-paid and
 * its invoice.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatMoney } from '../../../domain/money';
import { t } from '../../../domain/messages';
import { ORDER_STATUS } from '../../../domain/orders';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { Breadcrumbs } from '../../../shared/ui/breadcrumbs';
import { buttonClassName } from '../../../shared/ui/button';
import { paymentOrderQueryOptions } from '../api/payment-queries';
import { InvoiceButton } from '../../../shared/order/invoice-button';
import { PaymentPanel } from './payment-panel';
import { OrderLines } from './order-lines';
import styles from './payment-pages.module.css';
import '../../../domain/messages-more';

export function PayNowPage({ hash, returnedIntent }: { hash: string; returnedIntent?: string | undefined }) {
  const { data: order } = useSuspenseQuery(paymentOrderQueryOptions(hash));
  const payable = order.pay_again && order.order_status_id === ORDER_STATUS.NOT_PAID;
  useDocumentTitle(payable ? `Pay for order ${order.number}` : t('payment.order_paid'));
  return (
    <div className={styles.page}>
      <Breadcrumbs crumbs={[{ label: `Pay for order ${order.number}` }]} />
      {payable ? (
        <>
          <h1 className={styles.title}>Pay for order {order.number}</h1>
          <div className={styles.layout}>
            <div className={styles.main}>
              <PaymentPanel hash={order.hash} amount={order.to_pay} returnedIntent={returnedIntent} />
            </div>
            <aside className={styles.section} aria-labelledby="pay-now-items-title">
              <h2 id="pay-now-items-title" className={styles.sectionTitle}>
                Your order
              </h2>
              <OrderLines lines={order.order_products} />
              <p className={styles.muted}>
                {order.delivery_name} to {order.region_name}
              </p>
              <p className={styles.total}>
                To pay <strong>{formatMoney(order.to_pay)}</strong>
              </p>
            </aside>
          </div>
        </>
      ) : (
        <section className={styles.hero} aria-labelledby="order-paid-title">
          <span className={styles.tick} aria-hidden="true">
            ✓
          </span>
          <h1 id="order-paid-title" className={styles.title}>
            {t('payment.order_paid')}
          </h1>
          <p>
            Order {order.number} is {order.order_status.name.toLowerCase()}. There is nothing more to pay.
          </p>
          <div className={styles.actions}>
            <Link to="/order-paid" search={{ hash: order.hash }} className={buttonClassName('primary')}>
              See your order
            </Link>
            <InvoiceButton hash={order.hash} />
          </div>
        </section>
      )}
    </div>
  );
}
