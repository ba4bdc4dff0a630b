import { asc, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { members, partRequests, partTypes } from '../../db/schema';

export type NewPartRequest = typeof partRequests.$inferInsert;
export type PartRequestRow = typeof partRequests.$inferSelect;

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

    /** The account behind a session's member id: null for nobody; guests are marked. */
    async member(id: number): Promise<{ id: number; email: string; firstName: string; lastName: string; isGuest: boolean } | null> {
      const [row] = await db
        .select({ id: members.id, email: members.email, firstName: members.firstName, lastName: members.lastName, isGuest: members.isGuest })
        .from(members)
        .where(eq(members.id, id));
      return row ?? null;
    },

    async countOfMember(memberId: number): Promise<number> {
      const [row] = await db.select({ total: count() }).from(partRequests).where(eq(partRequests.memberId, memberId));
      return row?.total ?? 0;
    },

    /** One page of a member's requests by the time they were made (ties by id, the same way). */
    pageOfMember(memberId: number, options: { direction: 'asc' | 'desc'; offset: number; limit: number }): Promise<PartRequestRow[]> {
      const order = options.direction === 'asc' ? asc : desc;
      return db
        .select()
        .from(partRequests)
        .where(eq(partRequests.memberId, memberId))
        .orderBy(order(partRequests.createdAt), order(partRequests.id))
        .limit(options.limit)
        .offset(options.offset);
    },

    async byId(id: number): Promise<PartRequestRow | null> {
      const [row] = await db.select().from(partRequests).where(eq(partRequests.id, id));
      return row ?? null;
    },
  };
}
