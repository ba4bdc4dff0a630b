/**
 * The share control (SPEC §2): under 576 px the device's share sheet, elsewhere a menu of copy
 * link, e-mail, WhatsApp, Facebook, X and Reddit. The menu's code loads on the first click (and
 * is warmed as the pointer or focus reaches the button), so it costs the page nothing until used.
 */
import { Suspense, useState } from 'react';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import { SHARE_SHEET_QUERY } from '../../../shared/breakpoints';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { ShareIcon, shareTriggerClassName } from './share-icon';
import { lazyWhenOnline } from '../../../shared/lazy-when-online';

const ShareMenu = lazyWhenOnline(() => import('./share-menu'));
const warm = () => void import('./share-menu');

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
