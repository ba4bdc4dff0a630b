/**
 * The back office's sales data: orders with their lines, payments, refunds, shipments and history;
 * returns with their files and steps; part requests and the parts they are answered with. Every
 * function runs on the handle it was built with, so a change and its audit entry, mail and push
 * commit together.
 */
import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { ReturnStatus } from '../../../../src/domain/orders';
import type { Database } from '../../../db/client';
import {
  makes,
  members,
  models,
  orderLineVehicles,
  orderProducts,
  orderRefunds,
  orders,
  orderShipments,
  orderStatusChanges,
  parts,
  partRequests,
  partTypes,
  payments,
  returnFiles,
  returnReasons,
  returns,
  returnSteps,
  staff,
} from '../../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof orderRefunds.$inferSelect;
export type ReturnRow = typeof returns.$inferSelect;
export type PartRequestRow = typeof partRequests.$inferSelect;

export interface OrderListFilter {
  q?: string | undefined;
  statusId?: number | undefined;
  payment?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  sort: 'created' | 'number' | 'total';
  direction: 'ASC' | 'DESC';
}

const billingName = sql<string>`trim(coalesce(${orders.billingAddress}->>'first_name', '') || ' ' || coalesce(${orders.billingAddress}->>'last_name', ''))`;
const deliveryPostcode = sql<string>`coalesce(${orders.deliveryAddress}->>'postcode', '')`;

/** Part requests in these statuses matching `q`: the registration (spaces ignored), e-mail, name or part asked for. */
function requestWhere(statuses: readonly PartRequestRow['status'][] | null, q: string | undefined): SQL | undefined {
  const conditions: SQL[] = [];
  if (statuses) conditions.push(inArray(partRequests.status, [...statuses]));
  const text = q?.trim();
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const compact = text.replace(/\s+/g, '').toUpperCase();
    conditions.push(sql`(
      replace(upper(${partRequests.carReg}), ' ', '') = ${compact}
      OR ${partRequests.email} ILIKE ${like}
      OR ${partRequests.name} ILIKE ${like}
      OR ${partRequests.partName} ILIKE ${like}
    )`);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

function orderWhere(filter: OrderListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  const q = filter.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const compact = q.replace(/\s+/g, '').toUpperCase();
    conditions.push(sql`(
      ${orders.number} ILIKE ${like}
      OR ${orders.email} ILIKE ${like}
      OR ${billingName} ILIKE ${like}
      OR trim(coalesce(${orders.deliveryAddress}->>'first_name', '') || ' ' || coalesce(${orders.deliveryAddress}->>'last_name', '')) ILIKE ${like}
      OR replace(upper(coalesce(${orders.billingAddress}->>'postcode', '')), ' ', '') = ${compact}
      OR replace(upper(${deliveryPostcode}), ' ', '') = ${compact}
      OR EXISTS (SELECT 1 FROM ${orderProducts} op LEFT JOIN ${parts} p ON p.tag = op.tag
                 WHERE op.order_id = ${orders.id} AND (upper(op.tag) = ${compact} OR upper(p.stock_number) = ${compact}))
    )`);
  }
  if (filter.statusId !== undefined) conditions.push(eq(orders.statusId, filter.statusId));
  if (filter.payment === 'none') conditions.push(sql`NOT EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.orderId} = ${orders.id})`);
  else if (filter.payment) conditions.push(sql`EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.orderId} = ${orders.id} AND ${payments.method} = ${filter.payment})`);
  if (filter.from) conditions.push(sql`${orders.createdAt} >= ${filter.from.toISOString()}`);
  if (filter.to) conditions.push(sql`${orders.createdAt} < ${filter.to.toISOString()}`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export function createSalesRepository(db: Database) {
  return {
    // --- orders ---------------------------------------------------------------------------------

    async countOrders(filter: OrderListFilter): Promise<number> {
      const [row] = await db.select({ n: count() }).from(orders).where(orderWhere(filter));
      return row?.n ?? 0;
    },

    async pageOrders(filter: OrderListFilter, limit: number, offset: number) {
      const column = filter.sort === 'number' ? orders.id : filter.sort === 'total' ? orders.toPay : orders.createdAt;
      const direction = filter.direction === 'ASC' ? asc : desc;
      return db
        .select({
          number: orders.number,
          createdAt: orders.createdAt,
          statusId: orders.statusId,
          customer: billingName,
          email: orders.email,
          postcode: deliveryPostcode,
          total: orders.toPay,
          method: payments.method,
          lines: sql<number>`(SELECT count(*)::int FROM ${orderProducts} WHERE ${orderProducts.orderId} = ${orders.id})`,
        })
        .from(orders)
        .leftJoin(payments, eq(payments.orderId, orders.id))
        .where(orderWhere(filter))
        .orderBy(direction(column), direction(orders.id))
        .limit(limit)
        .offset(offset);
    },

    async orderByNumber(number: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.number, number));
      return row ?? null;
    },

    async orderById(id: number): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row ?? null;
    },

    /** The order's row, locked to the end of the transaction: its changes take turns. */
    async lockOrderByNumber(number: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.number, number)).for('update');
      return row ?? null;
    },

    async lockOrder(id: number): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
      return row ?? null;
    },

    async linesOf(orderId: number) {
      return db
        .select({ line: orderProducts, vehicle: orderLineVehicles })
        .from(orderProducts)
        .leftJoin(orderLineVehicles, eq(orderLineVehicles.orderProductId, orderProducts.id))
        .where(eq(orderProducts.orderId, orderId))
        .orderBy(orderProducts.id);
    },

    /** The latest return of each of the order's lines. */
    async returnsOfOrder(orderId: number): Promise<Map<number, { id: number; status: ReturnStatus }>> {
      const rows = await db.select({ id: returns.id, line: returns.orderProductId, status: returns.status }).from(returns).where(eq(returns.orderId, orderId)).orderBy(returns.createdAt, returns.id);
      return new Map(rows.map((row) => [row.line, { id: row.id, status: row.status }]));
    },

    async paymentOf(orderId: number): Promise<PaymentRow | null> {
      const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
      return row ?? null;
    },

    async lockPayment(orderId: number): Promise<PaymentRow | null> {
      const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId)).for('update');
      return row ?? null;
    },

    async refundsOf(orderId: number) {
      return db
        .select({ refund: orderRefunds, staffName: staff.name })
        .from(orderRefunds)
        .leftJoin(staff, eq(staff.id, orderRefunds.staffId))
        .where(eq(orderRefunds.orderId, orderId))
        .orderBy(orderRefunds.createdAt, orderRefunds.id);
    },

    async refundByKey(idempotencyKey: string): Promise<RefundRow | null> {
      const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, idempotencyKey));
      return row ?? null;
    },

    /** The refund (pending or made) that settles this return, if one was asked for. */
    async refundOfReturn(returnId: number): Promise<RefundRow | null> {
      const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.returnId, returnId)).limit(1);
      return row ?? null;
    },

    /** Pending and made refunds of the order together: what is no longer there to refund. */
    async refundedOrPending(orderId: number): Promise<number> {
      const [row] = await db.select({ total: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int` }).from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
      return row?.total ?? 0;
    },

    async refundedMade(orderId: number): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int` })
        .from(orderRefunds)
        .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.state, 'succeeded')));
      return row?.total ?? 0;
    },

    async refundById(id: number): Promise<RefundRow | null> {
      const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, id));
      return row ?? null;
    },

    /** Refunds still pending that were asked for at or before `askedBefore`. */
    async pendingRefundsAskedBefore(askedBefore: Date): Promise<RefundRow[]> {
      return db
        .select()
        .from(orderRefunds)
        .where(and(eq(orderRefunds.state, 'pending'), lte(orderRefunds.createdAt, askedBefore)))
        .orderBy(asc(orderRefunds.id));
    },

    async shipmentOf(orderId: number) {
      const [row] = await db.select().from(orderShipments).where(eq(orderShipments.orderId, orderId));
      return row ?? null;
    },

    async historyOf(orderId: number) {
      return db
        .select({ change: orderStatusChanges, staffName: staff.name })
        .from(orderStatusChanges)
        .leftJoin(staff, eq(staff.id, orderStatusChanges.staffId))
        .where(eq(orderStatusChanges.orderId, orderId))
        .orderBy(orderStatusChanges.at, orderStatusChanges.id);
    },

    // --- returns --------------------------------------------------------------------------------

    async countReturns(statuses: readonly ReturnStatus[] | null): Promise<number> {
      const [row] = await db.select({ n: count() }).from(returns).where(statuses ? inArray(returns.status, [...statuses]) : undefined);
      return row?.n ?? 0;
    },

    async returnCounts(): Promise<Record<string, number>> {
      const rows = await db.select({ status: returns.status, n: count() }).from(returns).groupBy(returns.status);
      return Object.fromEntries(rows.map((row) => [row.status, row.n]));
    },

    async pageReturns(statuses: readonly ReturnStatus[] | null, limit: number, offset: number) {
      return db
        .select({ ret: returns, orderNumber: orders.number, partName: orderProducts.name, reason: returnReasons.name, firstName: members.firstName, lastName: members.lastName })
        .from(returns)
        .innerJoin(orders, eq(orders.id, returns.orderId))
        .innerJoin(orderProducts, eq(orderProducts.id, returns.orderProductId))
        .innerJoin(returnReasons, eq(returnReasons.id, returns.returnReasonId))
        .innerJoin(members, eq(members.id, returns.memberId))
        .where(statuses ? inArray(returns.status, [...statuses]) : undefined)
        .orderBy(asc(returns.updatedAt), asc(returns.id))
        .limit(limit)
        .offset(offset);
    },

    async returnById(id: number) {
      const [row] = await db
        .select({ ret: returns, order: orders, line: orderProducts, reason: returnReasons, member: { firstName: members.firstName, lastName: members.lastName, email: members.email } })
        .from(returns)
        .innerJoin(orders, eq(orders.id, returns.orderId))
        .innerJoin(orderProducts, eq(orderProducts.id, returns.orderProductId))
        .innerJoin(returnReasons, eq(returnReasons.id, returns.returnReasonId))
        .innerJoin(members, eq(members.id, returns.memberId))
        .where(eq(returns.id, id));
      return row ?? null;
    },

    async lockReturn(id: number): Promise<ReturnRow | null> {
      const [row] = await db.select().from(returns).where(eq(returns.id, id)).for('update');
      return row ?? null;
    },

    async filesOf(returnId: number) {
      return db.select({ id: returnFiles.id, field: returnFiles.field, width: returnFiles.width, height: returnFiles.height }).from(returnFiles).where(eq(returnFiles.returnId, returnId)).orderBy(returnFiles.id);
    },

    async file(returnId: number, fileId: number): Promise<{ contentType: string; data: Buffer } | null> {
      const [row] = await db.select({ contentType: returnFiles.contentType, data: returnFiles.data }).from(returnFiles).where(and(eq(returnFiles.returnId, returnId), eq(returnFiles.id, fileId)));
      return row ?? null;
    },

    async stepsOf(returnId: number) {
      return db
        .select({ step: returnSteps, staffName: staff.name })
        .from(returnSteps)
        .leftJoin(staff, eq(staff.id, returnSteps.staffId))
        .where(eq(returnSteps.returnId, returnId))
        .orderBy(returnSteps.at, returnSteps.id);
    },

    // --- part requests --------------------------------------------------------------------------

    async requestCounts(): Promise<Record<string, number>> {
      const rows = await db.select({ status: partRequests.status, n: count() }).from(partRequests).groupBy(partRequests.status);
      return Object.fromEntries(rows.map((row) => [row.status, row.n]));
    },

    async countRequests(statuses: readonly PartRequestRow['status'][] | null, q?: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(partRequests).where(requestWhere(statuses, q));
      return row?.n ?? 0;
    },

    async pageRequests(statuses: readonly PartRequestRow['status'][] | null, limit: number, offset: number, q?: string): Promise<PartRequestRow[]> {
      return db
        .select()
        .from(partRequests)
        .where(requestWhere(statuses, q))
        .orderBy(asc(partRequests.createdAt), asc(partRequests.id))
        .limit(limit)
        .offset(offset);
    },

    async requestById(id: number): Promise<PartRequestRow | null> {
      const [row] = await db.select().from(partRequests).where(eq(partRequests.id, id));
      return row ?? null;
    },

    async lockRequest(id: number): Promise<PartRequestRow | null> {
      const [row] = await db.select().from(partRequests).where(eq(partRequests.id, id)).for('update');
      return row ?? null;
    },

    /** A part by its id, Tag or stock number, with what its page's address is made of. */
    async partByReference(reference: string) {
      const key = reference.trim();
      const byId = /^\d+$/.test(key) ? eq(parts.id, Number(key)) : undefined;
      const [row] = await db
        .select({ id: parts.id, tag: parts.tag, status: parts.status, priceNet: parts.priceNet, partName: parts.partName, make: makes.name, model: models.name, typeName: partTypes.name, typeExternalName: partTypes.externalName })
        .from(parts)
        .innerJoin(makes, eq(makes.id, parts.makeId))
        .innerJoin(models, eq(models.id, parts.modelId))
        .innerJoin(partTypes, eq(partTypes.id, parts.partTypeId))
        .where(sql`(${byId ?? sql`false`} OR upper(${parts.tag}) = ${key.toUpperCase()} OR upper(${parts.stockNumber}) = ${key.toUpperCase()})`)
        .orderBy(parts.id)
        .limit(1);
      return row ?? null;
    },

    /** The member's e-mail and name, for mails about a part request or return. */
    async memberOf(memberId: number) {
      const [row] = await db.select({ email: members.email, firstName: members.firstName, isGuest: members.isGuest }).from(members).where(eq(members.id, memberId));
      return row ?? null;
    },
  };
}

export type SalesRepository = ReturnType<typeof createSalesRepository>;
