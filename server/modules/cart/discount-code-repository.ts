/**
 * Discount codes as the back office keeps them: every code with how many orders used it, a new
 * code, and ending a code's validity. The cart reads the same table (repository.ts), so a change
 * applies to the next cart priced. Pass a transaction to write with the change's audit entry.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { discountCodes, discountCodeUsages } from '../../db/schema';
import type { DiscountCodeRow } from './repository';

export type NewDiscountCode = Omit<typeof discountCodes.$inferInsert, 'id' | 'createdAt'> & { createdAt: Date };
export type DiscountCodeWithUse = DiscountCodeRow & { timesUsed: number };

export function createDiscountCodeRepository(db: Database) {
  const withUse = () =>
    db
      .select({ code: discountCodes, timesUsed: count(discountCodeUsages.id) })
      .from(discountCodes)
      .leftJoin(discountCodeUsages, eq(discountCodeUsages.discountCodeId, discountCodes.id))
      .groupBy(discountCodes.id);

  return {
    /** Newest first. */
    async list(): Promise<DiscountCodeWithUse[]> {
      const rows = await withUse().orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
      return rows.map((row) => ({ ...row.code, timesUsed: row.timesUsed }));
    },

    async byId(id: number): Promise<DiscountCodeWithUse | null> {
      const [row] = await withUse().where(eq(discountCodes.id, id));
      return row ? { ...row.code, timesUsed: row.timesUsed } : null;
    },

    /** The code locked for this transaction (a change reads it before writing), or null. */
    async lock(id: number): Promise<DiscountCodeRow | null> {
      const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
      return row ?? null;
    },

    /** The new code's id, or null when the code is taken. */
    async insert(code: NewDiscountCode): Promise<number | null> {
      const [row] = await db.insert(discountCodes).values(code).onConflictDoNothing({ target: discountCodes.code }).returning({ id: discountCodes.id });
      return row?.id ?? null;
    },

    async endValidity(id: number, at: Date): Promise<void> {
      await db.update(discountCodes).set({ validTo: at }).where(eq(discountCodes.id, id));
    },
  };
}
