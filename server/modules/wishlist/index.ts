// The wishlist module as other modules see it: its routes (the list, the Tags for hearts, the
// toggle), and the reader, whose isOnWishlist fills a signed-in member's part answers.
import type { Database } from '../../db/client';
import { createWishlistRepository } from './repository';
export { wishlistRoutes } from './routes';
export { createWishlistReader } from './service';

/** A step of a member's account deletion (members' erasure steps, given by the app): its wishlist goes; on `tx`, the deletion's transaction. */
export function eraseMemberWishlist(tx: Database, { memberId }: { memberId: number }): Promise<void> {
  return createWishlistRepository(tx).eraseMember(memberId);
}
