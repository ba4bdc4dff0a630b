/** The pages of a list answered with the contract's paginator (src/contract/catalogue.ts). */
export interface PageFacts {
  page: number;
  pageCount: number;
  /** How many records in all. */
  count: number;
}

/**
 * Previous / next and 'Page 2 of 7 (134 records)'. The screen keeps the page in its URL (a route's
 * `validateSearch`) and passes `onPage`, which navigates.
 */
export function Paginator({ paginator, onPage, label = 'Pages' }: { paginator: PageFacts; onPage: (page: number) => void; label?: string }) {
  const { page, pageCount, count } = paginator;
  if (pageCount <= 1) return <p className="bo-paginator__summary">{count === 1 ? '1 record' : `${count} records`}</p>;
  return (
    <nav className="bo-paginator" aria-label={label}>
      <button type="button" className="bo-button bo-button--secondary bo-button--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="bo-paginator__summary" aria-current="page">
        Page {page} of {pageCount} ({count} records)
      </span>
      <button type="button" className="bo-button bo-button--secondary bo-button--small" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
