/**
 * The SQL of returns: the reasons and their forms, a member's paid order line, the line's open
 * return, the return with its photos, and the latest return of each order line (the order list).
 * Every function runs on the handle it was built with, so inside create's transaction all of them
 * read and write in that transaction.
 */
import { and, asc, desc, eq, inArray, notInArray, sum } from 'drizzle-orm';
import type { ReturnFormField } from '../../../src/domain/return-form';
import type { ReturnStatus } from '../../../src/domain/orders';
import type { Database } from '../../db/client';
import { lockOrderLine, memberOwnOrder } from '../../db/member-orders';
import { orderRefunds, returnFiles, returnReasons, returns, type orderProducts, type orders } from '../../db/schema';

export type ReturnRow = typeof returns.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderProducts.$inferSelect;

export interface ReasonRow {
  id: number;
  name: string;
  formFields: ReturnFormField[];
}

/** Statuses after which a line may be returned again (returns_open_line_key leaves them out). */
export const CLOSED_STATUSES: readonly ReturnStatus[] = ['REFUNDED', 'REJECTED'];

export function createReturnsRepository(db: Database) {
  return {
    activeReasons(): Promise<{ id: number; name: string }[]> {
      return db.select({ id: returnReasons.id, name: returnReasons.name }).from(returnReasons).where(eq(returnReasons.active, true)).orderBy(asc(returnReasons.position), asc(returnReasons.id));
    },

    /** The seed checked each form (server/seed/data/return-reasons.ts); the column is jsonb. */
    async activeReason(id: number): Promise<ReasonRow | null> {
      const [row] = await db
        .select({ id: returnReasons.id, name: returnReasons.name, formFields: returnReasons.formFields })
        .from(returnReasons)
        .where(and(eq(returnReasons.id, id), eq(returnReasons.active, true)));
      return row ? { id: row.id, name: row.name, formFields: row.formFields as ReturnFormField[] } : null;
    },

    memberOrder: (hash: string, memberId: number) => memberOwnOrder(db, hash, memberId),

    /** Locks the line for the rest of the transaction (member-orders.ts). */
    lockLine: (orderId: number, lineId: number) => lockOrderLine(db, orderId, lineId),

    async openReturnOfLine(lineId: number): Promise<ReturnRow | null> {
      const [row] = await db
        .select()
        .from(returns)
        .where(and(eq(returns.orderProductId, lineId), notInArray(returns.status, [...CLOSED_STATUSES])));
      return row ?? null;
    },

    /** The new return, or null when the line has an open one (returns_open_line_key). */
    async insertReturn(values: Omit<typeof returns.$inferInsert, 'id'>): Promise<ReturnRow | null> {
      const [row] = await db.insert(returns).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async insertFile(values: Omit<typeof returnFiles.$inferInsert, 'id'>): Promise<number> {
      const [row] = await db.insert(returnFiles).values(values).returning({ id: returnFiles.id });
      if (!row) throw new Error('the return photo was not written');
      return row.id;
    },

    async setAnswers(returnId: number, answers: Record<string, unknown>): Promise<void> {
      await db.update(returns).set({ answers }).where(eq(returns.id, returnId));
    },

    /** A photo of one of the member's returns, or null. */
    async memberFile(memberId: number, returnId: number, fileId: number): Promise<{ contentType: string; data: Buffer } | null> {
      const [row] = await db
        .select({ contentType: returnFiles.contentType, data: returnFiles.data })
        .from(returnFiles)
        .innerJoin(returns, eq(returns.id, returnFiles.returnId))
        .where(and(eq(returnFiles.id, fileId), eq(returns.id, returnId), eq(returns.memberId, memberId)));
      return row ?? null;
    },

    /** The latest return of each of these lines (by creation, then id). */
    async latestOfLines(lineIds: readonly number[]): Promise<Map<number, { id: number; status: ReturnStatus }>> {
      const latest = new Map<number, { id: number; status: ReturnStatus }>();
      if (lineIds.length === 0) return latest;
      const rows = await db
        .selectDistinctOn([returns.orderProductId], { lineId: returns.orderProductId, id: returns.id, status: returns.status })
        .from(returns)
        .where(inArray(returns.orderProductId, [...lineIds]))
        .orderBy(returns.orderProductId, desc(returns.createdAt), desc(returns.id));
      for (const row of rows) latest.set(row.lineId, { id: row.id, status: row.status });
      return latest;
    },

    /**
     * A deleted account's returns stay (their refunds are the order's accounting records) without
     * the member's photos or own words: every photo is deleted and the answers keep only the
     * choices (`answersOf`). Run in the deletion's transaction.
     */
    async eraseMember(memberId: number, answersOf: (fields: readonly ReturnFormField[], answers: Record<string, unknown>) => Record<string, string>): Promise<void> {
      const rows = await db
        .select({ id: returns.id, answers: returns.answers, formFields: returnReasons.formFields })
        .from(returns)
        .innerJoin(returnReasons, eq(returnReasons.id, returns.returnReasonId))
        .where(eq(returns.memberId, memberId));
      if (rows.length === 0) return;
      await db.delete(returnFiles).where(inArray(returnFiles.returnId, rows.map((row) => row.id)));
      for (const row of rows) {
        await db
          .update(returns)
          .set({ answers: answersOf(row.formFields as ReturnFormField[], (row.answers ?? {}) as Record<string, unknown>) })
          .where(eq(returns.id, row.id));
      }
    },

    /**
     * What the refunds of these lines' returns come to (pence), by line id: made and being made
     * (a pending refund has been asked of the provider already). A line without one is absent.
     */
    async returnRefundsOfLines(lineIds: readonly number[]): Promise<Map<number, number>> {
      if (lineIds.length === 0) return new Map();
      const rows = await db
        .select({ lineId: returns.orderProductId, amount: sum(orderRefunds.amount).mapWith(Number) })
        .from(orderRefunds)
        .innerJoin(returns, eq(returns.id, orderRefunds.returnId))
        .where(inArray(returns.orderProductId, [...lineIds]))
        .groupBy(returns.orderProductId);
      return new Map(rows.map((row) => [row.lineId, row.amount]));
    },
  };
}

export type ReturnsRepository = ReturnType<typeof createReturnsRepository>;
