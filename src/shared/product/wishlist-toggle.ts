/**
 * The heart's toggle, loaded on the first tap: POST /wishlist/toggle with an Idempotency-Key, then
 * the hearts' Tags and the wishlist screen follow the answer; without signal the tap waits in the
 * outbox (the heart shows it at once). Signed out (or a session that has ended: 401) it opens the
 * login modal and sends the same toggle once the visitor has signed in (SPEC §6).
 */
import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/idempotency';
import { toggleWishlist } from '../../contract/wishlist';
import { t } from '../../domain/messages';
import '../../domain/messages-more';
import { openLoginModal } from '../account/login-modal-state';
import { isApiError } from '../api/api-error';
import { apiOf } from '../api/client';
import { newIdempotencyKey } from '../api/idempotency';
import { QUEUED_MESSAGE, sendOrQueue } from '../outbox/send-or-queue';
import { wishlistTagsQueryOptions } from './wishlist-tags';

/**
 * The hearts' Tags with the part on or off the list. A read of the Tags still on its way is
 * cancelled first: taken before the toggle, it would answer after it and turn the heart back
 * (seen on a busy machine: the page's first read of the Tags outlasted the toggle).
 */
async function showOnList(client: QueryClient, tag: string, on: boolean): Promise<void> {
  await client.cancelQueries({ queryKey: wishlistTagsQueryOptions().queryKey });
  client.setQueryData<string[]>(wishlistTagsQueryOptions().queryKey, (tags = []) => (on ? [...tags.filter((each) => each !== tag), tag] : tags.filter((each) => each !== tag)));
}

/** The part tapped: its Tag, its name (for the outbox's list) and whether its heart showed it on the list. */
interface Tapped {
  tag: string;
  name: string;
  wasOn: boolean;
}

async function send(client: QueryClient, { tag, name, wasOn }: Tapped): Promise<void> {
  const idempotencyKey = newIdempotencyKey();
  try {
    // Without signal the tap waits in the outbox with this key (a toggle sent twice would undo itself).
    const result = await sendOrQueue({ id: idempotencyKey, kind: 'wishlist', label: `${wasOn ? 'Off the wishlist' : 'On the wishlist'}: ${name}`, body: { tag } }, () =>
      apiOf(client)(toggleWishlist, { body: { tag }, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
    );
    if (!result.sent) {
      // The heart shows the tap at once; the Tags are read again once the outbox has sent it.
      await showOnList(client, tag, !wasOn);
      toast.info(QUEUED_MESSAGE);
      return;
    }
    await showOnList(client, tag, result.answer.on_member_wishlist);
    void client.invalidateQueries({ queryKey: ['wishlist', 'list'] });
    toast.success(result.answer.msg);
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      openLoginModal(() => void send(client, { tag, name, wasOn }));
      return;
    }
    toast.error(isApiError(error) ? error.msg : t('account.wishlist_failed'));
  }
}

export async function toggleWishlistHeart(client: QueryClient, tapped: Tapped, signedIn: boolean): Promise<void> {
  if (!signedIn) {
    openLoginModal(() => void send(client, tapped));
    return;
  }
  await send(client, tapped);
}
