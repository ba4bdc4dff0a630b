/**
 * The four facts at the top of an order's pages (order created, order paid): its number, when it
 * was placed, its status badge in the status colour (SPEC §3 order_status) and the amount.
 */
import { formatMoney } from '../../domain/money';
import styles from './order-facts.module.css';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/London' });

export interface OrderFactsProps {
  order: { number: string; created: string; to_pay: number; order_status: { name: string; color_rgba: string } };
  /** 'To pay' before payment, 'Amount paid' after. */
  amountLabel: string;
}

export function OrderFacts({ order, amountLabel }: OrderFactsProps) {
  return (
    <dl className={styles.facts}>
      <div>
        <dt>Order number</dt>
        <dd className={styles.number}>{order.number}</dd>
      </div>
      <div>
        <dt>Placed</dt>
        <dd>{dateTime.format(new Date(order.created))}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          <span className={styles.status} style={{ borderColor: order.order_status.color_rgba }}>
            {order.order_status.name}
          </span>
        </dd>
      </div>
      <div>
        <dt>{amountLabel}</dt>
        <dd className={styles.number}>{formatMoney(order.to_pay)}</dd>
      </div>
    </dl>
  );
}
