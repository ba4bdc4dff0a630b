/**
 * The invoices of paid orders.
 * Owned by server/modules/order-history: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders';

/**
 * VAT invoices: one per paid order, numbered without gaps in the order they are issued. `document`
 * is everything the PDF shows, fixed at issue, so the invoice never changes afterwards.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** 1, 2, 3…: taken under a lock at issue, so there are no gaps. */
    sequence: integer('sequence').notNull().unique(),
    number: text('number').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The time of supply (tax point): when the order was paid. */
    suppliedAt: timestamp('supplied_at', { withTimezone: true }).notNull(),
    document: jsonb('document').notNull(),
  },
);
