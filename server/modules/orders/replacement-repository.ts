/** The reads of a replacement order (replacement.ts): the claimed order and line, the replacement part's id. */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderProducts, orders, parts } from '../../db/schema';

export function createReplacementRepository(db: Database) {
  return {
    async orderAndLine(orderId: number, lineId: number) {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      const [line] = await db.select().from(orderProducts).where(eq(orderProducts.id, lineId));
      return order && line ? { order, line } : null;
    },

    /** The part's id by its tag; null for a tag the catalogue does not have. */
    async partIdOf(tag: string): Promise<number | null> {
      const [part] = await db.select({ id: parts.id }).from(parts).where(eq(parts.tag, tag));
      return part?.id ?? null;
    },
  };
}
