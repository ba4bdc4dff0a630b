import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../ui/button';
import styles from './pwa-notices.module.css';

/**
 * Registers the service worker (once: the hook does it in a state initialiser and this component
 * is mounted once, in the root layout) and offers a new version when one is waiting. The worker
 * waits for the person's Reload rather than taking over mid-task, so a half-filled form is never
 * lost to an update.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });

  // The live region stays in the page so the message is announced when it appears.
  return (
    <div role="status" aria-live="polite">
      {needRefresh ? (
        <div className={styles.prompt}>
          <p className={styles.message}>A new version is available</p>
          <div className={styles.actions}>
            <Button variant="accent" onClick={() => void updateServiceWorker(true)}>
              Reload
            </Button>
            <Button variant="quiet" className={styles.close} onClick={() => setNeedRefresh(false)}>
              Close
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
