/**
 * A product address opened without signal that this phone never viewed (or has evicted since):
 * nothing is kept to draw it (issue 16). The page says so plainly, offers to try again (and tries
 * by itself when the signal returns), and lists the parts that do open offline.
 */
import { Link, useRouter } from '@tanstack/react-router';
import { Suspense, useCallback, useEffect } from 'react';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { BrowserOnly } from '../../../shared/ui/browser-only';
import { Button, buttonClassName } from '../../../shared/ui/button';
import styles from '../../../shared/offline/offline.module.css';
import { lazyWhenOnline } from '../../../shared/lazy-when-online';

const RecentlyViewed = lazyWhenOnline(() => import('../../../shared/offline/recently-viewed'));

const TITLE = 'This part needs signal';

export function PartNeedsSignal() {
  const router = useRouter();
  useDocumentTitle(TITLE);
  const retry = useCallback(() => void router.invalidate(), [router]);
  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);
  return (
    <section className={styles.needsSignal} aria-labelledby="part-needs-signal" data-testid="part-needs-signal">
      <h1 id="part-needs-signal" className={styles.needsSignalTitle}>
        {TITLE}
      </h1>
      <p className={styles.needsSignalText} role="status">
        You are offline and this part has not been opened on this phone before, so its details are not saved. It opens as soon as you have signal
        again.
      </p>
      <div className={styles.actions}>
        <Button variant="primary" onClick={retry}>
          Try again
        </Button>
        <Link to="/" className={buttonClassName('secondary')}>
          Back to search
        </Link>
      </div>
      <BrowserOnly>
        <Suspense fallback={null}>
          <RecentlyViewed />
        </Suspense>
      </BrowserOnly>
    </section>
  );
}
