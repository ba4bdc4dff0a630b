/** What the back office's sales work writes on a part request: its status and the part found. */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { partRequests } from '../../db/schema';

type PartRequestRow = typeof partRequests.$inferSelect;

export function createPartRequestStatusRepository(db: Database) {
  return {
    async setRequestStatus(id: number, status: PartRequestRow['status'], foundPartTag: string | null): Promise<void> {
      await db.update(partRequests).set({ status, foundPartTag }).where(eq(partRequests.id, id));
    },
  };
}
