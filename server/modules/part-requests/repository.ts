import { asc, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { makes, members, models, partRequests, parts, partTypes } from '../../db/schema';

export type NewPartRequest = typeof partRequests.$inferInsert;
export type PartRequestRow = typeof partRequests.$inferSelect;

/** What a found part's address is made of (null when the request has no part or it has gone). */
export interface FoundPart {
  tag: string;
  makeName: string;
  modelName: string;
  partName: string;
  partTypeName: string;
  partTypeExternalName: string;
}
export type PartRequestWithPart = PartRequestRow & { foundPart: FoundPart | null };

export function createPartRequestRepository(db: Database) {
  return {
    /** A deleted account's part requests keep no personal data (run in the deletion's transaction). */
    async eraseMember({ memberId, anonymisedEmail, anonymisedName }: { memberId: number; anonymisedEmail: string; anonymisedName: string }): Promise<void> {
      await db.update(partRequests).set({ email: anonymisedEmail, name: anonymisedName, phone: null }).where(eq(partRequests.memberId, memberId));
    },

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

    /** One page of a member's requests by the time they were made (ties by id, the same way), each with its found part. */
    async pageOfMember(memberId: number, options: { direction: 'asc' | 'desc'; offset: number; limit: number }): Promise<PartRequestWithPart[]> {
      const order = options.direction === 'asc' ? asc : desc;
      const rows = await db
        .select({
          request: partRequests,
          tag: parts.tag,
          makeName: makes.name,
          modelName: models.name,
          partName: parts.partName,
          partTypeName: partTypes.name,
          partTypeExternalName: partTypes.externalName,
        })
        .from(partRequests)
        .leftJoin(parts, eq(parts.tag, partRequests.foundPartTag))
        .leftJoin(makes, eq(makes.id, parts.makeId))
        .leftJoin(models, eq(models.id, parts.modelId))
        .leftJoin(partTypes, eq(partTypes.id, parts.partTypeId))
        .where(eq(partRequests.memberId, memberId))
        .orderBy(order(partRequests.createdAt), order(partRequests.id))
        .limit(options.limit)
        .offset(options.offset);
      return rows.map(({ request, tag, makeName, modelName, partName, partTypeName, partTypeExternalName }) => ({
        ...request,
        foundPart:
          tag !== null && makeName !== null && modelName !== null && partName !== null && partTypeName !== null && partTypeExternalName !== null
            ? { tag, makeName, modelName, partName, partTypeName, partTypeExternalName }
            : null,
      }));
    },

    async byId(id: number): Promise<PartRequestRow | null> {
      const [row] = await db.select().from(partRequests).where(eq(partRequests.id, id));
      return row ?? null;
    },
  };
}
