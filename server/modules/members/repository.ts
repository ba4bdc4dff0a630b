import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { addresses, memberProfiles, members } from '../../db/schema';

export type MemberRow = typeof members.$inferSelect;
export type NewMember = typeof members.$inferInsert;
export type NewAddress = typeof addresses.$inferInsert;
export type ProfileFields = Omit<typeof memberProfiles.$inferInsert, 'memberId'>;

export function createMemberRepository(db: Database) {
  return {
    /** The member (never a guest) with this email, case ignored. */
    async findByEmail(email: string): Promise<MemberRow | null> {
      const [row] = await db
        .select()
        .from(members)
        .where(and(sql`lower(${members.email}) = lower(${email.trim()})`, eq(members.isGuest, false)));
      return row ?? null;
    },

    /** Whether a member other than `exceptId` (never a guest) has the email, case ignored. */
    async emailTaken(email: string, exceptId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: members.id })
        .from(members)
        .where(and(sql`lower(${members.email}) = lower(${email.trim()})`, eq(members.isGuest, false), ne(members.id, exceptId)))
        .limit(1);
      return row !== undefined;
    },

    /** The member's row held until the transaction ends (a password change, a guest becoming a member, a deletion). */
    async lock(id: number): Promise<MemberRow | null> {
      const [row] = await db.select().from(members).where(eq(members.id, id)).for('update');
      return row ?? null;
    },

    async find(id: number): Promise<MemberRow | null> {
      const [row] = await db.select().from(members).where(eq(members.id, id));
      return row ?? null;
    },

    /** Inserts a member; null when a member already has the email (the unique index decides, also in a race). */
    async insert(member: NewMember): Promise<MemberRow | null> {
      const [row] = await db.insert(members).values(member).onConflictDoNothing().returning();
      return row ?? null;
    },

    async update(id: number, changes: Partial<Omit<NewMember, 'id'>>): Promise<void> {
      await db.update(members).set(changes).where(eq(members.id, id));
    },

    async saveProfile(memberId: number, profile: ProfileFields): Promise<void> {
      await db.insert(memberProfiles).values({ memberId, ...profile }).onConflictDoUpdate({ target: memberProfiles.memberId, set: profile });
    },

    async profile(memberId: number) {
      const [row] = await db.select().from(memberProfiles).where(eq(memberProfiles.memberId, memberId));
      return row ?? null;
    },

    async insertAddress(address: NewAddress): Promise<number> {
      const [row] = await db.insert(addresses).values(address).returning({ id: addresses.id });
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return row.id;
    },

    /** The member's newest address row of one of the types. */
    async latestAddressRow(memberId: number, types: ('BILLING' | 'DELIVERY' | 'BOTH')[]): Promise<typeof addresses.$inferSelect | null> {
      const [row] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.memberId, memberId), inArray(addresses.addressType, types)))
        .orderBy(desc(addresses.id))
        .limit(1);
      return row ?? null;
    },

    /** The member's newest address of one of the types. */
    async latestAddress(memberId: number, types: ('BILLING' | 'DELIVERY' | 'BOTH')[]): Promise<number | null> {
      const [row] = await db
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.memberId, memberId), inArray(addresses.addressType, types)))
        .orderBy(desc(addresses.id))
        .limit(1);
      return row?.id ?? null;
    },
  };
}

export type MemberRepository = ReturnType<typeof createMemberRepository>;
