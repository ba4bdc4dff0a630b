/** SPEC §2: the addresses and summary steps send an empty cart back to the cart page. */
import { Link } from '@tanstack/react-router';
import { t } from '../../../domain/messages';
import { buttonClassName } from '../../../shared/ui/button';
import styles from './addresses-page.module.css';
import '../../../domain/messages-more';

export function EmptyCheckout() {
  return (
    <section className={styles.box} aria-labelledby="checkout-empty-title">
      <h2 id="checkout-empty-title">{t('cart.empty')}</h2>
      <Link to="/cart" className={buttonClassName('primary')}>
        Back to the cart
      </Link>
    </section>
  );
}
