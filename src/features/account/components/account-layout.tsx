/**
 * The account area's frame (SPEC §2 'Account area'): the sidebar in the spec's order and the
 * screen beside it. On a phone the sidebar is a disclosure at the top naming the current screen.
 * A visitor who is not signed in gets the login modal and stays on the address: once signed in
 * the screen loads where they were going.
 */
import { Link, useRouter } from '@tanstack/react-router';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { t } from '../../../domain/messages';
import { openLoginModal } from '../../../shared/account/login-modal-state';
import { isSignedInMember, useAppProps } from '../../../shared/app-props';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { Button } from '../../../shared/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../shared/ui/dialog';
import { ACCOUNT_SCREENS, type AccountScreenName } from '../screens';
import styles from './account.module.css';
import '../../../domain/messages-more';

export function AccountLayout({ screen: shown, children }: { screen: AccountScreenName; children: ReactNode }) {
  const props = useAppProps();
  const signedIn = isSignedInMember(props);
  const screens = ACCOUNT_SCREENS.filter((screen) => !screen.loyalty || props.flags.discountThresholds === 1);
  const current = screens.find((screen) => screen.screen === shown);

  if (!signedIn) return <SignInFirst />;

  const links = (
    <ul role="list" className={styles.navList}>
      {screens.map((screen) => (
        <li key={screen.screen}>
          <Link to="/panel/$" params={{ _splat: `client/${screen.screen}` }} className={styles.navLink} activeProps={{ className: `${styles.navLink} ${styles.navLinkActive}`, 'aria-current': 'page' }}>
            {screen.label}
          </Link>
        </li>
      ))}
      <li>
        <LogoutButton />
      </li>
    </ul>
  );

  return (
    <div className={styles.area}>
      <p className={styles.greeting}>
        Hello, <strong>{props.memberFirstName || 'there'}</strong>
      </p>
      <div className={styles.columns}>
        {/* Both forms are drawn; CSS shows the one for the screen, so the server and the browser agree. */}
        <nav aria-label="Your account" className={styles.sidebar}>
          {links}
        </nav>
        <PhoneMenu current={current?.label ?? 'Your account'} pathname={shown}>
          {links}
        </PhoneMenu>
        <div className={styles.screen}>
          <Suspense fallback={<p role="status">Loading…</p>}>{children}</Suspense>
        </div>
      </div>
    </div>
  );
}

/** The phone's menu: a disclosure with the current screen's name, closed again after each move. */
function PhoneMenu({ current, pathname, children }: { current: string; pathname: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [openFor, setOpenFor] = useState(pathname);
  // A new screen closes the menu (adjusting state while rendering, not in an effect).
  if (openFor !== pathname) {
    setOpenFor(pathname);
    setOpen(false);
  }
  return (
    <nav aria-label="Your account" className={styles.phoneMenu}>
      <button type="button" className={styles.phoneMenuButton} aria-expanded={open} aria-controls="account-phone-menu" onClick={() => setOpen(!open)}>
        <span className={styles.phoneMenuLabel}>Account menu:</span> {current}
        <span aria-hidden="true" className={styles.chevron}>
          {open ? '▴' : '▾'}
        </span>
      </button>
      <div id="account-phone-menu" hidden={!open}>
        {children}
      </div>
    </nav>
  );
}

/** SPEC §2: logout asks 'Are you sure you want to logout?'; confirmed, it goes to /logout. */
function LogoutButton() {
  const hydrated = useHydrated();
  return (
    <Dialog>
      <DialogTriggerButton disabled={!hydrated} />
      <DialogContent title="Logout">
        <p>{t('account.logout_confirm')}</p>
        <div className={styles.dialogActions}>
          <Button onClick={() => window.location.assign('/logout')}>Yes, logout</Button>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}


function DialogTriggerButton({ disabled }: { disabled: boolean }) {
  return (
    <DialogTrigger asChild>
      <button type="button" className={styles.navLink} disabled={disabled}>
        Logout
      </button>
    </DialogTrigger>
  );
}

/** Signed out: the login modal opens by itself once the page works; after sign-in the screen loads here. */
function SignInFirst() {
  const hydrated = useHydrated();
  const router = useRouter();
  const signIn = () => openLoginModal(() => void router.invalidate());
  useEffect(() => {
    if (hydrated) openLoginModal(() => void router.invalidate());
  }, [hydrated, router]);
  return (
    <section className={styles.signIn} aria-labelledby="account-sign-in-title">
      <h1 id="account-sign-in-title">Your account</h1>
      <p>{t('account.sign_in_prompt')}</p>
      <Button onClick={signIn} disabled={!hydrated}>
        Sign in
      </Button>
    </section>
  );
}
