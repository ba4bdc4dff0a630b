import type { CreatedOrder } from '../../../contract/checkout';
import { formatMoney } from '../../../domain/money';
import { CertificateLink } from '../../../shared/order/certificate-link';
import styles from './payment-pages.module.css';

/**
 * An order's parts as both payment pages list them: name, reference and warranty, gross value;
 * with `certificatesOf` (the hash of a paid order), each warranty's certificate.
 */
export function OrderLines({ lines, certificatesOf = null }: { lines: CreatedOrder['order_products']; certificatesOf?: string | null }) {
  return (
    <ul className={styles.items}>
      {lines.map((line) => (
        <li key={line.id} className={styles.item}>
          <span className={styles.itemText}>
            <strong>{line.name}</strong>
            <span className={styles.muted}>
              Ref. {line.tag} · {line.warranty_name}
            </span>
            {certificatesOf && line.warranty_name ? <CertificateLink hash={certificatesOf} line={line} /> : null}
          </span>
          <span className={styles.value}>{formatMoney(line.gross_value)}</span>
        </li>
      ))}
    </ul>
  );
}
