/**
 * /order-created (SPEC §2, §4 'order created'): the order's number, what happens next, the parts
 * and the amounts as the server stored them with the order, and where it goes. Read from
 * GET /orders/created/{hash}, which answers only the session or member that owns the order.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../domain/money';
import { t } from '../../../domain/messages';
import { PriceSummary } from '../../../shared/cart/price-summary';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { ProductImage } from '../../../shared/product/product-image';
import { buttonClassName } from '../../../shared/ui/button';
import { createdOrderQueryOptions } from '../api/get-created-order';
import { AddressCard } from './address-card';
import styles from './order-created-page.module.css';
import frame from '../../../shared/cart/checkout-frame.module.css';
import summary from './summary-page.module.css';
import '../../../domain/messages-more';
import { OrderFacts } from '../../../shared/order/order-facts';


interface OrderCreatedPageProps {
  hash: string;
  /**
   * The payment panel (SPEC §2), drawn while the order can be paid: below the 'order placed' hero,
   * above 'What happens next'. The route composes it, as a feature does not import another.
   */
  payment?: ((order: { hash: string; to_pay: number }) => ReactNode) | undefined;
}

export function OrderCreatedPage({ hash, payment }: OrderCreatedPageProps) {
  const { data: order } = useSuspenseQuery(createdOrderQueryOptions(hash));
  useDocumentTitle(`Order ${order.number} placed`);
  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="order-created-title">
        <span className={styles.tick} aria-hidden="true">
          ✓
        </span>
        <h1 id="order-created-title" className={styles.title}>
          {t('orders.created', { number: order.number })}
        </h1>
        <OrderFacts order={order} amountLabel={'To pay'} />
        <p>
          We have sent the confirmation to <strong>{order.email}</strong>.
        </p>
      </section>

      <div className={frame.layout}>
        <div className={frame.main}>
          {payment && order.pay_again ? payment(order) : null}
          <section className={summary.section} aria-labelledby="next-steps-title">
            <h2 id="next-steps-title" className={summary.sectionTitle}>
              What happens next
            </h2>
            <ol className={styles.steps}>
              {order.next_steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
          <section className={summary.section} aria-labelledby="order-items-title">
            <h2 id="order-items-title" className={summary.sectionTitle}>
              Parts
            </h2>
            <ul className={summary.items}>
              {order.order_products.map((line) => (
                <li key={line.id} className={summary.item}>
                  <ProductImage src={line.image} alt="" width={80} height={60} className={summary.image} eager />
                  <div className={summary.itemText}>
                    <strong>{line.name}</strong>
                    <span className={summary.muted}>
                      Ref. {line.tag} · {line.warranty_name} · Qty {line.quantity}
                    </span>
                  </div>
                  <div className={summary.itemValue}>
                    {formatMoney(line.gross_value)}
                    <span className={summary.muted}>{formatMoney(line.value)} ex. VAT</span>
                  </div>
                </li>
              ))}
            </ul>
          </section>
          <section className={summary.section} aria-labelledby="order-delivery-title">
            <h2 id="order-delivery-title" className={summary.sectionTitle}>
              Delivery
            </h2>
            <p>
              <strong>{order.delivery_name}</strong> to {order.region_name}
            </p>
            <div className={summary.cards}>
              {order.delivery_address.id === order.billing_address.id ? (
                <AddressCard title="Delivery address and invoice details" address={order.billing_address} />
              ) : (
                <>
                  <AddressCard title="Delivery address" address={order.delivery_address} />
                  <AddressCard title="Invoice details" address={order.billing_address} />
                </>
              )}
            </div>
            {order.comments_delivery ? <p className={summary.comments}>Comments: {order.comments_delivery}</p> : null}
          </section>
        </div>
        <aside className={frame.aside} aria-label="Order total">
          <div className={summary.box}>
            <PriceSummary amounts={order} deliveryName={order.delivery_name} title="Order total" />
            <Link to="/" className={buttonClassName('secondary', { block: true })}>
              Continue shopping
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}
