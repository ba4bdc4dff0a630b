/**
 * The RRP line's explanation (SPEC §2 'RRP line with popover'). The popover's positioning code is
 * not part of the page's first download: the button is a plain one until its first use, then the
 * popover loads and opens in its place (and is warmed as the pointer or focus arrives).
 */
import { Suspense, useState } from 'react';
import styles from './part-page.module.css';
import { RRP_LABEL } from './rrp-label';
import { lazyWhenOnline } from '../../../shared/lazy-when-online';

const RrpPopover = lazyWhenOnline(() => import('./rrp-popover'));
const warm = () => void import('./rrp-popover');

export function RrpInfo() {
  const [used, setUsed] = useState(false);
  const trigger = (
    <button type="button" className={styles.infoButton} aria-label={RRP_LABEL} aria-haspopup="dialog" aria-expanded={false} onPointerEnter={warm} onFocus={warm} onClick={() => setUsed(true)}>
      <span aria-hidden="true">i</span>
    </button>
  );
  if (!used) return trigger;
  return (
    <Suspense fallback={trigger}>
      <RrpPopover />
    </Suspense>
  );
}
