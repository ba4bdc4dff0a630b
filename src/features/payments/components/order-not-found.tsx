/**
 * A payment page for an order this visitor cannot see (someone else's, an unknown or mistyped
 * reference): said plainly, with the way back to the shop and the cart. Not an error page: nothing
 * went wrong, the order is just not theirs to pay or view.
 */
import { Link } from '@tanstack/react-router';
import { t } from '../../../domain/messages';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { buttonClassName } from '../../../shared/ui/button';
import status from '../../../shared/ui/status.module.css';
import '../../../domain/messages-more';

export function OrderNotFound() {
  useDocumentTitle(t('payment.order_not_found'));
  return (
    <section className={status.page} aria-labelledby="order-not-found-title">
      <h1 id="order-not-found-title" className={status.title}>
        {t('payment.order_not_found')}
      </h1>
      <p className={status.text}>
        The link may be mistyped, or the order was placed in another browser or account. If you placed it, open the link from your order e-mail in the same
        browser, or sign in to see your orders.
      </p>
      <div className={status.actions}>
        <Link to="/" className={buttonClassName('primary')}>
          Go to the home page
        </Link>
        <Link to="/cart" className={buttonClassName('secondary')}>
          Go to your cart
        </Link>
      </div>
    </section>
  );
}
