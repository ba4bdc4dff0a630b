import { Link } from '@tanstack/react-router';
import styles from './breadcrumbs.module.css';

/**
 * A breadcrumb trail that starts at the home page; the last crumb is the current page. A crumb
 * with an `href` (a category on the product page) is a link.
 */
export function Breadcrumbs({ crumbs }: { crumbs: readonly { label: string; href?: string | null | undefined }[] }) {
  return (
    <nav aria-label="Breadcrumb" className={styles.nav}>
      <ol className={styles.list}>
        <li className={styles.crumb}>
          <Link to="/">Home</Link>
        </li>
        {crumbs.map((crumb, index) => (
          <li key={`${index}-${crumb.label}`} className={styles.crumb} aria-current={index === crumbs.length - 1 ? 'page' : undefined}>
            {crumb.href && index < crumbs.length - 1 ? <a href={crumb.href}>{crumb.label}</a> : crumb.label}
          </li>
        ))}
      </ol>
    </nav>
  );
}
