/**
 * The share control (SPEC §2): under 576 px the device's share sheet, elsewhere a menu of copy
 * link, e-mail, WhatsApp, Facebook, X and Reddit. The menu's code loads on the first click (and
 * is warmed as the pointer or focus reaches the button), so it costs the page nothing until used.
 */
import { lazy, Suspense, useState } from 'react';
import { t } from '../../../domain/messages';
import { SHARE_SHEET_QUERY } from '../../../shared/breakpoints';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { buttonClassName } from '../../../shared/ui/button';
import styles from './part-page.module.css';

const ShareMenu = lazy(() => import('./share-menu'));
const warm = () => void import('./share-menu');

export function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
    </svg>
  );
}

export const shareTriggerClassName = buttonClassName('quiet', { className: styles.share });

/** @param url the address to share; leave out for the page's own (read when used, never while rendering). */
export function ShareButton({ url, title = t('product.share_title') }: { url?: string | undefined; title?: string }) {
  const sheet = useMediaQuery(SHARE_SHEET_QUERY);
  const [menu, setMenu] = useState(false);
  const trigger = (
    <button
      type="button"
      className={shareTriggerClassName}
      aria-haspopup="menu"
      onPointerEnter={warm}
      onFocus={warm}
      onClick={() => {
        if (sheet && typeof navigator.share === 'function') {
          // A dismissed sheet rejects; nothing to tell the person.
          navigator.share({ title, url: url || window.location.href }).catch(() => undefined);
          return;
        }
        setMenu(true);
      }}
    >
      <ShareIcon />
      Share
    </button>
  );
  if (!menu) return trigger;
  return (
    <Suspense fallback={trigger}>
      <ShareMenu url={url || window.location.href} title={title} />
    </Suspense>
  );
}
