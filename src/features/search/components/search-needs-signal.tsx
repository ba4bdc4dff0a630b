/**
 * A search made without signal that was never made before (issue 16): nothing kept can answer
 * it, so the results say so plainly, keep what was typed (the forms beside them are filled from
 * the address, and the search runs again by itself when the signal returns) and offer the part
 * request form, which can be sent now.
 */
import { useEffect, type ReactNode } from 'react';
import type { CategoriesSearch } from '../../../domain/search';
import { PART_REQUEST_ANCHOR, scrollToAnchor } from '../../../shared/anchors';
import { Button } from '../../../shared/ui/button';
import styles from '../../../shared/offline/offline.module.css';

/** What the person searched for, in their words. */
function searchedFor(search: CategoriesSearch): string {
  if (search.vrn) return `registration ${search.vrn}`;
  if (search.oem) return `part number ${search.oem}`;
  if (search.stock) return `stock number ${search.stock}`;
  return [search.year, search.make, search.model].filter(Boolean).join(' ');
}

interface SearchNeedsSignalProps {
  search: CategoriesSearch;
  retry: () => void;
  partRequest: ReactNode;
}

export function SearchNeedsSignal({ search, retry, partRequest }: SearchNeedsSignalProps) {
  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);
  const what = searchedFor(search);
  return (
    <>
      <section className={styles.needsSignal} role="alert" aria-labelledby="search-needs-signal" data-testid="search-needs-signal">
        <h2 id="search-needs-signal" className={styles.needsSignalTitle}>
          This search needs signal
        </h2>
        <p className={styles.needsSignalText}>
          You are offline and {what ? <strong>{what}</strong> : 'this search'} has not been searched on this phone before. Your search is kept in
          the form: it runs as soon as you have signal again. You can also ask us to find the part now.
        </p>
        <div className={styles.actions}>
          <Button variant="primary" onClick={retry}>
            Try again
          </Button>
          <Button variant="secondary" onClick={() => scrollToAnchor(PART_REQUEST_ANCHOR)}>
            Request this part
          </Button>
        </div>
      </section>
      {partRequest}
    </>
  );
}
