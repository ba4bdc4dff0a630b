/**
 * The summary step, 3 of 3 (SPEC §2 route 'summary'): the parts, the delivery and where it goes,
 * the invoice details, the comments, the non-UK warning, the price summary excl. and incl. VAT
 * and Confirm order, which creates the order (PATCH /carts/create-order) and opens the
 * order-created page. The button ignores presses while the order is being created; a part that
 * went meanwhile sends the person back to the cart with the server's message (SPEC §8).
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatMoney } from '../../../domain/money';
import { t } from '../../../domain/messages';
import { isApiError } from '../../../shared/api/api-error';
import { isSignedInMember, useAppProps } from '../../../shared/app-props';
import { newIdempotencyKey, useCart, useCartWrite } from '../../../shared/cart/cart-api';
import { cartErrorText } from '../../../shared/cart/error-text';
import { NeedsSignal } from '../../../shared/cart/needs-signal';
import { useSignal } from '../../../shared/cart/use-signal';
import { CheckoutProgress } from '../../../shared/cart/checkout-progress';
import { PriceSummary } from '../../../shared/cart/price-summary';
import { forgetSavedAddress } from '../../../shared/cart/saved-address';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { Breadcrumbs } from '../../../shared/ui/breadcrumbs';
import { Button } from '../../../shared/ui/button';
import { PagePending } from '../../../shared/ui/page-pending';
import { ProductImage } from '../../../shared/product/product-image';
import { AddressCard } from './address-card';
import { EmptyCheckout } from './empty-checkout';
import styles from './summary-page.module.css';
import frame from '../../../shared/cart/checkout-frame.module.css';
import '../../../domain/messages-more';

export function SummaryPage() {
  useDocumentTitle('Check your order');
  const navigate = useNavigate();
  const props = useAppProps();
  const { data: cart } = useCart();
  const order = useCartWrite('create-order');
  const online = useSignal();
  // One key per Confirm press that is still being answered: a retry of the same press repeats it.
  const placing = useRef<string | null>(null);
  const [placed, setPlaced] = useState(false);

  // While the order is created and after, the emptied cart is not 'an empty cart'.
  const ordering = placed || order.isPending || order.isSuccess;
  const hasCart = cart !== undefined && cart.cart_products.length > 0;
  const needsAddresses = hasCart && cart.billing_address === null;
  useEffect(() => {
    // Addresses not given yet (another tab, an old link): the previous step first.
    if (needsAddresses && !ordering) void navigate({ to: '/checkout/addresses', replace: true });
  }, [needsAddresses, ordering, navigate]);

  const confirm = () => {
    if (order.isPending || placed) return;
    // The order is the shop's to create: without signal the note beside the button says so.
    if (!online) {
      toast.error('You are offline: placing the order needs signal.');
      return;
    }
    placing.current ??= newIdempotencyKey();
    order.mutate(
      { body: null, idempotencyKey: placing.current },
      {
        onSuccess: (answer) => {
          setPlaced(true);
          forgetSavedAddress();
          void navigate({ href: answer.redirect, replace: true });
        },
        onError: (error) => {
          placing.current = null;
          toast.error(cartErrorText(error));
          if (!isApiError(error)) return;
          // A part went meanwhile: the cart shows which, to remove it.
          if (error.status === 409 && error.msg) void navigate({ to: '/cart' });
          else if (error.errors.billing_address) void navigate({ to: '/checkout/addresses' });
          else if (error.errors.region_id || error.errors.region_postcode || error.errors.delivery_id || error.errors.cart_products) void navigate({ to: '/cart' });
        },
      },
    );
  };

  if (!cart) return <PagePending />;
  return (
    <div className={frame.page}>
      <Breadcrumbs crumbs={[{ label: 'Cart' }, { label: 'Your details' }, { label: 'Summary' }]} />
      <CheckoutProgress current="summary" />
      <h1 className={frame.title}>Check your order</h1>
      {!hasCart && !ordering ? (
        <EmptyCheckout />
      ) : needsAddresses || !hasCart ? (
        <PagePending />
      ) : (
        <div className={frame.layout}>
          <div className={frame.main}>
            {cart.region && !cart.region.is_uk ? (
              <p className={styles.warning} role="note">
                {t('cart.non_uk_delivery')}
              </p>
            ) : null}
            <section className={styles.section} aria-labelledby="summary-items-title">
              <h2 id="summary-items-title" className={styles.sectionTitle}>
                Parts
              </h2>
              <ul className={styles.items}>
                {cart.cart_products.map((line) => (
                  <li key={line.id} className={styles.item}>
                    <ProductImage src={line.image} alt="" width={80} height={60} className={styles.image} eager />
                    <div className={styles.itemText}>
                      <strong>{line.name}</strong>
                      <span className={styles.muted}>
                        Ref. {line.tag} · {line.warranty_name} · Qty {line.quantity}
                      </span>
                    </div>
                    <div className={styles.itemValue}>
                      {formatMoney(line.gross_value)}
                      <span className={styles.muted}>{formatMoney(line.value)} ex. VAT</span>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
            <section className={styles.section} aria-labelledby="summary-delivery-title">
              <h2 id="summary-delivery-title" className={styles.sectionTitle}>
                Delivery
              </h2>
              <p>
                <strong>{cart.delivery_name ?? 'Not chosen'}</strong>
                {cart.region ? ` to ${cart.region.name}` : ''}
                {cart.region_postcode ? `, ${cart.region_postcode}` : ''}
              </p>
              <div className={styles.cards}>
                {cart.same_shipping_address || cart.delivery_address === null || cart.delivery_address.id === cart.billing_address?.id ? (
                  cart.billing_address ? <AddressCard title="Delivery address and invoice details" address={cart.billing_address} /> : null
                ) : (
                  <>
                    <AddressCard title="Delivery address" address={cart.delivery_address} />
                    {cart.billing_address ? <AddressCard title="Invoice details" address={cart.billing_address} /> : null}
                  </>
                )}
              </div>
              <Link to="/checkout/addresses">Change your details</Link>
            </section>
            {cart.comments_delivery ? (
              <section className={styles.section} aria-labelledby="summary-comments-title">
                <h2 id="summary-comments-title" className={styles.sectionTitle}>
                  Delivery comments
                </h2>
                <p className={styles.comments}>{cart.comments_delivery}</p>
              </section>
            ) : null}
            {!isSignedInMember(props) ? (
              <p className={styles.muted}>
                You are checking out as a guest. Have an account? <Link to="/checkout/addresses">Sign in on the previous step</Link> to keep this order with it.
              </p>
            ) : null}
          </div>
          <aside className={frame.aside} aria-label="Order total">
            <div className={styles.box}>
              <PriceSummary amounts={cart} deliveryName={cart.delivery_name} discountProblem={cart.discount_code_problem} />
              <NeedsSignal pendingChanges={0} what="Placing the order" />
              <Button variant="accent" block onClick={confirm} aria-disabled={order.isPending || !online}>
                {order.isPending ? 'Placing your order…' : online ? 'Confirm order' : 'Ordering needs signal'}
              </Button>
              <p className={styles.muted}>By confirming you place an order to pay {formatMoney(cart.to_pay)}. We email you the confirmation.</p>
            </div>
          </aside>
        </div>
      )}
    </div>
  );
}
