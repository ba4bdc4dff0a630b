/**
 * The back office's sales work: what staff did to orders (each status change, who and when), the
 * carrier and tracking number of a dispatched order, refunds of paid orders (each under its own
 * idempotency key, so a refund asked twice is made once), and the steps of returns. Re-exported by
 * schema.ts, from which drizzle-kit generates the migrations. Amounts are integer pence.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { RETURN_STATUSES } from '../../src/domain/orders';
import { orders } from './checkout-schema';
import { returns } from './accounts-schema';
import { staff } from './staff-schema';

/** An order's history: every change of its status, by whom (null: the shop itself) and when. */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatusId: smallint('from_status_id').notNull(),
    toStatusId: smallint('to_status_id').notNull(),
    staffId: integer('staff_id').references(() => staff.id),
    /** What came with the change: a dispatch's carrier and tracking number, a refund's amount. */
    details: jsonb('details').notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('order_status_changes_order_idx').on(t.orderId, t.at)],
);

/** How a dispatched order travels: one row per order, written by the dispatch step. */
export const orderShipments = pgTable('order_shipments', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  carrier: text('carrier').notNull(),
  trackingNumber: text('tracking_number').notNull(),
  dispatchedAt: timestamp('dispatched_at', { withTimezone: true }).notNull(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
});

export const REFUND_STATES = ['pending', 'succeeded'] as const;

/**
 * A refund of (part of) an order's payment. The row is written 'pending' under the order's lock
 * before the provider is asked, so a second request with the same key finds it and a second with
 * another key counts it against what is left; it becomes 'succeeded' with the provider's reference,
 * or is deleted when the provider refuses. One left pending (the process stopped between the
 * provider and the record) is completed by the reconciler (back-office-sales/refund-reconciler.ts).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The return this refund settles, when it settles one. */
    returnId: integer('return_id').references(() => returns.id),
    amount: integer('amount').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    state: text('state', { enum: REFUND_STATES }).notNull().default('pending'),
    /** re_… for Stripe, the PayPal refund id. */
    providerReference: text('provider_reference'),
    staffId: integer('staff_id').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * A refund still pending when it should long be made (its process died, or the database failed,
     * after the provider was asked) is asked about again by the reconciler: no sooner than this. A
     * process stamps it when it takes the refund, so no other process asks at the same time; null:
     * as soon as it is overdue.
     */
    checkAfter: timestamp('check_after', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_refunds_key').on(t.idempotencyKey),
    index('order_refunds_order_idx').on(t.orderId),
    // The reconciler's look for overdue refunds reads only the few pending ones.
    index('order_refunds_pending_idx').on(t.createdAt).where(sql`${t.state} = 'pending'`),
    check('order_refunds_amount_check', sql`${t.amount} > 0`),
    check('order_refunds_state_check', sql`${t.state} IN ('pending', 'succeeded')`),
  ],
);

/**
 * A return's history as staff moved it (SPEC §4): the status it left and reached, and what came
 * with the step — an approval's instructions and label or address, a rejection's reason.
 */
export const returnSteps = pgTable(
  'return_steps',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: RETURN_STATUSES }).notNull(),
    toStatus: text('to_status', { enum: RETURN_STATUSES }).notNull(),
    details: jsonb('details').notNull().default({}),
    staffId: integer('staff_id').references(() => staff.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('return_steps_return_idx').on(t.returnId, t.at)],
);

/**
 * The embedded payment sandbox's refunds (as a provider keeps them): each made once per
 * idempotency key (Stripe's Idempotency-Key, PayPal's PayPal-Request-Id), listed on the sandbox's
 * page so a refund made from the back office can be seen on the provider's side.
 */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: ['stripe', 'paypal'] }).notNull(),
  /** The PaymentIntent (pi_…) or PayPal capture refunded. */
  paymentReference: text('payment_reference').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
