/**
 * The addresses step, 2 of 3 (SPEC §2 route 'addresses'): the form, with the cart's total beside
 * it. It starts from the member's (or this cart's guest account's) details and last addresses, or
 * the address chosen on the cart page; signing in here starts it again from the member's.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { t } from '../../../domain/messages';
import { isSignedInMember, useAppProps } from '../../../shared/app-props';
import { useCart } from '../../../shared/cart/cart-api';
import { readCheckoutAgreements } from '../../../shared/cart/checkout-agreements';
import { CheckoutProgress } from '../../../shared/cart/checkout-progress';
import { NeedsSignal } from '../../../shared/cart/needs-signal';
import { PriceSummary } from '../../../shared/cart/price-summary';
import { readSavedAddress } from '../../../shared/cart/saved-address';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { Breadcrumbs } from '../../../shared/ui/breadcrumbs';
import { PagePending } from '../../../shared/ui/page-pending';
import { countriesQueryOptions, recentAddressesQueryOptions } from '../api/get-recent-addresses';
import { AddressesForm } from './addresses-form';
import { startingPoint } from './checkout-form-values';
import { EmptyCheckout } from './empty-checkout';
import styles from './addresses-page.module.css';
import frame from '../../../shared/cart/checkout-frame.module.css';
import '../../../domain/messages-more';

export function AddressesPage() {
  useDocumentTitle('Your details');
  const props = useAppProps();
  const signedIn = isSignedInMember(props);
  const { data: cart } = useCart();
  const recent = useQuery(recentAddressesQueryOptions());
  const countries = useQuery(countriesQueryOptions());

  const start = useMemo(
    () => (cart && recent.data ? startingPoint({ cart, recent: recent.data, saved: readSavedAddress(), agreements: readCheckoutAgreements() }) : null),
    // The form starts once per member and cart; later cart changes (amounts) do not reset it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [recent.data, cart?.region_postcode, cart?.region_id, signedIn],
  );

  return (
    <div className={frame.page}>
      <Breadcrumbs crumbs={[{ label: 'Cart' }, { label: 'Your details' }]} />
      <CheckoutProgress current="addresses" />
      <h1 className={frame.title}>Your details</h1>
      {!cart || cart.cart_products.length === 0 ? (
        cart ? <EmptyCheckout /> : <PagePending />
      ) : !start ? (
        <PagePending />
      ) : (
        <div className={frame.layout}>
          <div className={frame.main}>
            <NeedsSignal pendingChanges={0} />
            {start.postcodeMismatch ? (
              <div className={styles.warning} role="alert">
                <p>{t('cart.postcode_mismatch')}</p>
                <Link to="/cart">Change the postcode in your cart</Link>
              </div>
            ) : null}
            <AddressesForm
              key={`${signedIn ? props.memberIdentifier : 'visitor'}|${cart.region_postcode}`}
              cart={cart}
              defaults={start.values}
              signedIn={signedIn}
              companyAccount={props.flags.companyAccount === 1}
              countries={countries.data ?? {}}
            />
          </div>
          <aside className={frame.aside} aria-label="Your order">
            <div className={styles.box}>
              <ul className={styles.items} aria-label="Parts in your order">
                {cart.cart_products.map((line) => (
                  <li key={line.id}>
                    <span>{line.name}</span>
                    <span className={styles.muted}>{line.warranty_name}</span>
                  </li>
                ))}
              </ul>
              <PriceSummary amounts={cart} deliveryName={cart.delivery_name} title="Order total" />
              <Link to="/cart">Change your cart or delivery</Link>
            </div>
          </aside>
        </div>
      )}
    </div>
  );
}
