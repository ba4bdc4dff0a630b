import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** A status in words on a coloured ground (the words carry the meaning; the colour only helps). */
export function StatusBadge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`bo-badge bo-badge--${tone}`}>{children}</span>;
}
