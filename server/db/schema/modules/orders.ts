/**
 * Orders and their lines, the discount codes they used, their status changes and shipments.
 * Owned by server/modules/orders: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { PACKAGE_TYPES } from '../../../../src/domain/cart-totals';
import { carts, discountCodes } from './cart';
import { members } from './members';
import { staff } from './back-office/staff';

/**
 * Orders (SPEC §3 Order). One per cart (cart_id unique: a repeated create-order finds it). Totals
 * and addresses are copied at creation, so later changes to prices or addresses never alter it.
 * An unpaid order holds its parts (reserved) until hold_expires_at; then they go back on sale and
 * hold_released_at is stamped.
 */
export const orders = pgTable(
  'orders',
  {
    /** Taken from the sequence before the insert, so the number can be made from it. */
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    /** Random, 192 bits, URL-safe: the order's reference in links. */
    hash: text('hash').notNull().unique(),
    statusId: smallint('status_id').notNull().default(1),
    /** The cart it was made from; null for a replacement sent under a warranty claim (no cart). */
    cartId: integer('cart_id')
      .unique()
      .references(() => carts.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** The session that created it: the owner check of the order-created page. */
    sessionId: text('session_id').notNull(),
    email: text('email').notNull(),
    subTotal: integer('sub_total').notNull(),
    grossSubTotal: integer('gross_sub_total').notNull(),
    amountDiscountThreshold: integer('amount_discount_threshold').notNull(),
    deliveryValue: integer('delivery_value').notNull(),
    commissionValue: integer('commission_value').notNull(),
    taxValue: integer('tax_value').notNull(),
    totalValue: integer('total_value').notNull(),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    discountCodeName: text('discount_code_name'),
    discountCodeAmount: integer('discount_code_amount').notNull().default(0),
    toPay: integer('to_pay').notNull(),
    regionId: integer('region_id').notNull(),
    regionName: text('region_name').notNull(),
    regionPostcode: text('region_postcode').notNull(),
    deliveryId: integer('delivery_id').notNull(),
    deliveryName: text('delivery_name').notNull(),
    packageType: text('package_type', { enum: PACKAGE_TYPES }).notNull(),
    paymentTypeId: smallint('payment_type_id'),
    billingAddress: jsonb('billing_address').notNull(),
    deliveryAddress: jsonb('delivery_address').notNull(),
    commentsDelivery: text('comments_delivery').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    holdReleasedAt: timestamp('hold_released_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_member_idx').on(t.memberId, t.createdAt),
    // The hold release's question: unpaid orders whose hold has run out and is not yet released.
    index('orders_hold_idx').on(t.holdExpiresAt).where(sql`${t.holdReleasedAt} IS NULL AND ${t.paidAt} IS NULL`),
    check('orders_to_pay_check', sql`${t.toPay} >= 0`),
  ],
);

/** A snapshot of each line as ordered: what was bought, with which warranty, at which prices. */
export const orderProducts = pgTable(
  'order_products',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The part's id at the time (no reference: the catalogue can be rebuilt). */
    partId: integer('part_id').notNull(),
    tag: text('tag').notNull(),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    quantity: integer('quantity').notNull(),
    netPrice: integer('net_price').notNull(),
    grossPrice: integer('gross_price').notNull(),
    warrantyId: integer('warranty_id'),
    warrantyName: text('warranty_name').notNull(),
    warrantyPrice: integer('warranty_price').notNull(),
    warrantyGrossPrice: integer('warranty_gross_price').notNull(),
    value: integer('value').notNull(),
    grossValue: integer('gross_value').notNull(),
    taxPercentage: smallint('tax_percentage').notNull(),
  },
  (t) => [index('order_products_order_idx').on(t.orderId), index('order_products_tag_idx').on(t.tag)],
);

/** Which order used which discount code: the usage limit counts these rows. */
export const discountCodeUsages = pgTable(
  'discount_code_usages',
  {
    id: serial('id').primaryKey(),
    discountCodeId: integer('discount_code_id')
      .notNull()
      .references(() => discountCodes.id),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('discount_code_usages_code_idx').on(t.discountCodeId)],
);

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
