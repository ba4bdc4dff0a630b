/**
 * The wishlist heart on product cards and the part page (issue 15, SPEC §6). A signed-in page reads
 * the member's wishlisted Tags once (GET /wishlist/tags.json, contract/wishlist.ts) and each heart
 * shows whether its part is among them. The toggle's code loads on the first tap
 * (wishlist-toggle.ts); a signed-out tap opens the login modal and completes after sign-in.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isSignedInMember, useAppProps } from '../app-props';
import { useHydrated } from '../hooks/use-hydrated';
import styles from './wishlist-heart.module.css';
import { wishlistTagsQueryOptions } from './wishlist-tags';

/**
 * `onWishlist` is what the product's own answer said (a part page's on_member_wishlist, true in a
 * signed-in member's answer): the heart shows it from the first paint, until the Tags arrive.
 */
export function WishlistHeart({ tag, name, className, onWishlist = false }: { tag: string; name: string; className?: string | undefined; onWishlist?: boolean }) {
  const client = useQueryClient();
  const hydrated = useHydrated();
  const signedIn = isSignedInMember(useAppProps());
  const tags = useQuery({ ...wishlistTagsQueryOptions(), enabled: signedIn });
  const [working, setWorking] = useState(false);
  const on = signedIn && (tags.data ? tags.data.includes(tag) : onWishlist);

  const toggle = async () => {
    if (working) return;
    setWorking(true);
    try {
      const { toggleWishlistHeart } = await import('./wishlist-toggle');
      await toggleWishlistHeart(client, { tag, name, wasOn: on }, signedIn);
    } finally {
      setWorking(false);
    }
  };

  return (
    <button
      type="button"
      className={[styles.heart, className].filter(Boolean).join(' ')}
      aria-pressed={on}
      aria-label={`Save to wishlist: ${name}`}
      aria-busy={working || undefined}
      disabled={!hydrated}
      onClick={() => void toggle()}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.2 5.3 3.1 1.7-1.9 3.2-3.1 5.3-3.1 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
