/**
 * A member's wishlist (SPEC §1, §2, §3 on_member_wishlist, §6): parts kept by Tag, listed with
 * what they show now (a sold part stays, marked sold), the Tags for the hearts, and the toggle.
 * Only the signed-in member's own list is ever read or changed; a checkout guest is nobody here.
 */
import type { WishlistItem } from '../../../src/contract/wishlist';
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import { grossFromNet } from '../../../src/domain/money';
import { partTypeName } from '../../../src/domain/part-types';
import { productPath } from '../../../src/domain/urls';
import type { Database } from '../../db/client';
import { conflict, notFound, unauthorised } from '../../errors';
import { thumbUrl } from '../thumbs/index';
import { createWishlistRepository, type WishlistRecord } from './repository';

function wishlistItem(record: WishlistRecord): WishlistItem {
  const formattedName = partTypeName(record.partName, [{ Name: record.partTypeName, ExternalName: record.partTypeExternalName }]);
  return {
    tag: record.tag,
    name: `${record.makeName} ${record.modelName} ${formattedName}`,
    image: record.imageId === null ? '' : thumbUrl(record.imageId),
    price: grossFromNet(record.priceNet),
    url: productPath({ make: record.makeName, model: record.modelName, partName: formattedName, tag: record.tag }),
    available: record.status === 'available',
    sold: record.status === 'sold',
    added: new Date(record.createdAt).toISOString(),
  };
}

/** What other modules may ask: whether a part is on the session's member's list (false for nobody or a checkout guest, who have none). */
export function createWishlistReader(db: Database) {
  const repository = createWishlistRepository(db);
  return {
    isOnWishlist: async (signedIn: number | null, tag: string): Promise<boolean> => signedIn !== null && repository.has(signedIn, tag),
  };
}

export function createWishlistService({ db, now }: { db: Database; now: () => Date }) {
  const repository = createWishlistRepository(db);

  /** The signed-in member's id, or 401. */
  async function memberId(signedIn: number | null): Promise<number> {
    if (signedIn === null || !(await repository.isMember(signedIn))) throw unauthorised(t('wishlist.sign_in_required'));
    return signedIn;
  }

  return {
    async list(signedIn: number | null): Promise<WishlistItem[]> {
      return (await repository.items(await memberId(signedIn))).map(wishlistItem);
    },

    async tags(signedIn: number | null): Promise<string[]> {
      return repository.tags(await memberId(signedIn));
    },

    /**
     * Takes the part off the list when it is there, else puts it on: a part the catalogue does
     * not have is not found, a sold one cannot be added (it can still be taken off).
     */
    async toggle(signedIn: number | null, tag: string): Promise<{ on_member_wishlist: boolean; msg: string }> {
      const member = await memberId(signedIn);
      if (await repository.remove(member, tag)) return { on_member_wishlist: false, msg: t('wishlist.removed') };
      const status = await repository.partStatus(tag);
      if (status === null) throw notFound(t('wishlist.part_not_found'));
      if (status === 'sold') throw conflict(t('wishlist.sold'));
      // Two taps racing: the second finds it there and still answers that it is on the list.
      await repository.add(member, tag, now());
      return { on_member_wishlist: true, msg: t('wishlist.added') };
    },
  };
}
