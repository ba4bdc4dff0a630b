import { eq, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { staffSessions } from '../db/schema';

export type StaffSessionRecord = typeof staffSessions.$inferSelect;

export function createStaffSessionRepository(db: Database) {
  return {
    async insert(record: StaffSessionRecord): Promise<void> {
      await db.insert(staffSessions).values(record);
    },

    async findById(id: string): Promise<StaffSessionRecord | null> {
      const [record] = await db.select().from(staffSessions).where(eq(staffSessions.id, id)).limit(1);
      return record ?? null;
    },

    async touch(id: string, at: Date): Promise<void> {
      await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.id, id));
    },

    /** Ends one session; true when it was still there (a session is rotated or ended once). */
    async remove(id: string): Promise<boolean> {
      const removed = await db.delete(staffSessions).where(eq(staffSessions.id, id)).returning({ id: staffSessions.id });
      return removed.length > 0;
    },

    async removeForStaff(staffId: number): Promise<void> {
      await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
    },

    async removeExpired(now: Date, idleSince: Date): Promise<void> {
      await db.delete(staffSessions).where(or(lt(staffSessions.expiresAt, now), lt(staffSessions.lastSeenAt, idleSince)));
    },
  };
}

export type StaffSessionRepository = ReturnType<typeof createStaffSessionRepository>;
