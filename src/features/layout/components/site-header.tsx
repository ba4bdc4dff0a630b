import { Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import { openLoginModal } from '../../../shared/account/login-modal-state';
import { isSignedInMember, useAppProps } from '../../../shared/app-props';
import { useCartCount } from '../../../shared/cart/use-cart-count';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { BrowserOnly } from '../../../shared/ui/browser-only';
import { AccountIcon, BrandMark, CartIcon, OutboxIcon, SearchIcon } from './icons';
import styles from './site-header.module.css';
import { lazyWhenOnline } from '../../../shared/lazy-when-online';

// The login modal's host and the signed-in session check load after hydration, like the toaster:
// the first download carries only the account button.
const AccountExtras = lazyWhenOnline(() => import('../../../shared/account/account-extras'));
// The outbox's count shows only while requests wait, which only the browser knows (the bridge that
// fills it loads after hydration too): the server never draws it, so its code is not in the first
// download either.
const OutboxButton = lazyWhenOnline(() => import('../../../shared/outbox/outbox-button').then((module) => ({ default: module.OutboxButton })));

/**
 * Account entry (SPEC §2): signed in, a greeting with the member's first name linking to their
 * orders; otherwise a button opening the login modal (its code loads on the first tap).
 */
function AccountEntry() {
  const props = useAppProps();
  const signedIn = isSignedInMember(props);
  const hydrated = useHydrated();
  if (signedIn) {
    return (
      // The orders screen (SPEC §2's /panel/#/client/orders, served at /panel/client/orders).
      <Link className={styles.action} to="/panel/$" params={{ _splat: 'client/orders' }} data-account-entry="">
        <AccountIcon />
        <span className={styles.actionLabel}>Hi, {props.memberFirstName || 'there'}</span>
        <span className="visually-hidden">{' — your account and orders'}</span>
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={`${styles.action} ${styles.actionButton}`}
      aria-haspopup="dialog"
      // Server markup cannot open the modal: the button says so until React has taken over.
      aria-disabled={hydrated ? undefined : true}
      onClick={() => openLoginModal()}
      data-account-entry=""
    >
      <AccountIcon />
      <span className={styles.actionLabel}>Sign in</span>
      <span className="visually-hidden">{' to your account'}</span>
    </button>
  );
}

function CartLink() {
  const count = useCartCount();
  return (
    <Link className={styles.action} to="/cart">
      <CartIcon />
      <span className={styles.actionLabel}>Cart</span>{' '}
      <span className={styles.badge}>
        {count}
        <span className="visually-hidden">{count === 1 ? ' item' : ' items'}</span>
      </span>
    </Link>
  );
}

export function SiteHeader() {
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to="/" className={styles.brand}>
          <BrandMark />
          <span className={styles.wordmark}>
            PartsFinder<span className={styles.wordmarkAccent}> UK</span>
          </span>
          <span className="visually-hidden">{' — home'}</span>
        </Link>
        <nav className={styles.actions} aria-label="Shop">
          <Link to="/" hash="search" className={styles.action}>
            <SearchIcon />
            <span className={styles.actionLabel}>Search</span>
            <span className="visually-hidden">{' for parts'}</span>
          </Link>
          <AccountEntry />
          {/* Requests saved without signal (the outbox): shown only while some wait. */}
          <BrowserOnly>
            <Suspense fallback={null}>
              <OutboxButton className={`${styles.action} ${styles.actionButton}`} labelClassName={styles.actionLabel ?? ''} badgeClassName={styles.badge ?? ''} icon={<OutboxIcon />} />
            </Suspense>
          </BrowserOnly>
          <CartLink />
        </nav>
      </div>
      <BrowserOnly>
        <Suspense fallback={null}>
          <AccountExtras />
        </Suspense>
      </BrowserOnly>
    </header>
  );
}
