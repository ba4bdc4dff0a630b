import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { members } from '../../db/schema';

export function createLoyaltyRepository(db: Database) {
  return {
    /** Whether the id is a member's account (not a checkout guest's). */
    async isMember(id: number): Promise<boolean> {
      const [row] = await db.select({ isGuest: members.isGuest }).from(members).where(eq(members.id, id));
      return row !== undefined && !row.isGuest;
    },
  };
}
