import { and, count, desc, eq } from 'drizzle-orm';
import type { StockCriteria } from '../../../src/domain/trade-buyers';
import type { Database } from '../../db/client';
import { members, savedSearches, type SavedSearchParams, stockAlerts } from '../../db/schema';

export type SavedSearchRow = typeof savedSearches.$inferSelect & { alertId: number | null };

export function createSavedSearchRepository(db: Database) {
  const withAlert = {
    id: savedSearches.id,
    memberId: savedSearches.memberId,
    name: savedSearches.name,
    params: savedSearches.params,
    criteria: savedSearches.criteria,
    seenArrival: savedSearches.seenArrival,
    lastViewedAt: savedSearches.lastViewedAt,
    createdAt: savedSearches.createdAt,
    alertId: stockAlerts.id,
  };
  return {
    /** Whether the id is a member's account (not a checkout guest's). */
    async isMember(id: number): Promise<boolean> {
      const [row] = await db.select({ isGuest: members.isGuest }).from(members).where(eq(members.id, id));
      return row !== undefined && !row.isGuest;
    },

    list(memberId: number): Promise<SavedSearchRow[]> {
      return db
        .select(withAlert)
        .from(savedSearches)
        .leftJoin(stockAlerts, eq(stockAlerts.savedSearchId, savedSearches.id))
        .where(eq(savedSearches.memberId, memberId))
        .orderBy(desc(savedSearches.id));
    },

    /** The member's search; undefined for another member's or none. */
    async find(memberId: number, id: number): Promise<SavedSearchRow | undefined> {
      const [row] = await db
        .select(withAlert)
        .from(savedSearches)
        .leftJoin(stockAlerts, eq(stockAlerts.savedSearchId, savedSearches.id))
        .where(and(eq(savedSearches.id, id), eq(savedSearches.memberId, memberId)));
      return row;
    },

    async countOf(memberId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.memberId, memberId));
      return row?.n ?? 0;
    },

    async insert(values: { memberId: number; name: string; params: SavedSearchParams; criteria: StockCriteria | null; createdAt: Date }): Promise<number> {
      const [row] = await db.insert(savedSearches).values(values).returning({ id: savedSearches.id });
      if (!row) throw new Error('saved search not stored');
      return row.id;
    },

    async markViewed(memberId: number, id: number, seenArrival: number, at: Date): Promise<void> {
      await db.update(savedSearches).set({ seenArrival, lastViewedAt: at }).where(and(eq(savedSearches.id, id), eq(savedSearches.memberId, memberId)));
    },

    async rename(memberId: number, id: number, name: string): Promise<boolean> {
      const renamed = await db.update(savedSearches).set({ name }).where(and(eq(savedSearches.id, id), eq(savedSearches.memberId, memberId))).returning({ id: savedSearches.id });
      return renamed.length > 0;
    },

    /** A deleted account's saved searches go (their alerts are the alerts module's step). Run in the deletion's transaction. */
    async eraseMember(memberId: number): Promise<void> {
      await db.delete(savedSearches).where(eq(savedSearches.memberId, memberId));
    },

    async remove(memberId: number, id: number): Promise<boolean> {
      const removed = await db.delete(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.memberId, memberId))).returning({ id: savedSearches.id });
      return removed.length > 0;
    },
  };
}
