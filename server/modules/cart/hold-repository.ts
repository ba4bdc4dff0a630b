/**
 * The cart hold (issue 32) in SQL: a cart line that holds its part moves the part from available to
 * reserved in the same transaction as the line's hold, and back when the hold ends. A hold ends
 * once: whoever stamps the line's `hold_ended_at` first (the round, a removal, the cart's order)
 * decides, because each stamp is a conditional UPDATE on the line's row, which PostgreSQL runs
 * one at a time however many API processes try.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { cartProducts } from '../../db/schema';

export function createCartHoldRepository(db: Database) {
  /** Reserves the part if it is on sale; answers whether it did. */
  async function reservePart(tag: string): Promise<boolean> {
    const rows = await rowsOf<{ tag: string }>(db, sql`UPDATE parts SET status = 'reserved', updated_at = now() WHERE tag = ${tag} AND status = 'available' RETURNING tag`);
    return rows.length > 0;
  }

  return {
    reservePart,

    /**
     * The line holds its part until `until`: made (or its hold renewed) with the part's move to
     * reserved, on the caller's transaction. Answers false, changing nothing, when the part is not
     * on sale.
     */
    async holdNewLine(cartId: number, tag: string, warrantyId: number | null, until: Date): Promise<boolean> {
      if (!(await reservePart(tag))) return false;
      await db
        .insert(cartProducts)
        .values({ cartId, tag, warrantyId, heldUntil: until })
        .onConflictDoUpdate({ target: [cartProducts.cartId, cartProducts.tag], set: { heldUntil: until, holdEndedAt: null } });
      return true;
    },

    /**
     * A hold still in force starts afresh until `until` (no new reservation: the part is the
     * line's already). False when the hold had ended: the part must be reserved again.
     */
    async renewHold(lineId: number, until: Date): Promise<boolean> {
      const rows = await db
        .update(cartProducts)
        .set({ heldUntil: until })
        .where(and(eq(cartProducts.id, lineId), isNotNull(cartProducts.heldUntil), isNull(cartProducts.holdEndedAt)))
        .returning({ id: cartProducts.id, tag: cartProducts.tag });
      // The part's row is touched so the catalogue's kept answers (stock version) show the new end.
      for (const row of rows) await rowsOf(db, sql`UPDATE parts SET updated_at = now() WHERE tag = ${row.tag}`);
      return rows.length > 0;
    },

    /** The line holds its part again from now: the part was reserved for it by the caller. */
    async restartHold(lineId: number, until: Date): Promise<void> {
      await db.update(cartProducts).set({ heldUntil: until, holdEndedAt: null }).where(eq(cartProducts.id, lineId));
    },

    /** Removes the line; a hold it still had ends with it and its part is back on sale. */
    async removeHeldLine(lineId: number): Promise<void> {
      await rowsOf(
        db,
        sql`WITH removed AS (DELETE FROM cart_products WHERE id = ${lineId} AND held_until IS NOT NULL AND hold_ended_at IS NULL RETURNING tag)
            UPDATE parts SET status = 'available', updated_at = now() WHERE tag IN (SELECT tag FROM removed) AND status = 'reserved' RETURNING tag`,
      );
      await db.delete(cartProducts).where(eq(cartProducts.id, lineId));
    },

    /**
     * The member's open carts are going (their account is deleted): every hold they still have
     * ends and its part is back on sale, before the lines go with the carts. Answers the Tags.
     */
    async endOpenCartHoldsOf(memberId: number, at: Date): Promise<string[]> {
      const rows = await rowsOf<{ tag: string }>(
        db,
        sql`WITH ended AS (
              UPDATE cart_products cp SET hold_ended_at = ${at.toISOString()}::timestamptz
              FROM carts c
              WHERE c.id = cp.cart_id AND c.member_id = ${memberId} AND c.status = 'open' AND cp.held_until IS NOT NULL AND cp.hold_ended_at IS NULL
              RETURNING cp.tag
            )
            UPDATE parts SET status = 'available', updated_at = now() WHERE tag IN (SELECT tag FROM ended) AND status = 'reserved' RETURNING tag`,
      );
      return rows.map((row) => row.tag);
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
      return rows.map((row) => row.tag);
    },

    /**
     * The round: every hold that ran out by `now` ends, and its part goes back on sale, in one
     * statement. A hold another process ended first is not found again. Answers the Tags back on sale.
     */
    async endHoldsDue(now: Date): Promise<string[]> {
      const rows = await rowsOf<{ tag: string }>(
        db,
        sql`WITH ended AS (
              UPDATE cart_products SET hold_ended_at = ${now.toISOString()}::timestamptz
              WHERE hold_ended_at IS NULL AND held_until IS NOT NULL AND held_until <= ${now.toISOString()}::timestamptz
              RETURNING tag
            )
            UPDATE parts SET status = 'available', updated_at = now() WHERE tag IN (SELECT tag FROM ended) AND status = 'reserved' RETURNING tag`,
      );
      return rows.map((row) => row.tag);
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
