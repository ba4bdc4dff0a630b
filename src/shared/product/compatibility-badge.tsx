import { compatibility } from '../../domain/compatibility';
import { t } from '../../domain/messages';
import styles from './product-card.module.css';

/**
 * The compatibility badge of SPEC §2/§4 (unknown, exact, likely, optional); level 100 (unsure)
 * and anything unknown show nothing. The class never carries the meaning alone: the text says it.
 */
export function CompatibilityBadge({ level }: { level: number | null | undefined }) {
  const fit = compatibility(level);
  if (!fit.showsBadge) return null;
  return <p className={`${styles.badge} ${styles[`badge-${fit.className}`] ?? ''}`}>{t(fit.labelKey)}</p>;
}
