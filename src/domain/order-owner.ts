/**
 * Whose an order is: the session that placed it (a guest's) or, once signed in, its member. Every
 * read of one order (the created page, the invoice, a warranty certificate) answers 404 to anyone
 * else, as if it did not exist.
 */
export function ownsOrder(order: { sessionId: string | null; memberId: number | null }, owner: { sessionId: string; memberId: number | null }): boolean {
  return order.sessionId === owner.sessionId || (owner.memberId !== null && order.memberId === owner.memberId);
}
