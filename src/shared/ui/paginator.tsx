/**
 * The paginator of SPEC §2 and §9: previous, the first and last pages always, 3 pages either side
 * of the current one with a gap where pages are left out, and next. The pages come from
 * src/domain/paginator (pageWindow); the current page is marked with aria-current.
 */
import { pageWindow } from '../../domain/paginator';
import styles from './paginator.module.css';

interface PaginatorProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Orders pages'. */
  label?: string;
}

export function Paginator({ page, pageCount, onPageChange, label = 'Pages' }: PaginatorProps) {
  const pager = pageWindow(page, pageCount);
  if (pager.items.length <= 1) return null;
  const go = (target: number) => () => {
    if (target !== pager.current) onPageChange(target);
  };
  return (
    <nav className={styles.paginator} aria-label={label}>
      <ul role="list" className={styles.list}>
        <li>
          <button type="button" className={styles.step} onClick={go(pager.current - 1)} disabled={!pager.hasPrevious}>
            <span aria-hidden="true">‹ </span>Previous<span className="visually-hidden"> page</span>
          </button>
        </li>
        {pager.items.map((item) =>
          item.kind === 'gap' ? (
            <li key={`gap-${item.after}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                className={styles.page}
                onClick={go(item.page)}
                aria-current={item.page === pager.current ? 'page' : undefined}
                aria-label={`Page ${item.page}`}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" className={styles.step} onClick={go(pager.current + 1)} disabled={!pager.hasNext}>
            Next<span className="visually-hidden"> page</span>
            <span aria-hidden="true"> ›</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
