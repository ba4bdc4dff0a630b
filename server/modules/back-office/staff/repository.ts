import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { staff, staffRecoveryCodes } from '../../../db/schema';

export type StaffRow = typeof staff.$inferSelect;
export type NewStaff = Omit<typeof staff.$inferInsert, 'id'>;

/** Staff accounts and their recovery codes; pass a transaction to write with other changes. */
export function createStaffRepository(db: Database) {
  return {
    async find(id: number): Promise<StaffRow | null> {
      const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
      return row ?? null;
    },

    /** By email, whatever its case (the unique index is on lower(email)). */
    async findByEmail(email: string): Promise<StaffRow | null> {
      const [row] = await db
        .select()
        .from(staff)
        .where(sql`lower(${staff.email}) = lower(${email.trim()})`)
        .limit(1);
      return row ?? null;
    },

    /** The account locked for this transaction (a role change or disable reads it before writing). */
    async lock(id: number): Promise<StaffRow | null> {
      const [row] = await db.select().from(staff).where(eq(staff.id, id)).for('update').limit(1);
      return row ?? null;
    },

    async list(): Promise<StaffRow[]> {
      return db.select().from(staff).orderBy(asc(staff.name), asc(staff.id));
    },

    /** The new account, or null when its email is taken (the unique index decides a race). */
    async insert(values: NewStaff): Promise<StaffRow | null> {
      const [row] = await db.insert(staff).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async update(id: number, changes: Partial<NewStaff>): Promise<StaffRow | null> {
      const [row] = await db.update(staff).set(changes).where(eq(staff.id, id)).returning();
      return row ?? null;
    },

    /**
     * Records a code's time step as used, if it is later than the last one used: a code is good
     * once. False when this step (or a later one) was used already.
     */
    async useTotpStep(id: number, step: number, at: Date): Promise<boolean> {
      const used = await db
        .update(staff)
        .set({ totpLastStep: step, lastSignInAt: at })
        .where(and(eq(staff.id, id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
        .returning({ id: staff.id });
      return used.length > 0;
    },

    async replaceRecoveryCodes(staffId: number, codeHashes: string[], at: Date): Promise<void> {
      await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
      await db.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ staffId, codeHash, createdAt: at })));
    },

    /** Marks an unused recovery code used; false when there is none such (wrong, or used before). */
    async useRecoveryCode(staffId: number, codeHash: string, at: Date): Promise<boolean> {
      const used = await db
        .update(staffRecoveryCodes)
        .set({ usedAt: at })
        .where(and(eq(staffRecoveryCodes.staffId, staffId), eq(staffRecoveryCodes.codeHash, codeHash), isNull(staffRecoveryCodes.usedAt)))
        .returning({ id: staffRecoveryCodes.id });
      return used.length > 0;
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
