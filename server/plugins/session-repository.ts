import { and, eq, isNotNull, lt, ne, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions } from '../db/schema';

export type SessionRecord = typeof sessions.$inferSelect;

export function createSessionRepository(db: Database) {
  return {
    async insert(record: SessionRecord): Promise<void> {
      await db.insert(sessions).values(record);
    },

    async findById(id: string): Promise<SessionRecord | null> {
      const [record] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
      return record ?? null;
    },

    async touch(id: string, at: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },

    async remove(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    async markReplaced(id: string, at: Date): Promise<void> {
      await db.update(sessions).set({ replacedAt: at }).where(eq(sessions.id, id));
    },

    /** Ends every session of a member but `exceptId` (a password change keeps the session that made it). */
    async removeForMember(memberId: number, exceptId: string | null): Promise<void> {
      await db.delete(sessions).where(exceptId === null ? eq(sessions.memberId, memberId) : and(eq(sessions.memberId, memberId), ne(sessions.id, exceptId)));
    },

    /** Deletes sessions past their absolute expiry, idle since before `idleSince`, or replaced before `replacedBefore`. */
    async removeExpired(now: Date, idleSince: Date, replacedBefore: Date): Promise<void> {
      await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleSince), and(isNotNull(sessions.replacedAt), lt(sessions.replacedAt, replacedBefore))));
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
