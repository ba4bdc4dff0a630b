import type { CSSProperties } from 'react';
import styles from './account.module.css';

/** A status in the colour the API gives (SPEC §3 color_rgba), readable whatever that colour is. */
export function StatusBadge({ name, colour }: { name: string; colour: string }) {
  return (
    <span className={styles.badge} style={{ borderColor: colour, '--badge-colour': colour } as CSSProperties}>
      {name}
    </span>
  );
}
