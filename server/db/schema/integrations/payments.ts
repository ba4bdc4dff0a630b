/**
 * The payment providers' sandbox (local fakes of Stripe and PayPal).
 * Owned by server/integrations/payments: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { PAYMENT_PROVIDERS } from '../modules/payments';

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
