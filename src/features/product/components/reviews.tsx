/**
 * Reviews of a product (SPEC §2, §4): 4 a page, 'Show more reviews' appends the next page while
 * one is left. A failed load is ignored (SPEC §8): the block stays as it was. Buyers' reviews
 * (issue 32) carry their title and 'Verified buyer' beside the buyer's first name; the summary
 * (average and count of every review shown) comes with the page's data, as the JSON-LD's rating.
 */
import { formatLongDate, parseShopDate } from '../../../domain/dates';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { Button } from '../../../shared/ui/button';
import { useReviews } from '../api/get-reviews';
import styles from './reviews.module.css';

function Stars({ rate }: { rate: number }) {
  return (
    <span className={styles.stars} role="img" aria-label={`Rated ${rate} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= rate ? styles.on : styles.off}>
          ★
        </span>
      ))}
    </span>
  );
}

export function Reviews({ productId, headingId, rating }: { productId: number; headingId: string; rating: { count: number; average: number } | null }) {
  const fetched = useReviews(productId);
  // The server draws this block loading; it may hydrate after its reviews have arrived (another
  // copy of it, the phone's or the desktop's layout, asked first; offline the worker answers at
  // once): until hydrated it draws what the server drew, or React throws the page away (#418).
  const hydrated = useHydrated();
  const reviews = hydrated ? fetched : { ...fetched, data: undefined, isPending: true, hasNextPage: false };
  const records = reviews.data?.pages.flatMap((page) => page.records) ?? [];

  return (
    <section className={styles.reviews} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          Customer reviews
        </h2>
        {rating ? (
          <p className={styles.summary}>
            <Stars rate={Math.round(rating.average)} /> {rating.average.toFixed(1)} out of 5 · {rating.count === 1 ? '1 review' : `${rating.count} reviews`}
          </p>
        ) : null}
      </div>
      {reviews.isPending ? <p className={styles.empty}>Loading reviews…</p> : null}
      {!reviews.isPending && records.length === 0 ? <p className={styles.empty}>No reviews of this part yet.</p> : null}
      {records.length > 0 ? (
        <ul className={styles.list} role="list">
          {records.map((review) => (
            <li key={`${review.verified ? 'buyer' : 'shop'}-${review.id}`} className={styles.review}>
              <article>
                <header className={styles.reviewHead}>
                  <Stars rate={review.rate} />
                  <h3 className={styles.name}>{review.title ?? review.name}</h3>
                  {review.verified ? (
                    <p className={styles.buyer}>
                      {review.name} <span className={styles.verified}>
                        <span aria-hidden="true">✓ </span>Verified buyer
                      </span>
                    </p>
                  ) : null}
                  <p className={styles.date}>
                    <time dateTime={review.created}>{formatLongDate(parseShopDate(review.created))}</time>
                  </p>
                </header>
                <p className={styles.content}>{review.content}</p>
              </article>
            </li>
          ))}
        </ul>
      ) : null}
      {reviews.hasNextPage ? (
        <Button variant="secondary" onClick={() => void reviews.fetchNextPage()} aria-disabled={reviews.isFetchingNextPage}>
          {reviews.isFetchingNextPage ? 'Loading…' : 'Show more reviews'}
        </Button>
      ) : null}
    </section>
  );
}
