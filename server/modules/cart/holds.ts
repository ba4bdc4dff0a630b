/**
 * The cart hold (issue 32): a cart line that holds its part moves the part from available to
 * reserved in the same transaction as the line's hold, and back when the hold ends. The lines are
 * the cart's (hold-repository.ts), the parts' status the catalogue's (its `createPartStatus`, on
 * the same handle). Every function that moves both runs on a transaction: the caller's, or one of
 * its own (`endHoldsDue`), so a hold's end and its part's return commit together.
 */
import type { Database } from '../../db/client';
import { createPartStatus } from '../catalogue/index';
import { createCartHoldRepository } from './hold-repository';

export function createCartHolds(db: Database) {
  const lines = createCartHoldRepository(db);
  const parts = createPartStatus(db);
  return {
    /** Reserves the part if it is on sale; answers whether it did. */
    reservePart: (tag: string) => parts.reserveOne(tag),

    /**
     * The line holds its part until `until`: made (or its hold renewed) with the part's move to
     * reserved, on the caller's transaction. Answers false, changing nothing, when the part is not
     * on sale.
     */
    async holdNewLine(cartId: number, tag: string, warrantyId: number | null, until: Date): Promise<boolean> {
      if (!(await parts.reserveOne(tag))) return false;
      await lines.holdLine(cartId, tag, warrantyId, until);
      return true;
    },

    /**
     * A hold still in force starts afresh until `until` (no new reservation: the part is the
     * line's already). False when the hold had ended: the part must be reserved again.
     */
    async renewHold(lineId: number, until: Date): Promise<boolean> {
      const tags = await lines.renewHold(lineId, until);
      // The part's row is touched so the catalogue's kept answers (stock version) show the new end.
      await parts.touch(tags);
      return tags.length > 0;
    },

    /** The line holds its part again from now: the part was reserved for it by the caller. */
    restartHold: (lineId: number, until: Date) => lines.restartHold(lineId, until),

    /** Removes the line; a hold it still had ends with it and its part is back on sale (on the caller's transaction). */
    async removeHeldLine(lineId: number): Promise<void> {
      await parts.putBack(await lines.removeIfHolding(lineId));
      await lines.removeLine(lineId);
    },

    /**
     * The member's open carts are going (their account is deleted): every hold they still have
     * ends and its part is back on sale, before the lines go with the carts (on the deletion's
     * transaction). Answers the Tags back on sale.
     */
    async endOpenCartHoldsOf(memberId: number, at: Date): Promise<string[]> {
      return parts.putBack(await lines.endOpenCartHoldsOf(memberId, at));
    },

    /** Create-order takes over the cart's holds (their parts stay reserved, now the order's); answers the Tags. */
    handHoldsToOrder: (cartId: number, at: Date) => lines.handHoldsToOrder(cartId, at),

    /**
     * The round: every hold that ran out by `now` ends, and its part goes back on sale, in one
     * transaction. A hold another process ended first is not found again (its stamp waits for
     * that process's transaction, then finds the hold ended). Answers the Tags back on sale.
     */
    endHoldsDue: (now: Date) => db.transaction(async (tx) => createPartStatus(tx).putBack(await createCartHoldRepository(tx).endHoldsDue(now))),

    /** When the cart hold on each of `tags` ends (holds in force only), for other shoppers. */
    holdEnds: (tags: readonly string[]) => lines.holdEnds(tags),
  };
}
