import type { ReactNode } from 'react';
import styles from './status.module.css';

/** Shown while a page's data loads for longer than the router's pending delay. */
export function PagePending() {
  return (
    <div className={styles.pending} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      Loading…
    </div>
  );
}

/** A part of a page that is loading (a lookup, a search, the next products), saying what. */
export function InlinePending({ children }: { children: ReactNode }) {
  return (
    <p className={styles.loading} role="status">
      <span className={styles.spinnerSmall} aria-hidden="true" />
      {children}
    </p>
  );
}
