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
