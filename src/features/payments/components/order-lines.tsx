import type { CreatedOrder } from '../../../contract/checkout';
import { formatMoney } from '../../../domain/money';
import styles from './payment-pages.module.css';

/** An order's parts as both payment pages list them: name, reference and warranty, gross value. */
export function OrderLines({ lines }: { lines: CreatedOrder['order_products'] }) {
  return (
    <ul className={styles.items}>
      {lines.map((line) => (
        <li key={line.id} className={styles.item}>
          <span className={styles.itemText}>
            <strong>{line.name}</strong>
            <span className={styles.muted}>
              Ref. {line.tag} · {line.warranty_name}
            </span>
          </span>
          <span className={styles.value}>{formatMoney(line.gross_value)}</span>
        </li>
      ))}
    </ul>
  );
}
