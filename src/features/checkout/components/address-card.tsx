/** An address as the summary and order-created pages show it (SPEC §3 Address). */
import type { Address } from '../../../contract/cart';
import styles from './summary-page.module.css';

export function AddressCard({ address, title }: { address: Address; title: string }) {
  const name = [address.first_name, address.last_name].filter(Boolean).join(' ');
  const lines = [address.company_name, name, address.address1, address.address2, address.address3, address.city, address.county, address.postcode, address.country.name].filter(Boolean);
  return (
    <div className={styles.card}>
      <h3 className={styles.cardTitle}>{title}</h3>
      <address className={styles.address}>
        {lines.map((line, index) => (
          <span key={`${index}-${line}`}>{line}</span>
        ))}
        {address.vat_no ? <span>VAT number {address.vat_no}</span> : null}
        {address.phone ? <span>Phone {address.phone}</span> : null}
      </address>
    </div>
  );
}
