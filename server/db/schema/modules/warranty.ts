/**
 * Warranty certificates of paid order lines (issue 32).
 * Owned by server/modules/warranty: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { orderProducts, orders } from './orders';

/**
 * One certificate per order line with a warranty, issued the first time it is asked for. `number`
 * is random (the public page is reached by it alone); `document` is everything the PDF shows,
 * fixed at issue (the part, the vehicle, the term), so the certificate never changes afterwards.
 */
export const warrantyCertificates = pgTable(
  'warranty_certificates',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    orderProductId: integer('order_product_id')
      .notNull()
      .unique()
      .references(() => orderProducts.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The term: from the order's payment for the warranty's days. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    document: jsonb('document').notNull(),
  },
  (t) => [index('warranty_certificates_order_idx').on(t.orderId)],
);
