/**
 * Payments (issue 14): each try at paying an order, the one payment an order may have, every
 * provider event the shop has seen, members' saved cards and provider customers, the VAT invoices
 * issued for paid orders, and the state of the embedded payment sandbox. Amounts are integer pence.
 * Re-exported by schema.ts, from which drizzle-kit generates the migrations.
 *
 * "Paid exactly once" rests on three unique keys: payments.order_id (one payment per order),
 * payments.provider_reference (one row per PaymentIntent or PayPal capture) and
 * payment_events (provider, event_id) (an event is applied once, however often it is delivered).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, orders } from './checkout-schema';

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

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

// ---------------------------------------------------------------------------------------------
// The embedded payment sandbox: its own state, as a provider keeps it on its side.

/** A sandbox PaymentIntent, with Stripe's statuses. */
export const sandboxPaymentIntents = pgTable('sandbox_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  idempotencyKey: text('idempotency_key').unique(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  metadata: jsonb('metadata').notNull().default({}),
  customerReference: text('customer_reference'),
  paymentMethodReference: text('payment_method_reference'),
  setupFutureUsage: boolean('setup_future_usage').notNull().default(false),
  lastErrorCode: text('last_error_code'),
  lastErrorMessage: text('last_error_message'),
  amountRefunded: integer('amount_refunded').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** A sandbox card (PaymentMethod): what the number does when charged, never the number itself. */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  customerReference: text('customer_reference'),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: smallint('exp_month').notNull(),
  expYear: smallint('exp_year').notNull(),
  /** succeeds, three_d_secure, declined, insufficient_funds. */
  behaviour: text('behaviour').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** A sandbox PayPal order, with Orders v2 statuses. */
export const sandboxPaypalOrders = pgTable('sandbox_paypal_orders', {
  id: text('id').primaryKey(),
  requestId: text('request_id').unique(),
  status: text('status').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  customId: text('custom_id').notNull(),
  invoiceId: text('invoice_id'),
  /** What the buyer chose at approval: approve, or pay with an instrument that is declined. */
  payerChoice: text('payer_choice'),
  captureId: text('capture_id'),
  captureStatus: text('capture_status'),
  /** The PayPal-Request-Id of the capture that completed it: the same id retried answers the same capture. */
  captureRequestId: text('capture_request_id'),
  /** What has been refunded of the capture so far (PayPal's total_refunded_amount). */
  amountRefunded: integer('amount_refunded').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Webhook events the sandbox owes the shop, delivered (and retried) like a provider's. */
export const sandboxWebhookDeliveries = pgTable(
  'sandbox_webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull().unique(),
    payload: text('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    deliverAfter: timestamp('deliver_after', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_webhook_deliveries_due_idx').on(t.deliverAfter).where(sql`${t.deliveredAt} IS NULL`)],
);
