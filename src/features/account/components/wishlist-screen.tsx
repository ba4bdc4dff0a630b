/**
 * 'My wishlist' (issue 15): the parts the member keeps, newest first, each with its picture, name
 * and price; a sold part is marked sold and can only be removed.
 */
import { toast } from 'sonner';
import { formatMoney } from '../../../domain/money';
import { isApiError } from '../../../shared/api/api-error';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { ProductImage } from '../../../shared/product/product-image';
import { useRemoveFromWishlist, useWishlist } from '../api/wishlist';
import { t } from '../../../domain/messages';
import styles from './account.module.css';
import '../../../domain/messages-more';

export function WishlistScreen() {
  const hydrated = useHydrated();
  const wishlist = useWishlist();
  const remove = useRemoveFromWishlist();
  const items = wishlist.isError ? [] : (wishlist.data ?? null);

  const removeItem = async (tag: string) => {
    try {
      const answer = await remove.mutateAsync(tag);
      toast.success(answer.msg);
    } catch (error) {
      toast.error(isApiError(error) ? error.msg : t('account.wishlist_failed'));
    }
  };

  return (
    <section aria-labelledby="wishlist-title">
      <div className={styles.screenHead}>
        <h1 id="wishlist-title">My wishlist</h1>
      </div>
      {items === null ? (
        <p role="status">Loading your wishlist…</p>
      ) : items.length === 0 ? (
        <p className={styles.empty}>{t('account.wishlist_empty')}</p>
      ) : (
        <ul role="list" className={styles.wishlist}>
          {items.map((item) => (
            <li key={item.tag} className={styles.wishItem}>
              <ProductImage src={item.image} alt="" width={320} height={240} />
              {item.sold ? <span className={styles.sold}>Sold</span> : !item.available ? <span className={styles.badge}>Not available now</span> : null}
              <a href={item.url}>
                <strong>{item.name}</strong>
              </a>
              <span>
                {formatMoney(item.price)} <span className={styles.muted}>inc. VAT</span>
              </span>
              <span className={styles.muted}>Ref {item.tag}</span>
              <button
                type="button"
                className={styles.linkButton}
                disabled={!hydrated}
                aria-disabled={remove.isPending}
                onClick={() => void removeItem(item.tag)}
                aria-label={`Remove ${item.name} (${item.tag}) from your wishlist`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
