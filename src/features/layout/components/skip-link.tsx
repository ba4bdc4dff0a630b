import styles from './skip-link.module.css';

/** First stop for keyboard users: jumps past the header to the page's own content. */
export function SkipLink() {
  return (
    <a className={styles.skip} href="#main">
      Skip to main content
    </a>
  );
}
