/**
 * What happens to carts at sign-in (issue 7: a visitor's cart joins the member's). The session is
 * rotated first, so the carts move to the new session's id: the visitor's lines go into the
 * member's open cart (a part already there stays once), the visitor's choices of region, postcode,
 * delivery and discount code win when made, and the visitor's cart is closed as 'merged'. With no
 * member cart the visitor's cart simply becomes the member's.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cartProducts, carts } from '../../db/schema';

export async function joinCartsAtSignIn(db: Database, move: { previousSessionId: string | null; newSessionId: string; memberId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [memberCart] = await tx
      .select()
      .from(carts)
      .where(and(eq(carts.memberId, move.memberId), eq(carts.status, 'open')))
      .for('update');
    const [visitorCart] =
      move.previousSessionId === null
        ? []
        : await tx
            .select()
            .from(carts)
            .where(and(eq(carts.sessionId, move.previousSessionId), eq(carts.status, 'open'), sql`${carts.memberId} IS DISTINCT FROM ${move.memberId}`))
            .for('update');

    if (!visitorCart) {
      if (memberCart) await tx.update(carts).set({ sessionId: move.newSessionId }).where(eq(carts.id, memberCart.id));
      return;
    }
    // Addresses typed as a guest belong to the guest account: the member fills the step again.
    const fresh = { sessionId: move.newSessionId, memberId: move.memberId, billingAddressId: null, deliveryAddressId: null, updatedAt: new Date() };
    if (!memberCart) {
      await tx.update(carts).set(fresh).where(eq(carts.id, visitorCart.id));
      return;
    }
    await tx.execute(
      // A visitor's hold moves with its line (issue 32): the part stays held, now for the member.
      sql`INSERT INTO cart_products (cart_id, tag, warranty_id, quantity, held_until, hold_ended_at)
          SELECT ${memberCart.id}, tag, warranty_id, quantity, held_until, hold_ended_at FROM cart_products WHERE cart_id = ${visitorCart.id}
          ON CONFLICT (cart_id, tag) DO UPDATE SET held_until = EXCLUDED.held_until, hold_ended_at = NULL
            WHERE EXCLUDED.held_until IS NOT NULL AND EXCLUDED.hold_ended_at IS NULL`,
    );
    await tx.delete(cartProducts).where(eq(cartProducts.cartId, visitorCart.id));
    await tx.update(carts).set({ status: 'merged', updatedAt: new Date() }).where(eq(carts.id, visitorCart.id));
    const visitorChose = visitorCart.regionId !== null;
    await tx
      .update(carts)
      .set({
        ...fresh,
        billingAddressId: memberCart.billingAddressId,
        deliveryAddressId: memberCart.deliveryAddressId,
        ...(visitorChose ? { regionId: visitorCart.regionId, regionPostcode: visitorCart.regionPostcode, deliveryId: visitorCart.deliveryId } : {}),
        ...(visitorCart.discountCodeId !== null ? { discountCodeId: visitorCart.discountCodeId } : {}),
      })
      .where(eq(carts.id, memberCart.id));
  });
}
