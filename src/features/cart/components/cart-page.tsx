/**
 * The cart page, step 1 of 3 (SPEC §2 route 'cart'): breadcrumb Home > Cart, the progress bar,
 * the product table, region, postcode and delivery, the summary lines with the discount code, the
 * terms (required) and marketing checkboxes and the proceed button, which stays unavailable until
 * a region, a delivery and the terms are there (SPEC §5). A signed-in member's cart also shows
 * their loyalty progress bar (SPEC §2, §6). An empty cart shows the 'empty' heading
 * with a link home.
 *
 * Offline the page draws the kept cart with the changes waiting for signal marked on their lines
 * (src/shared/cart/pending-cart.ts) and says that checkout needs signal; the proceed button waits
 * until there is signal and every change has been sent, so checkout starts from the server's cart
 * and totals. Changes refused when they were sent are named in notices above the lines.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { canSubmitCart } from '../../../domain/cart';
import { t, type MessageKey } from '../../../domain/messages';
import { analyticsItem, poundsFromPence, pushEcommerceEvent } from '../../../shared/analytics';
import { MemberLoyaltyProgress } from '../../../shared/account/loyalty-progress';
import { isSignedInMember, useAppProps } from '../../../shared/app-props';
import { newIdempotencyKey, useCartWrite } from '../../../shared/cart/cart-api';
import { CartNotices } from '../../../shared/cart/cart-notices-view';
import { NeedsSignal, useCheckoutBlocked } from '../../../shared/cart/needs-signal';
import type { CartView } from '../../../shared/cart/pending-cart';
import { useCartView } from '../../../shared/cart/use-cart-view';
import { cartErrorText } from '../../../shared/cart/error-text';
import { readCheckoutAgreements, saveCheckoutAgreements } from '../../../shared/cart/checkout-agreements';
import { CheckoutProgress } from '../../../shared/cart/checkout-progress';
import { PriceSummary } from '../../../shared/cart/price-summary';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { Breadcrumbs } from '../../../shared/ui/breadcrumbs';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { CartLines } from './cart-lines';
import { DeliverySection } from './delivery-section';
import { DiscountCodeForm } from './discount-code-form';
import styles from './cart-page.module.css';
import frame from '../../../shared/cart/checkout-frame.module.css';
import '../../../domain/messages-more';

export function CartPage() {
  useDocumentTitle('Your cart');
  const { cart } = useCartView();
  return (
    <div className={frame.page}>
      <Breadcrumbs crumbs={[{ label: 'Cart' }]} />
      <CheckoutProgress current="cart" />
      <h1 className={frame.title}>Your cart</h1>
      <CartNotices />
      {!cart ? null : cart.cart_products.length === 0 ? <EmptyCart /> : <FilledCart cart={cart} />}
    </div>
  );
}

/** SPEC §2: an empty cart shows the 'empty' heading with a link home. */
export function EmptyCart() {
  return (
    <section className={styles.empty} aria-labelledby="cart-empty-title">
      <h2 id="cart-empty-title" className={styles.emptyTitle}>
        {t('cart.empty')}
      </h2>
      <p className={styles.muted}>Find the part you need by registration, part number or make and model.</p>
      <Link to="/" className={buttonClassName('primary')}>
        Find parts
      </Link>
    </section>
  );
}

function FilledCart({ cart }: { cart: CartView }) {
  const navigate = useNavigate();
  const signedIn = isSignedInMember(useAppProps());
  const removeCode = useCartWrite('update-region-and-delivery');
  const [agreements, setAgreements] = useState(readCheckoutAgreements);
  const [missing, setMissing] = useState<MessageKey | null>(null);
  const termsId = useId();
  const goneNames = cart.cart_products.filter((line) => line.gone && line.pending !== 'remove').map((line) => line.name);
  const blocked = useCheckoutBlocked(cart.pendingChanges);

  // SPEC §6: a signed-in member has agreed the terms already.
  const agreedTerms = signedIn || agreements.terms;
  const ready = canSubmitCart({ regionId: cart.region_id, deliveryId: cart.delivery_id, agreedTerms }) && goneNames.length === 0 && blocked === null;

  const updateAgreements = (next: typeof agreements) => {
    setAgreements(next);
    saveCheckoutAgreements(next);
    if (next.terms && missing === 'validation.agree') setMissing(null);
  };

  const proceed = () => {
    if (blocked) {
      // The note beside the button says why; a toast repeats it for whoever pressed.
      toast.error(blocked === 'offline' ? 'You are offline: checkout needs signal.' : 'Your cart changes are still being sent: try again in a moment.');
      return;
    }
    if (!ready) {
      // The button says what is still needed, in the order the page asks for it.
      const key: MessageKey = cart.region_id === null ? 'cart.region_required' : cart.delivery_id === null ? 'cart.delivery_required' : !agreedTerms ? 'validation.agree' : 'cart.delivery_required';
      if (goneNames.length > 0) toast.error(t('cart.parts_gone', { parts: goneNames.join(', ') }));
      else {
        setMissing(key);
        toast.error(t(key));
      }
      return;
    }
    // SPEC §7 analytics: begin_checkout with every line (GA4 shape).
    pushEcommerceEvent({
      event: 'begin_checkout',
      ecommerce: {
        currency: 'GBP',
        value: poundsFromPence(cart.to_pay),
        items: cart.cart_products.map(analyticsItem),
      },
    });
    void navigate({ to: '/checkout/addresses' });
  };

  const removeDiscount = () =>
    removeCode.mutate(
      { body: { discount_code_id: null }, idempotencyKey: newIdempotencyKey() },
      { onSuccess: () => toast.success(t('discount.removed')), onError: (error) => toast.error(cartErrorText(error)) },
    );

  return (
    <div className={frame.layout}>
      <div className={frame.main}>
        {goneNames.length > 0 ? (
          <p className={styles.alert} role="alert">
            {t('cart.parts_gone', { parts: goneNames.join(', ') })}
          </p>
        ) : null}
        <CartLines cart={cart} />
        {/* SPEC §6: the loyalty section needs a member-bearing cart (and, inside, a signed-in
            member and the discountThresholds flag); a guest's cart has none. */}
        {cart.member && !cart.member.is_guest ? (
          <MemberLoyaltyProgress title="Your loyalty discount" className={styles.loyalty}>
            <p>
              <Link to="/panel/$" params={{ _splat: 'client/discount-thresholds' }}>
                See the loyalty levels
              </Link>
            </p>
          </MemberLoyaltyProgress>
        ) : null}
        <DeliverySection cart={cart} />
      </div>
      <aside className={frame.aside} aria-label="Order total">
        <div className={styles.box}>
          <PriceSummary
            title={cart.pendingChanges > 0 ? 'Summary (last confirmed)' : 'Summary'}
            amounts={cart}
            deliveryName={cart.delivery_name}
            onRemoveDiscount={removeDiscount}
            removingDiscount={removeCode.isPending}
            discountProblem={cart.discount_code_problem}
          />
          <DiscountCodeForm cart={cart} />
          <div className={styles.agreements}>
            {signedIn ? null : (
              <div className={styles.check}>
                <input
                  id={termsId}
                  type="checkbox"
                  checked={agreements.terms}
                  onChange={(event) => updateAgreements({ ...agreements, terms: event.target.checked })}
                  aria-invalid={missing === 'validation.agree'}
                  aria-describedby={missing === 'validation.agree' ? `${termsId}-error` : undefined}
                  required
                />
                <label htmlFor={termsId}>
                  I accept the terms and conditions of sale (required)
                </label>
                {missing === 'validation.agree' ? (
                  <span id={`${termsId}-error`} className={styles.fieldError}>
                    {t('validation.agree')}
                  </span>
                ) : null}
              </div>
            )}
            <div className={styles.check}>
              <input id={`${termsId}-marketing`} type="checkbox" checked={agreements.marketing} onChange={(event) => updateAgreements({ ...agreements, marketing: event.target.checked })} />
              <label htmlFor={`${termsId}-marketing`}>Email me offers and news about parts for my vehicles</label>
            </div>
          </div>
          <NeedsSignal pendingChanges={cart.pendingChanges} />
          <Button variant="accent" block onClick={proceed} aria-disabled={!ready}>
            {blocked === 'offline' ? 'Checkout needs signal' : 'Proceed to addresses'}
          </Button>
          {missing && missing !== 'validation.agree' && !ready ? (
            <p className={styles.fieldError} role="alert">
              {t(missing)}
            </p>
          ) : null}
        </div>
      </aside>
    </div>
  );
}
