import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { partRequests, partTypes } from '../../db/schema';

export type NewPartRequest = typeof partRequests.$inferInsert;

export function createPartRequestRepository(db: Database) {
  return {
    async findPartType(id: number): Promise<{ id: number; name: string } | undefined> {
      const [row] = await db.select({ id: partTypes.id, name: partTypes.name }).from(partTypes).where(eq(partTypes.id, id));
      return row;
    },

    /** Stores the request; answers its id. */
    async insert(request: NewPartRequest): Promise<number> {
      const [row] = await db.insert(partRequests).values(request).returning({ id: partRequests.id });
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return row.id;
    },
  };
}
