/**
 * Payments: attempts, the payments taken, providers' events, stored customers and cards, and refunds.
 * Owned by server/modules/payments: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { inList } from '../columns';
import { members } from './members';
import { orders } from './orders';
import { returns } from './returns';
import { staff } from './back-office/staff';

/** The sandbox adapters report as the provider they imitate, so rows look the same either way. */
export const PAYMENT_PROVIDERS = ['stripe', 'paypal'] as const;

export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** SPEC §9 payment methods. */
export const PAYMENT_METHODS = ['STRIPE_CARD', 'STRIPE_GOOGLE_PAY', 'STRIPE_APPLE_PAY', 'PAYPAL'] as const;

/**
 * One try at paying an order with a provider: a Stripe PaymentIntent or a PayPal order. `attempt`
 * numbers an order's tries, and (order, provider, attempt) makes the idempotency key the provider
 * is sent, so a retried create never makes a second intent for the same try.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    attempt: smallint('attempt').notNull(),
    /** pi_… or the PayPal order id. */
    reference: text('reference').notNull().unique(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** The saved card this try pays with, when the member chose one. */
    memberCardId: integer('member_card_id'),
    saveCard: boolean('save_card').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_attempts_order_key').on(t.orderId, t.provider, t.attempt),
    check('payment_attempts_provider_check', sql`${t.provider} IN (${inList(PAYMENT_PROVIDERS)})`),
  ],
);

export const PAYMENT_STATUSES = ['succeeded', 'refunded', 'partially_refunded'] as const;

/** The money an order was paid with: at most one row per order and per provider reference. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The PaymentIntent id, or the PayPal capture id. */
    providerReference: text('provider_reference').notNull().unique(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('succeeded'),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_provider_check', sql`${t.provider} IN (${inList(PAYMENT_PROVIDERS)})`),
    check('payments_method_check', sql`${t.method} IN (${inList(PAYMENT_METHODS)})`),
    check('payments_status_check', sql`${t.status} IN (${inList(PAYMENT_STATUSES)})`),
    check('payments_refund_check', sql`${t.refundedAmount} >= 0 AND ${t.refundedAmount} <= ${t.amount}`),
  ],
);

/**
 * Every webhook event (and browser confirmation) applied, keyed by the provider's event id, so a
 * duplicate delivery is recognised and does nothing. `outcome` says what it did: applied,
 * duplicate, ignored, mismatch (amount or currency not the order's: left unpaid, alerted).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: integer('order_id'),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('payment_events_key').on(t.provider, t.eventId), index('payment_events_order_idx').on(t.orderId)],
);

/** The provider's customer for a member (a Stripe Customer), made the first time they save a card. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    customerReference: text('customer_reference').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.provider] })],
);

/** SPEC §3 Member card: a saved card (the provider keeps the number; we keep what the tile shows). */
export const memberCards = pgTable(
  'member_cards',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** pm_… */
    paymentMethodReference: text('payment_method_reference').notNull().unique(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_cards_member_idx').on(t.memberId, t.id)],
);

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
