/** The SQL of a replacement order (replacement.ts): the claimed order and line, and the part sold at once. */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { orderProducts, orders } from '../../db/schema';

export function createReplacementRepository(db: Database) {
  return {
    async orderAndLine(orderId: number, lineId: number) {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      const [line] = await db.select().from(orderProducts).where(eq(orderProducts.id, lineId));
      return order && line ? { order, line } : null;
    },

    /** The part by its tag, sold now if it was on sale; null otherwise (no such tag, reserved or sold). */
    async sellAvailablePart(tag: string, at: Date): Promise<{ id: number; tag: string } | null> {
      const [part] = await rowsOf<{ id: number; tag: string }>(
        db,
        sql`UPDATE parts SET status = 'sold', updated_at = ${at.toISOString()}
            WHERE tag = ${tag} AND status = 'available'
            RETURNING id, tag`,
      );
      return part ?? null;
    },
  };
}
