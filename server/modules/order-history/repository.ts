/**
 * The SQL of order history and invoices: a visitor's orders with their lines, and the invoices
 * table (issue 14). Every function runs on the handle it was built with, so issuing an invoice
 * inside the payment's transaction takes its lock and writes its row in that transaction.
 */
import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { invoices, orderProducts, orders } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderProducts.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The advisory lock key that serialises invoice numbering (any constant unique to this use):
 * 'INVOICE' read as ASCII digits, so nobody picks it by accident.
 */
const INVOICE_NUMBERING_LOCK = 7378_8679_7367_69;

/** Whose orders: the visitor's member, or orders placed from this session (a guest's). */
export interface OrderOwner {
  sessionId: string;
  memberId: number | null;
}

export type OrderSort = 'created' | 'number' | 'to_pay';

const ownedBy = (owner: OrderOwner): SQL => {
  const bySession = eq(orders.sessionId, owner.sessionId);
  return owner.memberId === null ? bySession : (or(bySession, eq(orders.memberId, owner.memberId)) as SQL);
};

export function createOrderHistoryRepository(db: Database) {
  return {
    async findByHash(hash: string): Promise<OrderRow | null> {
      const [order] = await db.select().from(orders).where(eq(orders.hash, hash));
      return order ?? null;
    },

    async findById(id: number): Promise<OrderRow | null> {
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      return order ?? null;
    },

    lines(orderId: number): Promise<OrderLineRow[]> {
      return db.select().from(orderProducts).where(eq(orderProducts.orderId, orderId)).orderBy(orderProducts.id);
    },

    async invoiceOfOrder(orderId: number): Promise<InvoiceRow | null> {
      const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
      return invoice ?? null;
    },

    /**
     * Held to the end of the transaction: the next number is read and written by one issuer at a
     * time, and a rolled-back issue leaves no gap because the number comes from the rows, not a
     * sequence (a PostgreSQL sequence is never rolled back).
     */
    async lockNumbering(): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${sql.raw(String(INVOICE_NUMBERING_LOCK))})`);
    },

    async nextSequence(): Promise<number> {
      const [row] = await rowsOf<{ next: number }>(db, sql`SELECT COALESCE(MAX(sequence), 0)::int + 1 AS next FROM invoices`);
      if (!row) throw new Error('no next invoice sequence');
      return row.next;
    },

    async insertInvoice(invoice: Omit<typeof invoices.$inferInsert, 'id'>): Promise<InvoiceRow> {
      const [row] = await db.insert(invoices).values(invoice).returning();
      if (!row) throw new Error('the invoice was not written');
      return row;
    },

    /** How many orders the owner has (only NOT_PAID ones with `statusId`). */
    async countOwned(owner: OrderOwner, statusId: number | null): Promise<number> {
      const where = statusId === null ? ownedBy(owner) : and(ownedBy(owner), eq(orders.statusId, statusId));
      const [row] = await db.select({ total: count() }).from(orders).where(where);
      return row?.total ?? 0;
    },

    /**
     * One page of the owner's orders with their lines, in one statement: the page of orders is a
     * subquery and its lines are joined to it, so a page costs one round trip whatever its size.
     * Ties in the sort fall back to the id, so pages never overlap.
     */
    async pageOwned(
      owner: OrderOwner,
      options: { statusId: number | null; sort: OrderSort; direction: 'asc' | 'desc'; offset: number; limit: number },
    ): Promise<{ order: OrderRow; lines: OrderLineRow[] }[]> {
      const order = options.direction === 'asc' ? asc : desc;
      // Order numbers are 'PF-' and the zero-padded id, so the id sorts them as numbers would.
      const column = options.sort === 'to_pay' ? orders.toPay : options.sort === 'number' ? orders.id : orders.createdAt;
      const where = options.statusId === null ? ownedBy(owner) : and(ownedBy(owner), eq(orders.statusId, options.statusId));
      const page = db
        .select({ id: orders.id })
        .from(orders)
        .where(where)
        .orderBy(order(column), order(orders.id))
        .limit(options.limit)
        .offset(options.offset)
        .as('page');
      const rows = await db
        .select({ order: orders, line: orderProducts })
        .from(orders)
        .innerJoin(page, eq(page.id, orders.id))
        .leftJoin(orderProducts, eq(orderProducts.orderId, orders.id))
        .orderBy(order(column), order(orders.id), asc(orderProducts.id));
      const byId = new Map<number, { order: OrderRow; lines: OrderLineRow[] }>();
      for (const row of rows) {
        let entry = byId.get(row.order.id);
        if (!entry) {
          entry = { order: row.order, lines: [] };
          byId.set(row.order.id, entry);
        }
        if (row.line) entry.lines.push(row.line);
      }
      return [...byId.values()];
    },
  };
}
