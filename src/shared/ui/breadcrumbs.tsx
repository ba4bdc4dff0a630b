import { Link } from '@tanstack/react-router';
import styles from './breadcrumbs.module.css';

/** A breadcrumb trail that starts at the home page; the last crumb is the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly { label: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className={styles.nav}>
      <ol className={styles.list}>
        <li className={styles.crumb}>
          <Link to="/">Home</Link>
        </li>
        {crumbs.map((crumb, index) => (
          <li key={`${index}-${crumb.label}`} className={styles.crumb} aria-current={index === crumbs.length - 1 ? 'page' : undefined}>
            {crumb.label}
          </li>
        ))}
      </ol>
    </nav>
  );
}
