/**
 * The SQL of warranty certificates: the order line they certify with the part and warranty it was
 * sold with (read from the orders' and the catalogue's tables), and the certificates table itself.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { makes, models, orderProducts, orders, parts, warranties, warrantyCertificates } from '../../db/schema';

export type CertificateRow = typeof warrantyCertificates.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderProducts.$inferSelect;

/** The part as the catalogue has it now, with its donor vehicle's make and model names. */
export interface PartRecord {
  oem: string;
  stockNumber: string;
  grade: string;
  year: number;
  engineCode: string;
  make: string;
  model: string;
}

export function createWarrantyRepository(db: Database) {
  return {
    async orderByHash(hash: string): Promise<OrderRow | null> {
      const [order] = await db.select().from(orders).where(eq(orders.hash, hash));
      return order ?? null;
    },

    async lineOfOrder(orderId: number, lineId: number): Promise<OrderLineRow | null> {
      const [line] = await db.select().from(orderProducts).where(and(eq(orderProducts.orderId, orderId), eq(orderProducts.id, lineId)));
      return line ?? null;
    },

    async warrantyDays(warrantyId: number): Promise<number | null> {
      const [row] = await db.select({ days: warranties.days }).from(warranties).where(eq(warranties.id, warrantyId));
      return row?.days ?? null;
    },

    async part(partId: number): Promise<PartRecord | null> {
      const [row] = await db
        .select({ oem: parts.oem, stockNumber: parts.stockNumber, grade: parts.grade, year: parts.year, engineCode: parts.engineCode, make: makes.name, model: models.name })
        .from(parts)
        .innerJoin(makes, eq(makes.id, parts.makeId))
        .innerJoin(models, eq(models.id, parts.modelId))
        .where(eq(parts.id, partId));
      return row ?? null;
    },

    async certificateOfLine(orderProductId: number): Promise<CertificateRow | null> {
      const [row] = await db.select().from(warrantyCertificates).where(eq(warrantyCertificates.orderProductId, orderProductId));
      return row ?? null;
    },

    /** When the certificates of these lines say their terms end, by line id (a line not yet certified is absent). */
    async certificateEndsOfLines(lineIds: readonly number[]): Promise<Map<number, Date>> {
      if (lineIds.length === 0) return new Map();
      const rows = await db.select({ lineId: warrantyCertificates.orderProductId, endsAt: warrantyCertificates.endsAt }).from(warrantyCertificates).where(inArray(warrantyCertificates.orderProductId, [...lineIds]));
      return new Map(rows.map((row) => [row.lineId, row.endsAt]));
    },

    /** The days of these warranties, by warranty id. */
    async warrantyDaysOf(warrantyIds: readonly number[]): Promise<Map<number, number>> {
      if (warrantyIds.length === 0) return new Map();
      const rows = await db.select({ id: warranties.id, days: warranties.days }).from(warranties).where(inArray(warranties.id, [...warrantyIds]));
      return new Map(rows.map((row) => [row.id, row.days]));
    },

    async certificateByNumber(number: string): Promise<CertificateRow | null> {
      const [row] = await db.select().from(warrantyCertificates).where(eq(warrantyCertificates.number, number));
      return row ?? null;
    },

    /** Writes the certificate unless the line already has one (a twin request's): the stored one is answered either way. */
    async insertCertificate(certificate: Omit<typeof warrantyCertificates.$inferInsert, 'id'>): Promise<CertificateRow> {
      const [row] = await db.insert(warrantyCertificates).values(certificate).onConflictDoNothing({ target: warrantyCertificates.orderProductId }).returning();
      if (row) return row;
      const stored = await this.certificateOfLine(certificate.orderProductId);
      if (!stored) throw new Error('the certificate was not written');
      return stored;
    },

    /**
     * A deleted account's certificates keep the vehicle's make, model and year but not its
     * registration (the line's vehicle snapshot loses it in the same deletion). Run in the
     * deletion's transaction.
     */
    async eraseMemberRegistrations(memberId: number): Promise<void> {
      const ofMember = db.select({ id: orders.id }).from(orders).where(eq(orders.memberId, memberId));
      await db
        .update(warrantyCertificates)
        .set({ document: sql`jsonb_set(${warrantyCertificates.document}, '{vehicle,vrn}', 'null'::jsonb)` })
        .where(and(inArray(warrantyCertificates.orderId, ofMember), sql`${warrantyCertificates.document} -> 'vehicle' ->> 'vrn' IS NOT NULL`));
    },
  };
}
