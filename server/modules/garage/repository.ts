import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { StockCriteria } from '../../../src/domain/trade-buyers';
import type { Database } from '../../db/client';
import { garageVehicles, members, orderLineVehicles, orderProducts, orders, stockAlerts } from '../../db/schema';

export type GarageRow = typeof garageVehicles.$inferSelect & { alertId: number | null };
export type NewGarageVehicle = Omit<typeof garageVehicles.$inferInsert, 'id' | 'isCurrent'>;

export function createGarageRepository(db: Database) {
  const columns = {
    id: garageVehicles.id,
    memberId: garageVehicles.memberId,
    vrn: garageVehicles.vrn,
    make: garageVehicles.make,
    model: garageVehicles.model,
    year: garageVehicles.year,
    engineCode: garageVehicles.engineCode,
    criteria: garageVehicles.criteria,
    isCurrent: garageVehicles.isCurrent,
    createdAt: garageVehicles.createdAt,
    alertId: stockAlerts.id,
  };
  const select = () => db.select(columns).from(garageVehicles).leftJoin(stockAlerts, eq(stockAlerts.garageVehicleId, garageVehicles.id));

  return {
    async isMember(id: number): Promise<boolean> {
      const [row] = await db.select({ isGuest: members.isGuest }).from(members).where(eq(members.id, id));
      return row !== undefined && !row.isGuest;
    },

    list(memberId: number): Promise<GarageRow[]> {
      return select().where(eq(garageVehicles.memberId, memberId)).orderBy(asc(garageVehicles.id));
    },

    async find(memberId: number, id: number): Promise<GarageRow | undefined> {
      const [row] = await select().where(and(eq(garageVehicles.id, id), eq(garageVehicles.memberId, memberId)));
      return row;
    },

    async findByVrn(memberId: number, vrn: string): Promise<GarageRow | undefined> {
      const [row] = await select().where(and(eq(garageVehicles.vrn, vrn), eq(garageVehicles.memberId, memberId)));
      return row;
    },

    async current(memberId: number): Promise<GarageRow | undefined> {
      const [row] = await select().where(and(eq(garageVehicles.memberId, memberId), eq(garageVehicles.isCurrent, true)));
      return row;
    },

    async countOf(memberId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(garageVehicles).where(eq(garageVehicles.memberId, memberId));
      return row?.n ?? 0;
    },

    /** Adds the vehicle; a registration already there (a twin request) answers that one's id. */
    async insert(values: NewGarageVehicle): Promise<number> {
      const [row] = await db.insert(garageVehicles).values(values).onConflictDoNothing().returning({ id: garageVehicles.id });
      if (row) return row.id;
      const [existing] = await db
        .select({ id: garageVehicles.id })
        .from(garageVehicles)
        .where(and(eq(garageVehicles.memberId, values.memberId), eq(garageVehicles.vrn, values.vrn ?? '')));
      if (!existing) throw new Error('garage vehicle not stored');
      return existing.id;
    },

    /** Makes the vehicle current (null: none), in one transaction so one is current at most. */
    async setCurrent(memberId: number, id: number | null): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(garageVehicles).set({ isCurrent: false }).where(and(eq(garageVehicles.memberId, memberId), eq(garageVehicles.isCurrent, true)));
        if (id !== null) await tx.update(garageVehicles).set({ isCurrent: true }).where(and(eq(garageVehicles.id, id), eq(garageVehicles.memberId, memberId)));
      });
    },

    async remove(memberId: number, id: number): Promise<boolean> {
      const removed = await db.delete(garageVehicles).where(and(eq(garageVehicles.id, id), eq(garageVehicles.memberId, memberId))).returning({ id: garageVehicles.id });
      return removed.length > 0;
    },

    /** An order's lines with the order's member. */
    async orderLines(orderHash: string): Promise<{ id: number; tag: string; memberId: number }[]> {
      return db
        .select({ id: orderProducts.id, tag: orderProducts.tag, memberId: orders.memberId })
        .from(orderProducts)
        .innerJoin(orders, eq(orders.id, orderProducts.orderId))
        .where(eq(orders.hash, orderHash));
    },

    async insertLineVehicles(rows: (typeof orderLineVehicles.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(orderLineVehicles).values(rows).onConflictDoNothing();
    },

    /**
     * A deleted account's garage goes, and the vehicle snapshots of its order lines lose the
     * registration: the make, model and year stay (the line's fit record, which the order list,
     * warranty claims and certificates read) and the label is made again from them (`labelOf`).
     * Run in the deletion's transaction.
     */
    async eraseMember(memberId: number, labelOf: (vehicle: { make: string; model: string | null; year: number | null }) => string): Promise<void> {
      await db.delete(garageVehicles).where(eq(garageVehicles.memberId, memberId));
      const snapshots = await db
        .select({ id: orderLineVehicles.orderProductId, make: orderLineVehicles.make, model: orderLineVehicles.model, year: orderLineVehicles.year })
        .from(orderLineVehicles)
        .innerJoin(orderProducts, eq(orderProducts.id, orderLineVehicles.orderProductId))
        .innerJoin(orders, eq(orders.id, orderProducts.orderId))
        .where(and(eq(orders.memberId, memberId), isNotNull(orderLineVehicles.vrn)));
      // One statement per label: a trade buyer's many lines were mostly bought for a few vehicles.
      const linesByLabel = new Map<string, number[]>();
      for (const snapshot of snapshots) {
        const label = labelOf(snapshot);
        const lines = linesByLabel.get(label) ?? [];
        lines.push(snapshot.id);
        linesByLabel.set(label, lines);
      }
      for (const [label, ids] of linesByLabel) {
        await db.update(orderLineVehicles).set({ vrn: null, label }).where(inArray(orderLineVehicles.orderProductId, ids));
      }
    },

    lineVehicles(orderProductIds: readonly number[]) {
      if (orderProductIds.length === 0) return Promise.resolve([]);
      return db.select().from(orderLineVehicles).where(inArray(orderLineVehicles.orderProductId, [...orderProductIds]));
    },
  };
}

export type { StockCriteria };
