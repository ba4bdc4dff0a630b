/** The notices of src/shared/cart/cart-notices.ts, each with a way to dismiss it. */
import { dismissCartNotice, useCartNotices } from './cart-notices';
import styles from './offline-cart.module.css';

export function CartNotices() {
  const notices = useCartNotices();
  if (notices.length === 0) return null;
  return (
    <ul className={styles.notices} aria-label="Changes to your cart">
      {notices.map((notice) => (
        <li key={notice.id} className={styles.notice} role="alert">
          <p>{notice.text}</p>
          <button type="button" className={styles.dismiss} onClick={() => dismissCartNotice(notice.id)} aria-label={`Dismiss: ${notice.text}`}>
            OK
          </button>
        </li>
      ))}
    </ul>
  );
}
