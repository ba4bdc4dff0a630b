import { Link } from '@tanstack/react-router';
import { isSignedInMember, useAppProps } from '../../../shared/app-props';
import { useCartCount } from '../../../shared/cart/use-cart-count';
import { AccountIcon, BrandMark, CartIcon, SearchIcon } from './icons';
import styles from './site-header.module.css';

/** Account entry: the member's orders when signed in (SPEC §2), otherwise the way to sign in. */
function AccountLink() {
  const props = useAppProps();
  // The login modal arrives with the accounts issue; until then both states lead to the panel,
  // which asks for sign-in itself.
  if (isSignedInMember(props)) {
    return (
      <a className={styles.action} href="/panel/#/client/orders">
        <AccountIcon />
        <span className={styles.actionLabel}>Hi, {props.memberFirstName || 'there'}</span>
        <span className="visually-hidden">{' — your account and orders'}</span>
      </a>
    );
  }
  return (
    <a className={styles.action} href="/panel">
      <AccountIcon />
      <span className={styles.actionLabel}>Sign in</span>
      <span className="visually-hidden">{' to your account'}</span>
    </a>
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
          <AccountLink />
          <CartLink />
        </nav>
      </div>
    </header>
  );
}
