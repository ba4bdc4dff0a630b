import { Link } from '@tanstack/react-router';
import { buttonClassName } from '../../../shared/ui/button';
import styles from '../../../shared/ui/status.module.css';

/** The 404 screen, inside the normal layout so the header, search and cart stay at hand. */
export function NotFoundPage() {
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <p className={styles.code}>Error 404</p>
      <h1 id="not-found-title" className={styles.title}>
        We can’t find that page
      </h1>
      <p className={styles.text}>The link may be old or mistyped. The part you were after may still be in stock — try a search by registration, part number or make and model.</p>
      <div className={styles.actions}>
        <Link to="/" hash="search" className={buttonClassName('primary')}>
          Search for a part
        </Link>
        <Link to="/" className={buttonClassName('secondary')}>
          Go to the home page
        </Link>
      </div>
    </section>
  );
}
