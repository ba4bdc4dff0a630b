import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contentPages, discountThresholds, members } from '../../db/schema';

export type ThresholdValues = typeof discountThresholds.$inferInsert;

/** The loyalty programme's rows; pass a transaction to write with the change's audit entry. */
export function createLoyaltyRepository(db: Database) {
  return {
    /** The levels, lowest first. */
    thresholds() {
      return db.select().from(discountThresholds).orderBy(asc(discountThresholds.amountFrom));
    },

    /** Puts these levels in place of all the others (the table is read whole, lowest first). */
    async replaceThresholds(rows: ThresholdValues[]): Promise<void> {
      await db.delete(discountThresholds);
      if (rows.length > 0) await db.insert(discountThresholds).values(rows);
    },

    /** The loyalty page's texts by slug (kept among the content pages), with the Markdown staff wrote. */
    texts(slugs: readonly string[]) {
      return db.select({ slug: contentPages.slug, content: contentPages.content, markdown: contentPages.markdown }).from(contentPages).where(inArray(contentPages.slug, [...slugs]));
    },

    /** Locks the texts' rows for this transaction (a change reads them before writing). */
    async lockTexts(slugs: readonly string[]): Promise<void> {
      await db.select({ slug: contentPages.slug }).from(contentPages).where(inArray(contentPages.slug, [...slugs])).for('update');
    },

    /** Whether the id is a member's account (not a checkout guest's). */
    async isMember(id: number): Promise<boolean> {
      const [row] = await db.select({ isGuest: members.isGuest }).from(members).where(eq(members.id, id));
      return row !== undefined && !row.isGuest;
    },
  };
}
