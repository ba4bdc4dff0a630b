import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PriceBounds, StockCriteria } from '../../../src/domain/trade-buyers';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { alertMessages, alertNotifications, members, stockAlerts, stockArrivals } from '../../db/schema';

export type AlertRow = typeof stockAlerts.$inferSelect;
export type NewAlert = Omit<typeof stockAlerts.$inferInsert, 'id'>;

/** A part an alert tells of, with what its line in the mail shows. */
export interface AlertPartRecord {
  partId: number;
  tag: string;
  status: string;
  priceNet: number;
  partName: string;
  partTypeName: string;
  partTypeExternalName: string;
  makeName: string;
  modelName: string;
}

/** Where the alert queue's depth stops counting (a few milliseconds on its partial index). */
export const UNMATCHED_COUNTED = 10_000;

export function createAlertRepository(db: Database) {
  return {
    /**
     * Stock arrivals the alert rounds have still to match, up to UNMATCHED_COUNTED: the alert queue's
     * depth in /metrics, where the cap reads "at least that many". Uncounted, a backlog of a million
     * (a first seed or a large import) took 1.3 s of the database at every scrape.
     */
    async unmatchedArrivals(): Promise<number> {
      const waiting = db.select({ seq: stockArrivals.seq }).from(stockArrivals).where(isNull(stockArrivals.matchedAt)).limit(UNMATCHED_COUNTED).as('waiting');
      const [row] = await db.select({ waiting: count() }).from(waiting);
      return row?.waiting ?? 0;
    },

    async isMember(id: number): Promise<boolean> {
      const [row] = await db.select({ isGuest: members.isGuest }).from(members).where(eq(members.id, id));
      return row !== undefined && !row.isGuest;
    },

    list(memberId: number): Promise<AlertRow[]> {
      return db.select().from(stockAlerts).where(eq(stockAlerts.memberId, memberId)).orderBy(desc(stockAlerts.id));
    },

    async find(memberId: number, id: number): Promise<AlertRow | undefined> {
      const [row] = await db.select().from(stockAlerts).where(and(eq(stockAlerts.id, id), eq(stockAlerts.memberId, memberId)));
      return row;
    },

    async byId(id: number): Promise<AlertRow | undefined> {
      const [row] = await db.select().from(stockAlerts).where(eq(stockAlerts.id, id));
      return row;
    },

    async ofSavedSearch(id: number): Promise<AlertRow | undefined> {
      const [row] = await db.select().from(stockAlerts).where(eq(stockAlerts.savedSearchId, id));
      return row;
    },

    async ofGarageVehicle(id: number): Promise<AlertRow | undefined> {
      const [row] = await db.select().from(stockAlerts).where(eq(stockAlerts.garageVehicleId, id));
      return row;
    },

    async countOf(memberId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(stockAlerts).where(eq(stockAlerts.memberId, memberId));
      return row?.n ?? 0;
    },

    /** Stores the alert; a twin request for the same search or vehicle answers the one stored. */
    async insert(values: NewAlert): Promise<number | null> {
      const [row] = await db.insert(stockAlerts).values(values).onConflictDoNothing().returning({ id: stockAlerts.id });
      return row?.id ?? null;
    },

    async setPush(memberId: number, id: number, push: boolean): Promise<boolean> {
      const updated = await db.update(stockAlerts).set({ push }).where(and(eq(stockAlerts.id, id), eq(stockAlerts.memberId, memberId))).returning({ id: stockAlerts.id });
      return updated.length > 0;
    },

    async remove(memberId: number, id: number): Promise<boolean> {
      const removed = await db.delete(stockAlerts).where(and(eq(stockAlerts.id, id), eq(stockAlerts.memberId, memberId))).returning({ id: stockAlerts.id });
      return removed.length > 0;
    },

    /**
     * A deleted account's alerts go with the parts waiting to be told and the record of the
     * messages sent. Run in the deletion's transaction; a row a round's transaction adds meanwhile
     * goes with its alert (ON DELETE CASCADE), and a round after it finds no alert of the member.
     */
    async eraseMember(memberId: number): Promise<void> {
      const alerts = db.select({ id: stockAlerts.id }).from(stockAlerts).where(eq(stockAlerts.memberId, memberId));
      await db.delete(alertNotifications).where(inArray(alertNotifications.alertId, alerts));
      await db.delete(alertMessages).where(inArray(alertMessages.alertId, alerts));
      await db.delete(stockAlerts).where(eq(stockAlerts.memberId, memberId));
    },

    async removeById(id: number): Promise<AlertRow | undefined> {
      const [removed] = await db.delete(stockAlerts).where(eq(stockAlerts.id, id)).returning();
      return removed;
    },

    // --- The worker's queries; each runs on the handle of the worker's transaction. ---

    /**
     * Takes up to `limit` unmatched arrivals at least `settleMs` old (the database's clock: a part
     * written outside a transaction gets its fitments just after), locked to this transaction;
     * other processes skip them.
     */
    async claimArrivals(limit: number, settleMs: number): Promise<{ seq: number; partId: number }[]> {
      return db
        .select({ seq: stockArrivals.seq, partId: stockArrivals.partId })
        .from(stockArrivals)
        .where(and(isNull(stockArrivals.matchedAt), sql`${stockArrivals.arrivedAt} <= now() - make_interval(secs => ${settleMs / 1000})`))
        .orderBy(asc(stockArrivals.seq))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    async markMatched(seqs: readonly number[], at: Date): Promise<void> {
      if (seqs.length > 0) await db.update(stockArrivals).set({ matchedAt: at }).where(inArray(stockArrivals.seq, [...seqs]));
    },

    /** Every alert that finds something. */
    activeAlerts(): Promise<{ id: number; criteria: StockCriteria | null; price: PriceBounds | null }[]> {
      return db.select({ id: stockAlerts.id, criteria: stockAlerts.criteria, price: stockAlerts.price }).from(stockAlerts).where(sql`${stockAlerts.criteria} IS NOT NULL`);
    },

    /** Records which parts each alert found; a part an alert already had is never recorded twice. */
    async insertNotifications(rows: { alertId: number; partId: number; matchedAt: Date }[]): Promise<void> {
      for (let start = 0; start < rows.length; start += 1000) {
        await db.insert(alertNotifications).values(rows.slice(start, start + 1000)).onConflictDoNothing();
      }
    },

    /**
     * One alert with parts waiting to be told that may send now (never sent, or an hour since
     * its last message), locked to this transaction; another process's round skips it.
     */
    async claimDueAlert(dueBefore: Date): Promise<(AlertRow & { email: string; firstName: string }) | undefined> {
      const [row] = await rowsOf<{ id: number }>(
        db,
        sql`SELECT a.id FROM stock_alerts a
            WHERE (a.last_message_at IS NULL OR a.last_message_at <= ${dueBefore.toISOString()}::timestamptz)
              AND EXISTS (SELECT 1 FROM alert_notifications n WHERE n.alert_id = a.id AND n.message_id IS NULL)
            ORDER BY a.id LIMIT 1 FOR UPDATE OF a SKIP LOCKED`,
      );
      if (!row) return undefined;
      const [alert] = await db
        .select({ alert: stockAlerts, email: members.email, firstName: members.firstName })
        .from(stockAlerts)
        .innerJoin(members, eq(members.id, stockAlerts.memberId))
        .where(eq(stockAlerts.id, row.id));
      return alert ? { ...alert.alert, email: alert.email, firstName: alert.firstName } : undefined;
    },

    /** The parts waiting to be told for the alert, with what the mail shows of them, in arrival order. */
    pendingParts(alertId: number): Promise<AlertPartRecord[]> {
      return rowsOf<AlertPartRecord>(
        db,
        sql`SELECT n.part_id AS "partId", p.tag, p.status, p.price_net AS "priceNet", p.part_name AS "partName",
                   pt.name AS "partTypeName", pt.external_name AS "partTypeExternalName", mk.name AS "makeName", md.name AS "modelName"
            FROM alert_notifications n
            JOIN parts p ON p.id = n.part_id
            JOIN part_types pt ON pt.id = p.part_type_id
            JOIN makes mk ON mk.id = p.make_id
            JOIN models md ON md.id = p.model_id
            WHERE n.alert_id = ${alertId} AND n.message_id IS NULL
            ORDER BY n.matched_at, n.part_id`,
      );
    },

    /** Waiting parts that sold (or went) before they were told: forgotten, so a return to sale tells them. */
    async forgetPending(alertId: number, partIds: readonly number[]): Promise<void> {
      if (partIds.length > 0) await db.delete(alertNotifications).where(and(eq(alertNotifications.alertId, alertId), isNull(alertNotifications.messageId), inArray(alertNotifications.partId, [...partIds])));
    },

    /** The alert's message of this period; null when one exists already (then nothing is sent). */
    async insertMessage(alertId: number, periodStart: Date, sentAt: Date, parts: number): Promise<number | null> {
      const [row] = await db.insert(alertMessages).values({ alertId, periodStart, sentAt, parts }).onConflictDoNothing().returning({ id: alertMessages.id });
      return row?.id ?? null;
    },

    async rest(alertId: number, at: Date): Promise<void> {
      await db.update(stockAlerts).set({ lastMessageAt: at }).where(eq(stockAlerts.id, alertId));
    },

    async markTold(alertId: number, partIds: readonly number[], messageId: number, at: Date): Promise<void> {
      await db
        .update(alertNotifications)
        .set({ messageId })
        .where(and(eq(alertNotifications.alertId, alertId), isNull(alertNotifications.messageId), inArray(alertNotifications.partId, [...partIds])));
      await db.update(stockAlerts).set({ lastMessageAt: at }).where(eq(stockAlerts.id, alertId));
    },
  };
}
