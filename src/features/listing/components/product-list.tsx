/**
 * The products of a listing with infinite scroll (SPEC §2, §4): when the marker after the last
 * card comes near the screen the next page is appended, one load at a time, until the last page.
 * A 'Show more' button does the same for keyboards and for browsers without the observer. The
 * URL's page (pages loaded) is restored by loading up to it.
 */
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { t } from '../../../domain/messages';
import { canLoadMore } from '../../../domain/paginator';
import { useInView } from '../../../shared/hooks/use-in-view';
import { GarageFitScope } from '../../../shared/garage/garage-fit';
import { ProductCard, productGridClassName } from '../../../shared/product/product-card';
import { Button } from '../../../shared/ui/button';
import { InlinePending } from '../../../shared/ui/page-pending';
import type { ListingPage } from '../api/listing-query';
import styles from './listing-page.module.css';

interface ProductListProps {
  query: UseInfiniteQueryResult<InfiniteData<ListingPage>>;
  /** Pages the URL says were loaded. */
  wantedPages: number;
  onPagesLoaded: (pages: number) => void;
}

export function ProductList({ query, wantedPages, onPagesLoaded }: ProductListProps) {
  const pages = query.data?.pages ?? [];
  const last = pages.at(-1);
  const loaded = pages.length;
  const pageCount = last?.paginator.pageCount ?? 0;
  const more = canLoadMore({ page: last?.paginator.page ?? 0, pageCount, loading: query.isFetching });
  const loadMore = () => {
    if (more && query.hasNextPage) void query.fetchNextPage({ cancelRefetch: false });
  };

  // Restore the pages of a reload or a shared link, one after another.
  useEffect(() => {
    if (loaded > 0 && loaded < wantedPages && more && query.hasNextPage) void query.fetchNextPage({ cancelRefetch: false });
  }, [loaded, wantedPages, more, query]);

  // Keep the URL's page in step with what is on screen.
  useEffect(() => {
    if (loaded > 0 && !query.isFetching) onPagesLoaded(loaded);
  }, [loaded, query.isFetching, onPagesLoaded]);

  const marker = useInView<HTMLDivElement>(loadMore, `${loaded}-${query.isFetching}`);

  if (query.isError && loaded === 0) {
    // SPEC §8: a listing that fails to load shows the global error and no products.
    return (
      <div className={styles.error} role="alert">
        <p>{t('global.error')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const products = pages.flatMap((page) => page.products);
  if (query.isSuccess && products.length === 0) {
    return (
      <p className={styles.empty} role="status">
        {t('filters.no_products')}
      </p>
    );
  }

  return (
    <>
      <GarageFitScope tags={products.map((product) => product.Tag)}>
        <ul className={productGridClassName} aria-label="Products" aria-busy={query.isFetching}>
          {products.map((product, index) => (
            <li key={product.Tag}>
              {/* h2: on a phone the filters (and their h2) are off-canvas, so the cards follow the h1. */}
              <ProductCard product={product} eager={index < 4} priority={index === 0} headingLevel={2} />
            </li>
          ))}
        </ul>
      </GarageFitScope>
      <div ref={marker} className={styles.more}>
        {query.isFetchingNextPage ? (
          <InlinePending>Loading more products…</InlinePending>
        ) : query.hasNextPage ? (
          <Button variant="secondary" onClick={loadMore}>
            Show more products
          </Button>
        ) : products.length > 0 ? (
          <p className={styles.end}>You have seen all {products.length} products.</p>
        ) : null}
        {query.isError && loaded > 0 ? (
          <p className={styles.errorInline} role="alert">
            {t('global.error')}
          </p>
        ) : null}
      </div>
    </>
  );
}
