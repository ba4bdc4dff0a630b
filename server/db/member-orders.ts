/**
 * Reads shared by the modules that act on a member's own order line (a return, a warranty claim):
 * the order if it is the member's (not a guest account's), and the line locked for the rest of the
 * transaction, so two requests for one line are decided one after the other.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from './client';
import { members, orderProducts, orders } from './schema';

/** The order by its hash if it is this member's own (not a guest account's), with the member's e-mail and name. */
export async function memberOwnOrder(db: Database, hash: string, memberId: number): Promise<{ order: typeof orders.$inferSelect; email: string; firstName: string } | null> {
  const [row] = await db
    .select({ order: orders, email: members.email, firstName: members.firstName })
    .from(orders)
    .innerJoin(members, eq(members.id, orders.memberId))
    .where(and(eq(orders.hash, hash), eq(orders.memberId, memberId), eq(members.isGuest, false)));
  return row ?? null;
}

/** The order's line, locked for the rest of the transaction; null when it is not a line of that order. */
export async function lockOrderLine(db: Database, orderId: number, lineId: number): Promise<typeof orderProducts.$inferSelect | null> {
  const [line] = await db
    .select()
    .from(orderProducts)
    .where(and(eq(orderProducts.id, lineId), eq(orderProducts.orderId, orderId)))
    .for('update');
  return line ?? null;
}
