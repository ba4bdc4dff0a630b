// What happens to carts at sign-in, for the members' and the checkout's sign-in through
// cart/index.ts (the SQL and its rules: merge-repository.ts).
import type { Database } from '../../db/client';
import { joinCartsAtSignIn as joinCarts } from './merge-repository';

/** The visitor's cart joins the member's, moved to the rotated session's id. */
export function joinCartsAtSignIn(db: Database, move: { previousSessionId: string | null; newSessionId: string; memberId: number }): Promise<void> {
  return joinCarts(db, move);
}
