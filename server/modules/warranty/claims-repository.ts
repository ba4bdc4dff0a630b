/**
 * The SQL of warranty claims: a member's order and line with its certificate, the claims, their
 * files and steps, and the back office's queue. Every function runs on the handle it was built
 * with, so inside a transaction all of them read and write in it.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sum } from 'drizzle-orm';
import { type ClaimStatus, OPEN_CLAIM_STATUSES } from '../../../src/domain/warranty-claims';
import type { Database } from '../../db/client';
import { lockOrderLine, memberOwnOrder } from '../../db/member-orders';
import { members, orderProducts, orders, staff, warrantyCertificates, warrantyClaimFiles, warrantyClaims, warrantyClaimSteps } from '../../db/schema';

export type ClaimRow = typeof warrantyClaims.$inferSelect;
export type ClaimStepRow = typeof warrantyClaimSteps.$inferSelect;
export type ClaimFileRow = Omit<typeof warrantyClaimFiles.$inferSelect, 'data'>;

const fileColumns = {
  id: warrantyClaimFiles.id,
  claimId: warrantyClaimFiles.claimId,
  field: warrantyClaimFiles.field,
  filename: warrantyClaimFiles.filename,
  contentType: warrantyClaimFiles.contentType,
  createdAt: warrantyClaimFiles.createdAt,
};

/** A claim with what every view of it shows: its order, line, certificate and member. */
export interface ClaimRecord {
  claim: ClaimRow;
  order: typeof orders.$inferSelect;
  line: typeof orderProducts.$inferSelect;
  certificate: typeof warrantyCertificates.$inferSelect;
  member: { id: number; email: string; firstName: string; lastName: string };
}

export function createClaimsRepository(db: Database) {
  const records = () =>
    db
      .select({ claim: warrantyClaims, order: orders, line: orderProducts, certificate: warrantyCertificates, member: { id: members.id, email: members.email, firstName: members.firstName, lastName: members.lastName } })
      .from(warrantyClaims)
      .innerJoin(orders, eq(orders.id, warrantyClaims.orderId))
      .innerJoin(orderProducts, eq(orderProducts.id, warrantyClaims.orderProductId))
      .innerJoin(warrantyCertificates, eq(warrantyCertificates.id, warrantyClaims.certificateId))
      .innerJoin(members, eq(members.id, warrantyClaims.memberId));

  return {
    memberOrder: (hash: string, memberId: number) => memberOwnOrder(db, hash, memberId),

    /** Locks the line for the rest of the transaction (member-orders.ts). */
    lockLine: (orderId: number, lineId: number) => lockOrderLine(db, orderId, lineId),

    /** The line's claim that blocks another: one being decided, or one that settled it. */
    async blockingClaimOfLine(lineId: number): Promise<ClaimRow | null> {
      const [row] = await db
        .select()
        .from(warrantyClaims)
        .where(and(eq(warrantyClaims.orderProductId, lineId), or(inArray(warrantyClaims.status, [...OPEN_CLAIM_STATUSES]), isNotNull(warrantyClaims.settlement))))
        .orderBy(desc(warrantyClaims.id))
        .limit(1);
      return row ?? null;
    },

    /** What the claims settled by a refund gave back on these lines (pence), by line id; a line without one is absent. */
    async refundsOfLines(lineIds: readonly number[]): Promise<Map<number, number>> {
      if (lineIds.length === 0) return new Map();
      const rows = await db
        .select({ lineId: warrantyClaims.orderProductId, amount: sum(warrantyClaims.settlementAmount).mapWith(Number) })
        .from(warrantyClaims)
        .where(and(inArray(warrantyClaims.orderProductId, [...lineIds]), eq(warrantyClaims.settlement, 'refund')))
        .groupBy(warrantyClaims.orderProductId);
      return new Map(rows.map((row) => [row.lineId, row.amount]));
    },

    /**
     * A deleted account's claims keep what the shop must keep (the line, the dates and mileage,
     * the decision and the money: settlement, amount, refund key) and lose the member's evidence
     * and words: every file (photos, the garage's invoice) is deleted, the garage's name and the
     * free-text answers are emptied (`answersOf` says what stays), and so are the member's own
     * answers in the history. Run in the deletion's transaction.
     */
    async eraseMember(memberId: number, answersOf: (reason: string, answers: Record<string, unknown>) => Record<string, string>): Promise<void> {
      const claims = await db.select({ id: warrantyClaims.id, reason: warrantyClaims.reason, answers: warrantyClaims.answers }).from(warrantyClaims).where(eq(warrantyClaims.memberId, memberId));
      if (claims.length === 0) return;
      const ids = claims.map((claim) => claim.id);
      await db.delete(warrantyClaimFiles).where(inArray(warrantyClaimFiles.claimId, ids));
      for (const claim of claims) {
        await db
          .update(warrantyClaims)
          .set({ answers: answersOf(claim.reason, (claim.answers ?? {}) as Record<string, unknown>), garageName: '' })
          .where(eq(warrantyClaims.id, claim.id));
      }
      await db.update(warrantyClaimSteps).set({ message: '' }).where(and(inArray(warrantyClaimSteps.claimId, ids), isNull(warrantyClaimSteps.staffId)));
    },

    /** The new claim, or null when another request's claim of the line won the race (the unique indexes). */
    async insertClaim(values: Omit<typeof warrantyClaims.$inferInsert, 'id'>): Promise<ClaimRow | null> {
      const [row] = await db.insert(warrantyClaims).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async insertFile(values: Omit<typeof warrantyClaimFiles.$inferInsert, 'id'>): Promise<void> {
      await db.insert(warrantyClaimFiles).values(values);
    },

    async insertStep(values: Omit<typeof warrantyClaimSteps.$inferInsert, 'id'>): Promise<void> {
      await db.insert(warrantyClaimSteps).values(values);
    },

    async record(id: number): Promise<ClaimRecord | null> {
      const [row] = await records().where(eq(warrantyClaims.id, id));
      return row ?? null;
    },

    memberRecords(memberId: number): Promise<ClaimRecord[]> {
      return records().where(eq(warrantyClaims.memberId, memberId)).orderBy(desc(warrantyClaims.createdAt), desc(warrantyClaims.id));
    },

    async lockClaim(id: number): Promise<ClaimRow | null> {
      const [row] = await db.select().from(warrantyClaims).where(eq(warrantyClaims.id, id)).for('update');
      return row ?? null;
    },

    async updateClaim(id: number, values: Partial<Pick<ClaimRow, 'status' | 'settlement' | 'settlementAmount' | 'replacementOrderId' | 'refundKey' | 'updatedAt'>>): Promise<void> {
      await db.update(warrantyClaims).set(values).where(eq(warrantyClaims.id, id));
    },

    filesOf(claimIds: readonly number[]): Promise<ClaimFileRow[]> {
      if (claimIds.length === 0) return Promise.resolve([]);
      return db.select(fileColumns).from(warrantyClaimFiles).where(inArray(warrantyClaimFiles.claimId, [...claimIds])).orderBy(asc(warrantyClaimFiles.id));
    },

    stepsOf(claimIds: readonly number[]): Promise<{ step: ClaimStepRow; staffName: string | null }[]> {
      if (claimIds.length === 0) return Promise.resolve([]);
      return db
        .select({ step: warrantyClaimSteps, staffName: staff.name })
        .from(warrantyClaimSteps)
        .leftJoin(staff, eq(staff.id, warrantyClaimSteps.staffId))
        .where(inArray(warrantyClaimSteps.claimId, [...claimIds]))
        .orderBy(asc(warrantyClaimSteps.at), asc(warrantyClaimSteps.id));
    },

    /** A file of a claim, its bytes; with `memberId`, only of that member's claim. */
    async file(claimId: number, fileId: number, memberId?: number): Promise<{ filename: string; contentType: string; data: Buffer } | null> {
      const [row] = await db
        .select({ filename: warrantyClaimFiles.filename, contentType: warrantyClaimFiles.contentType, data: warrantyClaimFiles.data })
        .from(warrantyClaimFiles)
        .innerJoin(warrantyClaims, eq(warrantyClaims.id, warrantyClaimFiles.claimId))
        .where(and(eq(warrantyClaimFiles.id, fileId), eq(warrantyClaims.id, claimId), memberId === undefined ? undefined : eq(warrantyClaims.memberId, memberId)));
      return row ?? null;
    },

    async orderNumber(orderId: number): Promise<string | null> {
      const [row] = await db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
      return row?.number ?? null;
    },

    async countClaims(statuses: readonly ClaimStatus[]): Promise<number> {
      const [row] = await db.select({ n: count() }).from(warrantyClaims).where(inArray(warrantyClaims.status, [...statuses]));
      return row?.n ?? 0;
    },

    async claimCounts(): Promise<Record<string, number>> {
      const rows = await db.select({ status: warrantyClaims.status, n: count() }).from(warrantyClaims).groupBy(warrantyClaims.status);
      return Object.fromEntries(rows.map((row) => [row.status, row.n]));
    },

    /** The queue: the longest waiting first. */
    pageRecords(statuses: readonly ClaimStatus[], limit: number, offset: number): Promise<ClaimRecord[]> {
      return records().where(inArray(warrantyClaims.status, [...statuses])).orderBy(asc(warrantyClaims.updatedAt), asc(warrantyClaims.id)).limit(limit).offset(offset);
    },
  };
}

export type ClaimsRepository = ReturnType<typeof createClaimsRepository>;
