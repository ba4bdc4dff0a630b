/**
 * The heart's toggle, loaded on the first tap: POST /wishlist/toggle, then the hearts' Tags and the
 * wishlist screen follow the answer. Signed out (or a session that has ended: 401) it opens the
 * login modal and sends the same toggle once the visitor has signed in (SPEC §6).
 */
import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { toggleWishlist } from '../../contract/wishlist';
import { t } from '../../domain/messages';
import '../../domain/messages-more';
import { openLoginModal } from '../account/login-modal-state';
import { isApiError } from '../api/api-error';
import { apiOf } from '../api/client';
import { wishlistTagsQueryOptions } from './wishlist-tags';

async function send(client: QueryClient, tag: string): Promise<void> {
  try {
    const answer = await apiOf(client)(toggleWishlist, { body: { tag } });
    client.setQueryData<string[]>(wishlistTagsQueryOptions().queryKey, (tags = []) =>
      answer.on_member_wishlist ? [...tags.filter((each) => each !== tag), tag] : tags.filter((each) => each !== tag),
    );
    void client.invalidateQueries({ queryKey: ['wishlist', 'list'] });
    toast.success(answer.msg);
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      openLoginModal(() => void send(client, tag));
      return;
    }
    toast.error(isApiError(error) ? error.msg : t('account.wishlist_failed'));
  }
}

export async function toggleWishlistHeart(client: QueryClient, tag: string, signedIn: boolean): Promise<void> {
  if (!signedIn) {
    openLoginModal(() => void send(client, tag));
    return;
  }
  await send(client, tag);
}
