/**
 * The cart hold (issue 32) in SQL, the cart lines' side: a line's hold made, renewed, restarted and
 * ended (the part's move to reserved and back is the catalogue's, in the same transaction:
 * holds.ts). A hold ends once: whoever stamps the line's `hold_ended_at` first (the round, a
 * removal, the cart's order) decides, because each stamp is a conditional UPDATE on the line's
 * row, which PostgreSQL runs one at a time however many API processes try, and holds to the end of
 * the stamping transaction.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { cartProducts } from '../../db/schema';

export function createCartHoldRepository(db: Database) {
  const tagsOf = (rows: { tag: string }[]) => rows.map((row) => row.tag);
  return {
    /** The line holds its part until `until`: made, or its hold renewed (the part reserved for it by the caller). */
    async holdLine(cartId: number, tag: string, warrantyId: number | null, until: Date): Promise<void> {
      await db
        .insert(cartProducts)
        .values({ cartId, tag, warrantyId, heldUntil: until })
        .onConflictDoUpdate({ target: [cartProducts.cartId, cartProducts.tag], set: { heldUntil: until, holdEndedAt: null } });
    },

    /**
     * A hold still in force starts afresh until `until`. Answers the line's Tag, or nothing when
     * the hold had ended (the part must be reserved again).
     */
    async renewHold(lineId: number, until: Date): Promise<string[]> {
      const rows = await db
        .update(cartProducts)
        .set({ heldUntil: until })
        .where(and(eq(cartProducts.id, lineId), isNotNull(cartProducts.heldUntil), isNull(cartProducts.holdEndedAt)))
        .returning({ tag: cartProducts.tag });
      return tagsOf(rows);
    },

    /** The line holds its part again from now: the part was reserved for it by the caller. */
    async restartHold(lineId: number, until: Date): Promise<void> {
      await db.update(cartProducts).set({ heldUntil: until, holdEndedAt: null }).where(eq(cartProducts.id, lineId));
    },

    /** Removes the line if it still held its part; answers the Tag then (its part goes back on sale). */
    async removeIfHolding(lineId: number): Promise<string[]> {
      return tagsOf(await rowsOf<{ tag: string }>(db, sql`DELETE FROM cart_products WHERE id = ${lineId} AND held_until IS NOT NULL AND hold_ended_at IS NULL RETURNING tag`));
    },

    async removeLine(lineId: number): Promise<void> {
      await db.delete(cartProducts).where(eq(cartProducts.id, lineId));
    },

    /** Every hold the member's open carts still have ends (their account is deleted); answers the Tags. */
    async endOpenCartHoldsOf(memberId: number, at: Date): Promise<string[]> {
      return tagsOf(
        await rowsOf<{ tag: string }>(
          db,
          sql`UPDATE cart_products cp SET hold_ended_at = ${at.toISOString()}::timestamptz
              FROM carts c
              WHERE c.id = cp.cart_id AND c.member_id = ${memberId} AND c.status = 'open' AND cp.held_until IS NOT NULL AND cp.hold_ended_at IS NULL
              RETURNING cp.tag`,
        ),
      );
    },

    /**
     * Create-order takes over the cart's holds: their parts, reserved already, become the order's
     * (the hold is stamped ended, so the round leaves them alone). Answers the Tags taken over.
     */
    async handHoldsToOrder(cartId: number, at: Date): Promise<string[]> {
      const rows = await rowsOf<{ tag: string }>(
        db,
        sql`UPDATE cart_products cp SET hold_ended_at = ${at.toISOString()}::timestamptz
            FROM parts p
            WHERE cp.cart_id = ${cartId} AND cp.held_until IS NOT NULL AND cp.hold_ended_at IS NULL AND p.tag = cp.tag AND p.status = 'reserved'
            RETURNING cp.tag`,
      );
      return tagsOf(rows);
    },

    /** The round: every hold that ran out by `now` ends (one stamp each, a hold another process ended first is not found again). Answers the Tags. */
    async endHoldsDue(now: Date): Promise<string[]> {
      return tagsOf(
        await rowsOf<{ tag: string }>(
          db,
          sql`UPDATE cart_products SET hold_ended_at = ${now.toISOString()}::timestamptz
              WHERE hold_ended_at IS NULL AND held_until IS NOT NULL AND held_until <= ${now.toISOString()}::timestamptz
              RETURNING tag`,
        ),
      );
    },

    /** When the cart hold on each of `tags` ends (holds in force only), for other shoppers. */
    async holdEnds(tags: readonly string[]): Promise<Map<string, Date>> {
      if (tags.length === 0) return new Map();
      const rows = await db
        .select({ tag: cartProducts.tag, heldUntil: cartProducts.heldUntil })
        .from(cartProducts)
        .where(and(sql`${cartProducts.tag} IN ${[...tags]}`, isNotNull(cartProducts.heldUntil), isNull(cartProducts.holdEndedAt)));
      return new Map(rows.flatMap((row) => (row.heldUntil ? [[row.tag, row.heldUntil] as const] : [])));
    },
  };
}

export type CartHoldRepository = ReturnType<typeof createCartHoldRepository>;
