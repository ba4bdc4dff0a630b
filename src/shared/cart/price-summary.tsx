/**
 * The summary lines of SPEC §2 (cart page, summary page, order created): subtotal excl. VAT,
 * delivery excl. VAT, value after the loyalty discount when there is one, commission excl. VAT
 * when above 0, VAT, the total incl. VAT, the discount code line (with a remove control where it
 * can still be removed) and the amount to pay. Every figure is the server's (src/domain/
 * cart-totals.ts computed it); this only formats them.
 */
import { formatMoney } from '../../domain/money';
import styles from './price-summary.module.css';

export interface SummaryAmounts {
  sub_total: number;
  amount_discount_threshold: number;
  /** The cart carries it; a created order does not, and then the line is left out. */
  value_after_discount_threshold?: number | undefined;
  delivery_value: number;
  commission_value: number;
  tax_value: number;
  total_value: number;
  discount_code_name: string | null;
  discount_code_amount: number;
  to_pay: number;
}

interface PriceSummaryProps {
  amounts: SummaryAmounts;
  /** The delivery's name, or null while none is chosen. */
  deliveryName: string | null;
  /** Shown (with the applied code) on the cart page only. */
  onRemoveDiscount?: (() => void) | undefined;
  removingDiscount?: boolean;
  /** Why the applied code takes nothing off now (cart's discount_code_problem). */
  discountProblem?: string | null | undefined;
  title?: string;
  headingLevel?: 2 | 3;
}

export function PriceSummary({ amounts, deliveryName, onRemoveDiscount, removingDiscount = false, discountProblem, title = 'Summary', headingLevel = 2 }: PriceSummaryProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={styles.summary} aria-labelledby="price-summary-title">
      <Heading id="price-summary-title" className={styles.title}>
        {title}
      </Heading>
      <dl className={styles.lines}>
        <div className={styles.line}>
          <dt>Subtotal excl. VAT</dt>
          <dd>{formatMoney(amounts.sub_total)}</dd>
        </div>
        {amounts.amount_discount_threshold > 0 ? (
          <>
            <div className={styles.line}>
              <dt>Loyalty discount</dt>
              <dd>−{formatMoney(amounts.amount_discount_threshold)}</dd>
            </div>
            {amounts.value_after_discount_threshold !== undefined ? (
              <div className={styles.line}>
                <dt>Value after loyalty discount</dt>
                <dd>{formatMoney(amounts.value_after_discount_threshold)}</dd>
              </div>
            ) : null}
          </>
        ) : null}
        <div className={styles.line}>
          <dt>
            Delivery excl. VAT
            {deliveryName ? <span className={styles.detail}>{deliveryName}</span> : <span className={styles.detail}>Not chosen yet</span>}
          </dt>
          <dd>{formatMoney(amounts.delivery_value)}</dd>
        </div>
        {amounts.commission_value > 0 ? (
          <div className={styles.line}>
            <dt>Commission excl. VAT</dt>
            <dd>{formatMoney(amounts.commission_value)}</dd>
          </div>
        ) : null}
        <div className={styles.line}>
          <dt>VAT (20%)</dt>
          <dd>{formatMoney(amounts.tax_value)}</dd>
        </div>
        <div className={`${styles.line} ${styles.strong}`}>
          <dt>Total incl. VAT</dt>
          <dd>{formatMoney(amounts.total_value)}</dd>
        </div>
        {amounts.discount_code_name ? (
          <div className={`${styles.line} ${styles.discount}`}>
            <dt>
              Discount code <span className={styles.code}>{amounts.discount_code_name}</span>
              {onRemoveDiscount ? (
                <button type="button" className={styles.remove} onClick={onRemoveDiscount} disabled={removingDiscount} aria-label={`Remove discount code ${amounts.discount_code_name}`}>
                  <span aria-hidden="true">×</span>
                </button>
              ) : null}
              {discountProblem ? <span className={styles.problem}>{discountProblem}</span> : null}
            </dt>
            <dd>−{formatMoney(amounts.discount_code_amount)}</dd>
          </div>
        ) : null}
        <div className={`${styles.line} ${styles.toPay}`}>
          <dt>To pay</dt>
          <dd>{formatMoney(amounts.to_pay)}</dd>
        </div>
      </dl>
    </section>
  );
}
