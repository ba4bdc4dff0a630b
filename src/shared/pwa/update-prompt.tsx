import { useState, useSyncExternalStore } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../ui/button';
import { isBusy, subscribeBusy } from './busy';
import styles from './update-prompt.module.css';

/** An installed app can stay open for days: it asks the server for a new worker this often. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/** Set when this tab's Reload was pressed: only then does the new worker's takeover reload it. */
let reloadAsked = false;

/** Settles once no outbox request (or other busy work) is running: at once when none is. */
function whenIdle(): Promise<void> {
  if (!isBusy()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = subscribeBusy(() => {
      if (isBusy()) return;
      stop();
      resolve();
    });
  });
}

function checkForUpdates(registration: ServiceWorkerRegistration): void {
  const check = () => {
    if (navigator.onLine) registration.update().catch(() => undefined);
  };
  window.setInterval(check, CHECK_EVERY_MS);
  // Signal back after a while without: the server may have moved on.
  window.addEventListener('online', check);
}

/**
 * Registers the service worker (once: the hook does it in a state initialiser and this component
 * is mounted once, in the root layout through pwa-extras.tsx) and offers a new version when one is
 * waiting. The worker waits for the person's Reload rather than taking over mid-task, so a
 * half-filled form is never lost to an update; `hidden` keeps the offer out of checkout.
 *
 * vite-plugin-pwa reloads every open tab when the new worker takes over: here only the tab whose
 * Reload was pressed reloads, so accepting in one tab never reloads another in the middle of its
 * checkout. The others keep the offer; their next missing script reloads them once, outside
 * checkout (chunk-reload.ts).
 */
export function UpdatePrompt({ hidden }: { hidden: boolean }) {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    immediate: true,
    onNeedReload: () => {
      if (reloadAsked) window.location.reload();
    },
    onRegisteredSW: (_url, registration) => {
      if (registration) checkForUpdates(registration);
    },
  });
  const busy = useSyncExternalStore(subscribeBusy, isBusy, () => false);
  const [reloading, setReloading] = useState(false);

  const reload = async () => {
    setReloading(true);
    // A request of the outbox being sent finishes first (busy.ts).
    await whenIdle();
    reloadAsked = true;
    const registration = await navigator.serviceWorker.getRegistration();
    // Another tab may have let the new worker take over already: then a reload is all it takes.
    if (registration?.waiting) await updateServiceWorker();
    else window.location.reload();
  };

  // The live region stays in the page so the message is announced when it appears.
  return (
    <div role="status" aria-live="polite">
      {needRefresh && !hidden ? (
        <div className={styles.prompt} data-testid="update-prompt" data-pwa-prompt="">
          <p className={styles.message}>{reloading && busy ? 'Reloading once your queued requests are sent…' : 'A new version is available'}</p>
          <div className={styles.actions}>
            <Button variant="accent" onClick={() => void reload()} aria-disabled={reloading || undefined}>
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
