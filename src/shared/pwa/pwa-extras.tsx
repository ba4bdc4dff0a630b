import { useRouterState } from '@tanstack/react-router';
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../storage';
import { INSTALLED_KEY, installOffer, subscribeInstallOffer } from './install-events';
import { installOfferKind, isIosSafari, nextVisitCount, storedTime } from './install-rules';
import { requestPersistentStorage } from './persistence';
import { isCheckoutPath } from './reload-rules';
import styles from './update-prompt.module.css';
import { UpdatePrompt } from './update-prompt';
import { lazyWhenOnline } from '../lazy-when-online';

// Drawn only when it is offered: most page loads never fetch it.
const InstallPrompt = lazyWhenOnline(() => import('./install-prompt').then((module) => ({ default: module.InstallPrompt })));

const VISITS_KEY = 'shop:visits';
/** sessionStorage: this tab's visit is counted (a reload or another page is the same visit). */
const COUNTED_KEY = 'shop:visit-counted';
const DISMISSED_KEY = 'shop:install-dismissed-at';

/** Counts a visit once per tab session and answers how many there have been. */
function countVisit(): number {
  const stored = readStored('local', VISITS_KEY);
  if (readStored('session', COUNTED_KEY)) return Math.max(1, nextVisitCount(stored) - 1);
  const visits = nextVisitCount(stored);
  writeStored('local', VISITS_KEY, String(visits));
  writeStored('session', COUNTED_KEY, '1');
  return visits;
}

function isStandalone(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

const hasInstallOffer = () => installOffer() !== undefined;
const wasInstalled = () => readStored('local', INSTALLED_KEY) === '1';

/**
 * The installed app's notices, in the browser only and after the first paint (the root layout
 * loads this lazily): the update prompt, the install offer after a second visit, and the request
 * to keep the shop's storage once it was installed or the first order placed.
 */
export function PwaExtras() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const checkout = isCheckoutPath(pathname);
  const [visits] = useState(countVisit);
  const [standalone] = useState(isStandalone);
  const [dismissedAt, setDismissedAt] = useState(() => storedTime(readStored('local', DISMISSED_KEY)));
  const canPrompt = useSyncExternalStore(subscribeInstallOffer, hasInstallOffer, () => false);
  const installed = useSyncExternalStore(subscribeInstallOffer, wasInstalled, () => false);
  const [iosSafari] = useState(() => isIosSafari(navigator.userAgent, navigator.maxTouchPoints));

  // Installed (now, or running as the app) or the first order placed: the shop's storage is worth
  // keeping (persistence.ts).
  useEffect(() => {
    if (standalone || installed || pathname === '/order-created') void requestPersistentStorage();
  }, [standalone, installed, pathname]);

  const offer = installOfferKind({
    visits,
    dismissedAt,
    now: Date.now(),
    standalone,
    installed,
    canPrompt,
    iosSafari,
    pathname,
  });

  const dismiss = () => {
    const now = Date.now();
    writeStored('local', DISMISSED_KEY, String(now));
    setDismissedAt(now);
  };

  return (
    // One stack at the foot of the screen: an update and the install offer never cover each other.
    <div className={styles.stack}>
      <UpdatePrompt hidden={checkout} />
      {offer ? (
        <Suspense fallback={null}>
          <InstallPrompt kind={offer} onDismiss={dismiss} />
        </Suspense>
      ) : null}
    </div>
  );
}
