import { useState } from 'react';
import { Button } from '../ui/button';
import { forgetInstallOffer, installOffer } from './install-events';
import styles from './install-prompt.module.css';

interface InstallPromptProps {
  kind: 'prompt' | 'ios';
  /** 'Not now', or the browser's install dialog cancelled: the offer rests for a while. */
  onDismiss: () => void;
}

/** Safari's Share symbol (a box with an arrow up), as the toolbar shows it. */
function ShareSymbol() {
  return (
    <svg className={styles.shareSymbol} viewBox="0 0 20 24" aria-hidden="true" focusable="false">
      <path d="M10 2v13M5.5 6.5 10 2l4.5 4.5M6 10H3.5v11.5h13V10H14" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The shop's own install offer, after a second visit (install-rules.ts): Chromium's install dialog
 * behind an Install button, or on iOS Safari, which has no such dialog, the three taps of 'Add to
 * Home Screen'. Not a dialog: it sits at the foot of the screen and the page stays usable.
 */
export function InstallPrompt({ kind, onDismiss }: InstallPromptProps) {
  const [busy, setBusy] = useState(false);

  const install = async () => {
    const offer = installOffer();
    if (!offer) return;
    setBusy(true);
    try {
      await offer.prompt();
      const choice = await offer.userChoice;
      // The offer can be used once; 'accepted' is followed by appinstalled (install-events.ts).
      forgetInstallOffer();
      if (choice.outcome === 'dismissed') onDismiss();
    } catch {
      forgetInstallOffer();
    } finally {
      setBusy(false);
    }
  };

  return (
    <aside className={styles.install} aria-labelledby="install-title" data-testid="install-prompt">
      {kind === 'prompt' ? (
        <>
          <h2 id="install-title" className={styles.installTitle}>
            Install PartsFinder
          </h2>
          <p className={styles.installText}>Open the shop from your home screen like an app. The parts you viewed stay on this device for when the signal drops.</p>
          <div className={styles.actions}>
            <Button variant="accent" onClick={() => void install()} aria-disabled={busy || undefined}>
              Install
            </Button>
            <Button variant="quiet" onClick={onDismiss}>
              Not now
            </Button>
          </div>
        </>
      ) : (
        <>
          <h2 id="install-title" className={styles.installTitle}>
            Add PartsFinder to your Home Screen
          </h2>
          <ol className={styles.steps}>
            <li>
              Tap <ShareSymbol /> <strong>Share</strong> in Safari’s toolbar.
            </li>
            <li>
              Scroll down and tap <strong>Add to Home Screen</strong>.
            </li>
            <li>
              Tap <strong>Add</strong>.
            </li>
          </ol>
          <div className={styles.actions}>
            <Button variant="quiet" onClick={onDismiss}>
              Not now
            </Button>
          </div>
        </>
      )}
    </aside>
  );
}
