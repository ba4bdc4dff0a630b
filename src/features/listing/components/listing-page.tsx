/**
 * A product listing, by category or by badge (SPEC §2): title and breadcrumbs, the product
 * counter, the sort dropdown, the products with infinite scroll, and the filter sidebar with the
 * three search forms: beside the list from 992px, an off-canvas panel behind a Filters button
 * below that. Filters, sort and pages live in the URL (the route owns it).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { formatNumber } from '../../../domain/text';
import { DESKTOP_QUERY } from '../../../shared/breakpoints';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { Breadcrumbs } from '../../../shared/ui/breadcrumbs';
import { Button } from '../../../shared/ui/button';
import { Sheet, SheetContent, SheetTrigger } from '../../../shared/ui/sheet';
import { useListingFilters } from '../api/get-listing-filters';
import type { ListingSource } from '../api/listing-query';
import { listingAnswerUrl } from '../api/listing-answer-url';
import { useOfflineAsOf } from '../../../shared/offline/kept-answer';
import { OfflineNotice } from '../../../shared/offline/offline-notice';
import { idsOf, searchOf } from '../listing-filters';
import { filtersOf, type ListingFilters, type ListingSearch } from '../listing-search';
import { listingProductsQueryOptions } from '../load-listing';
import { FilterPanel } from './filter-panel';
import styles from './listing-page.module.css';
import { ProductList } from './product-list';
import { SortMenu } from './sort-menu';

interface ListingPageProps {
  source: ListingSource;
  search: ListingSearch;
  /** The route's navigate: filters, sort and pages change the URL's query, not the scroll. */
  navigate: (options: { search: ListingSearch; replace: boolean; resetScroll: false }) => Promise<void>;
  /** The three search forms (composed by the route). */
  searchForms: ReactNode;
}


export function ListingPage({ source, search, navigate, searchForms }: ListingPageProps) {
  const filters = filtersOf(search);
  const options = useListingFilters(source);
  const query = useInfiniteQuery(listingProductsQueryOptions(source, filters));
  // Issue 16: a listing seen before opens offline from the worker's copy, as of when it was fetched.
  const asOf = useOfflineAsOf({ dataUpdatedAt: query.dataUpdatedAt, error: query.error, answerUrl: listingAnswerUrl(source, filters) });
  // The server cannot measure the screen: until hydration both the sidebar and the phone's
  // filters button are drawn and CSS shows the one for the width, so a desktop's first paint
  // already has its sidebar; from then on only the matching one is rendered.
  const hydrated = useHydrated();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const showSidebar = !hydrated || isDesktop;
  const showSheet = !hydrated || !isDesktop;
  const [sheetOpen, setSheetOpen] = useState(false);

  const onSearchChange = useCallback(
    (next: ListingSearch, { replace }: { replace: boolean }) => void navigate({ search: next, replace, resetScroll: false }),
    [navigate],
  );
  const apply = useCallback((next: ListingFilters) => onSearchChange(searchOf(next), { replace: false }), [onSearchChange]);
  const pagesLoaded = useCallback(
    (pages: number) => {
      const page = pages > 1 ? pages : undefined;
      if (page !== search.page) onSearchChange({ ...search, page }, { replace: true });
    },
    [onSearchChange, search],
  );

  const total = query.data?.pages[0]?.paginator.count;
  const shown = query.data?.pages.reduce((sum, page) => sum + page.products.length, 0) ?? 0;
  const activeFilters =
    idsOf(filters.badges).length + idsOf(filters.attribute).length + (filters.price_from !== undefined ? 1 : 0) + (filters.price_to !== undefined ? 1 : 0);

  const panel = <FilterPanel options={options} filters={filters} onApply={apply} />;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Breadcrumbs crumbs={[{ label: source.kind === 'badge' ? `${options.title} parts` : options.title }]} />
        <h1 className={styles.title}>{source.kind === 'badge' ? `${options.title} parts` : options.title}</h1>
        <OfflineNotice asOf={query.data ? asOf : undefined} />
      </header>

      <div className={styles.layout}>
        {showSidebar ? (
          <aside className={styles.sidebar} aria-labelledby="filters-title">
            <h2 id="filters-title" className={styles.sidebarTitle}>
              Filters
            </h2>
            {panel}
            {searchForms}
          </aside>
        ) : null}

        <section className={styles.main} aria-labelledby="products-count">
          <div className={styles.toolbar}>
            {showSheet ? (
              <Sheet open={sheetOpen} onOpenChange={setSheetOpen}>
                <SheetTrigger className={styles.filtersButton}>
                  Filters{activeFilters > 0 ? <span className={styles.filterCount}> ({activeFilters})</span> : null}
                </SheetTrigger>
                <SheetContent
                  title="Filters"
                  footer={
                    <Button variant="primary" onClick={() => setSheetOpen(false)}>
                      Close
                    </Button>
                  }
                >
                  {panel}
                  {searchForms}
                </SheetContent>
              </Sheet>
            ) : null}
            <p id="products-count" className={styles.counter} role="status" aria-live="polite">
              {total === undefined ? 'Loading products…' : total === 1 ? '1 product' : `${formatNumber(total)} products`}
              {total !== undefined && total > 0 && shown < total ? <span className={styles.shown}> · showing {formatNumber(shown)}</span> : null}
            </p>
            <SortMenu sort={filters.sort} direction={filters.direction} onSave={(sort, direction) => apply({ ...filters, sort, direction })} />
          </div>
          <ProductList query={query} wantedPages={search.page ?? 1} onPagesLoaded={pagesLoaded} />
        </section>
      </div>
    </div>
  );
}
